/**
 * Filters of GetHighestPriceListingForCollectible (`createdBy`, `marketplace`, `currencies`), built around a
 * listing the server already answered (`matching`): each clause is absent, keeps that listing's own value,
 * keeps only another value, or keeps both. Half the filters keep the listing (every clause names its value),
 * half exclude it (some clause names only another value), so a run asks filters that must find the listing
 * and filters that must not. Values are sent exactly as the server wrote them (the document promises no
 * case-insensitive matching); other addresses are lower-case and fresh; `unknown` is never used as a
 * marketplace (a server may read the zero value as no clause). At least one clause is always present.
 */
import fc from 'fast-check';
import { MARKETPLACE_KINDS } from '../src/contract/enums.js';
import type { ListingFilter } from '../src/semantics/listing-filter.js';
import { address } from './address.js';

export interface ListingFilterConstraints {
  /** The listing's own maker, marketplace and currency, when known. */
  readonly matching?: { readonly createdBy?: string; readonly marketplace?: string; readonly currency?: string };
  /**
   * Makers and currencies seen elsewhere in the collection: "another value" is drawn from these half the time,
   * so a filter can name a value that has listings of its own rather than only a fresh address.
   */
  readonly seen?: { readonly accounts?: readonly string[]; readonly currencies?: readonly string[] };
}

type Choice = 'absent' | 'own' | 'other' | 'both';

const KINDS = MARKETPLACE_KINDS.filter((k) => k !== 'unknown');
const CLAUSES = ['createdBy', 'marketplace', 'currencies'] as const;

export function listingFilter(constraints: ListingFilterConstraints = {}): fc.Arbitrary<ListingFilter> {
  const match = constraints.matching ?? {};
  const own = { createdBy: match.createdBy, marketplace: match.marketplace, currencies: match.currency };
  // A keeping filter usually has every clause, so the listing's own values are exercised together. Drawn as an
  // index (absent 1 : own 2 : both 2) that shrinks towards 0, so a counterexample sheds a clause, then the
  // other value of a clause ('both' to 'own'): a choice between constants (fc.oneof) never shrinks across them.
  const keeping = fc.integer({ min: 0, max: 4 }).map((i): Choice => (i === 0 ? 'absent' : i <= 2 ? 'own' : 'both'));
  const any = fc.constantFrom<Choice>('absent', 'own', 'other', 'both');
  const choices = fc
    .oneof(
      fc.tuple(keeping, keeping, keeping),
      fc.tuple(any, any, any).filter((t) => t.includes('other')),
    )
    .filter((t) => t.some((c) => c !== 'absent'));
  const others = fc.record({
    createdBy: otherAddress(own.createdBy, constraints.seen?.accounts),
    marketplace: fc.constantFrom(...KINDS.filter((k) => k !== own.marketplace)),
    currencies: otherAddress(own.currencies, constraints.seen?.currencies),
  });
  return fc.tuple(choices, others).map(([picked, other]) => {
    const filter: Record<string, string[]> = {};
    CLAUSES.forEach((clause, i) => {
      const value = own[clause];
      // Without a known own value, a clause can only name another one.
      const choice = value === undefined && picked[i] !== 'absent' ? 'other' : picked[i];
      if (choice === 'own') filter[clause] = [value!];
      if (choice === 'other') filter[clause] = [other[clause]];
      if (choice === 'both') filter[clause] = [other[clause], value!];
    });
    return filter as ListingFilter;
  });
}

/**
 * The filter that names the listing's own value in every clause it has one for: it must find that listing (or
 * one priced the same), whatever else the collection holds. Undefined when no value of the listing is known.
 */
export function keepingFilter(matching: ListingFilterConstraints['matching'] = {}): ListingFilter | undefined {
  const own = { createdBy: matching.createdBy, marketplace: matching.marketplace, currencies: matching.currency };
  const filter: Record<string, string[]> = {};
  for (const clause of CLAUSES) if (own[clause] !== undefined) filter[clause] = [own[clause]];
  return Object.keys(filter).length === 0 ? undefined : (filter as ListingFilter);
}

function otherAddress(own: string | undefined, seen: readonly string[] = []): fc.Arbitrary<string> {
  const fresh = address({ case: 'lower' }).filter((a) => a !== own?.toLowerCase());
  const known = seen.filter((a) => a.toLowerCase() !== own?.toLowerCase());
  return known.length === 0 ? fresh : fc.oneof(fc.constantFrom(...known), fresh);
}
