/**
 * Pairs of CollectiblesFilters where the second is a narrowing of the first: whatever matches `narrow` matches
 * `wide`, whatever a server's data, so `count(narrow) <= count(wide)` (interface.md: "count collectibles that
 * match a filter"). Each narrowing is named; a pair applies one or several. Values come from what the collection
 * is known to have (its TokenCollectionFilters answer, the accounts and currencies seen on its orders) plus one
 * address nobody uses, so clauses hit real data and miss it.
 *
 * Only narrowings that hold under any reasonable reading of the filter are generated: an "in" list that is
 * absent or empty is no clause, so a list is only ever shrunk to a non-empty subset (never to []), and the
 * `unknown` marketplace (the enum's zero value, which a server may drop from a list) is never used.
 */
import fc from 'fast-check';
import { MARKETPLACE_KINDS } from '../src/contract/enums.js';
import type { CollectiblesFilterT } from '../src/contract/resources.js';
import { asClause, intRange, type PropertyClause } from '../src/semantics/property-filters.js';
import { address } from './address.js';

export const NARROWINGS = [
  'add-property-filter',
  'narrow-int-range',
  'fewer-property-values',
  'fewer-marketplaces',
  'fewer-currencies',
  'add-in-accounts',
  'exclude-empty',
] as const;
export type NarrowingName = (typeof NARROWINGS)[number];

export interface NarrowedFilterPairConstraints {
  /** The collection's property filters as TokenCollectionFilters returned them. */
  readonly propertyFilters?: readonly Readonly<Record<string, unknown>>[];
  /** Accounts seen on the collection (order makers). */
  readonly accounts?: readonly string[];
  /** Currencies seen on the collection's orders. */
  readonly currencies?: readonly string[];
}

export interface NarrowedFilterPair {
  readonly side: 'listing' | 'offer';
  readonly wide: CollectiblesFilterT;
  readonly narrow: CollectiblesFilterT;
  readonly narrowings: readonly NarrowingName[];
}

type Filter = CollectiblesFilterT;
type Clause = PropertyClause;

/** A property a clause can be made of: an integer range, or a list of values. */
type Source =
  | { readonly kind: 'range'; readonly name: string; readonly min: number; readonly max: number }
  | { readonly kind: 'values'; readonly name: string; readonly type: Clause['type']; readonly values: readonly unknown[] };

interface Pools {
  readonly sources: readonly Source[];
  readonly accounts: readonly string[];
  readonly currencies: readonly string[];
}

/** Real marketplaces only (see the module comment on `unknown`). */
const KINDS = MARKETPLACE_KINDS.filter((k) => k !== 'unknown');

export function narrowedFilterPair(constraints: NarrowedFilterPairConstraints = {}): fc.Arbitrary<NarrowedFilterPair> {
  const sources = sourcesOf(constraints.propertyFilters ?? []);
  const spare = fc.tuple(address({ case: 'lower' }), address({ case: 'lower' }));
  return spare.chain(([spareAccount, spareCurrency]) => {
    const pools: Pools = {
      sources,
      accounts: unique([...(constraints.accounts ?? []), spareAccount]),
      currencies: unique([...(constraints.currencies ?? []), spareCurrency]),
    };
    return fc.record({ side: fc.constantFrom('listing' as const, 'offer' as const), wide: wideFilter(pools) }).chain(({ side, wide }) => {
      const applicable = NARROWINGS.filter((name) => NARROW[name](wide, pools) !== undefined);
      return fc
        .subarray(applicable, { minLength: 1 })
        .chain((names) =>
          names
            .reduce<fc.Arbitrary<Filter>>(
              (filter, name) => filter.chain((f) => NARROW[name](f, pools) ?? fc.constant(f)),
              fc.constant(wide),
            )
            .map((narrow) => ({ side, wide, narrow, narrowings: names })),
        );
    });
  });
}

function sourcesOf(filters: readonly Readonly<Record<string, unknown>>[]): Source[] {
  const seen = new Set<string>();
  return filters.flatMap((filter): Source[] => {
    const clause = asClause(filter);
    if (!clause || seen.has(clause.name)) return [];
    seen.add(clause.name);
    const range = intRange(filter);
    if (range && Number.isSafeInteger(range.min) && Number.isSafeInteger(range.max))
      return [{ kind: 'range', name: clause.name, ...range }];
    if (clause.type !== 'INT' && clause.values && clause.values.length > 0)
      return [{ kind: 'values', name: clause.name, type: clause.type, values: clause.values }];
    return [];
  });
}

