/**
 * GetHighestPriceListingForCollectible's `filter` (createdBy, marketplace, currencies) applied to an order:
 * each non-empty list keeps orders whose maker, marketplace or currency is in it; an absent or empty list is
 * no clause. A clause is judged only when the order states the field it reads.
 */
import { includesAddress } from './identifiers.js';
import { textOf, type OrderFields } from './orders.js';

export interface ListingFilter {
  readonly createdBy?: readonly string[];
  readonly marketplace?: readonly string[];
  readonly currencies?: readonly string[];
}

export interface ClauseMismatch {
  /** The filter field. */
  readonly clause: keyof ListingFilter;
  /** The order field it reads. */
  readonly field: string;
  readonly value: string;
  readonly list: readonly string[];
}

const CLAUSES: readonly { clause: keyof ListingFilter; field: string; addresses: boolean }[] = [
  { clause: 'createdBy', field: 'createdBy', addresses: true },
  { clause: 'marketplace', field: 'marketplace', addresses: false },
  { clause: 'currencies', field: 'priceCurrencyAddress', addresses: true },
];

/** The clauses the order visibly breaks. */
export function filterMismatches(order: OrderFields, filter: ListingFilter): ClauseMismatch[] {
  return CLAUSES.flatMap(({ clause, field, addresses }) => {
    const list = filter[clause];
    const value = textOf(order, field);
    if (!list || list.length === 0 || value === undefined) return [];
    const kept = addresses ? includesAddress(list, value) : list.includes(value);
    return kept ? [] : [{ clause, field, value, list }];
  });
}

/** Whether the order passes every clause, judged only on fields it states (undefined: cannot tell). */
export function passesFilter(order: OrderFields, filter: ListingFilter): boolean | undefined {
  for (const { clause, field } of CLAUSES) {
    const list = filter[clause];
    if (list && list.length > 0 && textOf(order, field) === undefined) return undefined;
  }
  return filterMismatches(order, filter).length === 0;
}

export function hasClauses(filter: ListingFilter): boolean {
  return CLAUSES.some(({ clause }) => (filter[clause]?.length ?? 0) > 0);
}
