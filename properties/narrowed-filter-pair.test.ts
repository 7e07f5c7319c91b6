import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GetCountOfFilteredCollectibles } from '../src/contract/operations.js';
import type { CollectiblesFilterT } from '../src/contract/resources.js';
import { validators } from '../src/validation/validators.js';
import { NARROWINGS, narrowedFilterPair, type NarrowedFilterPairConstraints } from './narrowed-filter-pair.js';
import { RUNS, SEED } from '../test/properties/seed.js';

const KNOWLEDGE: NarrowedFilterPairConstraints = {
  propertyFilters: [
    { name: 'level', type: 'INT', min: 1, max: 99, values: null },
    { name: 'rarity', type: 'STRING', min: null, max: null, values: ['common', 'rare', 'epic'] },
    { name: 'color', type: 'STRING', values: ['red'] },
    { name: 'broken', type: 'INT', min: 9, max: 1 },
    { type: 'STRING', values: ['nameless'] },
  ],
  accounts: ['0x1111111111111111111111111111111111111111', '0x2222222222222222222222222222222222222222'],
  currencies: ['0x3333333333333333333333333333333333333333'],
};

type Clause = NonNullable<CollectiblesFilterT['properties']>[number];

/** `narrow` keeps only what `wide` keeps, whatever the data: the definition the generator promises. */
function expectNarrower(wide: CollectiblesFilterT, narrow: CollectiblesFilterT): void {
  expect(!narrow.includeEmpty || wide.includeEmpty).toBe(true);
  for (const key of ['marketplaces', 'inCurrencyAddresses', 'inAccounts'] as const) {
    const [w, n] = [wide[key] as string[] | undefined, narrow[key] as string[] | undefined];
    if (w === undefined) continue;
    expect(n, key).toBeDefined();
    expect(n!.length).toBeGreaterThan(0);
    for (const item of n!) expect(w).toContain(item);
  }
  const byName = new Map((narrow.properties ?? []).map((p) => [p.name, p]));
  for (const w of wide.properties ?? []) {
    const n = byName.get(w.name) as Clause;
    expect(n, w.name).toBeDefined();
    if (w.type === 'INT') {
      expect(n.min!).toBeGreaterThanOrEqual(w.min!);
      expect(n.max!).toBeLessThanOrEqual(w.max!);
      expect(n.min!).toBeLessThanOrEqual(n.max!);
    } else {
      expect(n.values!.length).toBeGreaterThan(0);
      for (const v of n.values!) expect(w.values).toContain(v);
    }
  }
}

describe('narrowedFilterPair()', () => {
  it('gives requests that pass the request schema, the narrow filter keeping only what the wide one keeps', () => {
    for (const constraints of [KNOWLEDGE, {}]) {
      fc.assert(
        fc.property(narrowedFilterPair(constraints), ({ side, wide, narrow, narrowings }) => {
          expect(narrowings.length).toBeGreaterThan(0);
          for (const filter of [wide, narrow]) {
            const body = { side, contractAddress: '0x4444444444444444444444444444444444444444', filter };
            expect(validators().must(GetCountOfFilteredCollectibles.request.$id!, body)).toEqual([]);
            expect(validators().should(GetCountOfFilteredCollectibles.request.$id!, body, 'request')).toEqual([]);
            expect(filter.marketplaces ?? []).not.toContain('unknown');
          }
          expectNarrower(wide, narrow);
        }),
        { seed: SEED, numRuns: RUNS * 4 },
      );
    }
  });

  it('uses every narrowing, and only the properties it was told of (with a usable name and range)', () => {
    const pairs = fc.sample(narrowedFilterPair(KNOWLEDGE), { seed: SEED, numRuns: 300 });
    expect(new Set(pairs.flatMap((p) => p.narrowings))).toEqual(new Set(NARROWINGS));
    const names = new Set(pairs.flatMap((p) => [...(p.wide.properties ?? []), ...(p.narrow.properties ?? [])].map((c) => c.name)));
    expect(names).toEqual(new Set(['level', 'rarity', 'color']));
  });

  it('adds no property filter when none is known', () => {
    for (const pair of fc.sample(narrowedFilterPair({}), { seed: SEED, numRuns: 100 })) {
      expect(pair.narrowings).not.toContain('add-property-filter');
      expect(pair.narrow.properties).toBeUndefined();
    }
  });
});