function clauseOf(source: Source): fc.Arbitrary<Clause> {
  if (source.kind === 'range') {
    return fc
      .tuple(fc.integer({ min: source.min, max: source.max }), fc.integer({ min: source.min, max: source.max }))
      .map(([a, b]) => ({ name: source.name, type: 'INT' as const, min: Math.min(a, b), max: Math.max(a, b) }));
  }
  return fc
    .subarray([...source.values], { minLength: 1, maxLength: Math.min(4, source.values.length) })
    .map((values) => ({ name: source.name, type: source.type, values }));
}

function wideFilter(pools: Pools): fc.Arbitrary<Filter> {
  const model: Record<string, fc.Arbitrary<unknown>> = {
    includeEmpty: fc.boolean(),
    marketplaces: fc.subarray([...KINDS], { minLength: 2 }),
    inCurrencyAddresses: fc.subarray([...pools.currencies], { minLength: 1 }),
    inAccounts: fc.subarray([...pools.accounts], { minLength: 1 }),
    ...(pools.sources.length > 0
      ? {
          properties: fc
            .subarray([...pools.sources], { minLength: 1, maxLength: Math.min(2, pools.sources.length) })
            .chain((s) => fc.tuple(...s.map(clauseOf))),
        }
      : {}),
  };
  // The cast is the model's promise (every key a CollectiblesFilter field), checked by the generator's test.
  return fc.record(model, { requiredKeys: ['includeEmpty'] }) as unknown as fc.Arbitrary<Filter>;
}

/** Each narrowing: an arbitrary of narrower filters, or undefined when it does not apply to this filter. */
const NARROW: Record<NarrowingName, (f: Filter, pools: Pools) => fc.Arbitrary<Filter> | undefined> = {
  'add-property-filter': (f, pools) => {
    const used = new Set((f.properties ?? []).map((p) => p.name));
    const unused = pools.sources.filter((s) => !used.has(s.name));
    if (unused.length === 0) return undefined;
    return fc
      .constantFrom(...unused)
      .chain(clauseOf)
      .map((clause) => ({ ...f, properties: [...(f.properties ?? []), clause] }));
  },
  'narrow-int-range': (f) => {
    const ranged = (f.properties ?? []).flatMap((p, i) =>
      p.type === 'INT' && typeof p.min === 'number' && typeof p.max === 'number' ? [i] : [],
    );
    if (ranged.length === 0) return undefined;
    return fc.constantFrom(...ranged).chain((i) => {
      const clause = f.properties![i]!;
      const [lo, hi] = [clause.min as number, clause.max as number];
      return fc
        .tuple(fc.integer({ min: lo, max: hi }), fc.integer({ min: lo, max: hi }))
        .map(([a, b]) => ({ ...f, properties: replaceAt(f.properties!, i, { ...clause, min: Math.min(a, b), max: Math.max(a, b) }) }));
    });
  },
  'fewer-property-values': (f) => {
    const listed = (f.properties ?? []).flatMap((p, i) => (p.type !== 'INT' && (p.values?.length ?? 0) >= 2 ? [i] : []));
    if (listed.length === 0) return undefined;
    return fc.constantFrom(...listed).chain((i) => {
      const clause = f.properties![i]!;
      return properSubset(clause.values!).map((values) => ({ ...f, properties: replaceAt(f.properties!, i, { ...clause, values }) }));
    });
  },
  'fewer-marketplaces': (f) => shrinkList(f, 'marketplaces', [...KINDS]),
  'fewer-currencies': (f, pools) => shrinkList(f, 'inCurrencyAddresses', pools.currencies),
  'add-in-accounts': (f, pools) => shrinkList(f, 'inAccounts', pools.accounts),
  'exclude-empty': (f) => (f.includeEmpty ? fc.constant({ ...f, includeEmpty: false }) : undefined),
};

/** An "in" list: absent → a non-empty list from the pool; with two or more entries → a non-empty proper subset. */
function shrinkList<K extends 'marketplaces' | 'inCurrencyAddresses' | 'inAccounts'>(
  f: Filter,
  key: K,
  pool: readonly NonNullable<Filter[K]>[number][],
): fc.Arbitrary<Filter> | undefined {
  const current = f[key] as readonly string[] | undefined;
  if (current === undefined || current.length === 0) {
    return pool.length === 0 ? undefined : fc.subarray([...pool], { minLength: 1 }).map((list) => ({ ...f, [key]: list }));
  }
  return current.length >= 2 ? properSubset(current).map((list) => ({ ...f, [key]: list })) : undefined;
}

function properSubset<T>(items: readonly T[]): fc.Arbitrary<T[]> {
  return fc.subarray([...items], { minLength: 1, maxLength: items.length - 1 });
}

function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((x, i) => (i === index ? item : x));
}

function unique(addresses: readonly string[]): string[] {
  const seen = new Set<string>();
  return addresses.filter((a) => {
    const key = a.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
