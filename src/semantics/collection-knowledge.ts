/**
 * What a generator may use about a collection, learnt from answers rather than assumed: the property
 * filters it has, the accounts that make its orders, the currencies they are priced in.
 */
import { textOf, type OrderFields } from './orders.js';

export interface CollectionKnowledge {
  readonly propertyFilters: readonly Readonly<Record<string, unknown>>[];
  readonly accounts: readonly string[];
  readonly currencies: readonly string[];
}

export function collectionKnowledge(
  propertyFilters: readonly Readonly<Record<string, unknown>>[] | undefined,
  orders: readonly OrderFields[],
): CollectionKnowledge {
  const values = (field: string) => [
    ...new Set(orders.map((o) => textOf(o, field)?.toLowerCase()).filter((v): v is string => v !== undefined)),
  ];
  return { propertyFilters: propertyFilters ?? [], accounts: values('createdBy'), currencies: values('priceCurrencyAddress') };
}
