/**
 * What the Marketplace read operations compute over a seeded collection: which collectibles a
 * CollectiblesFilter keeps, which orders are open, the floor and the highest listing. Every filter clause only
 * removes candidates, so narrowing a filter can never raise a count (a property the suite checks).
 */
import type { OrderSide } from '../../contract/enums.js';
import type { CollectiblesFilterT } from '../../contract/resources.js';
import { madeOnce } from '../../made-once.js';
import type { Collection, NetworkCatalog, OrderRecord, Token } from '../data/catalog.js';

/** GetHighestPriceListingForCollectible's own filter shape (interface.md: createdBy, marketplace, currencies). */
export interface ListingFilter {
  readonly createdBy?: readonly string[];
  readonly marketplace?: readonly string[];
  readonly currencies?: readonly string[];
}

export function findCollection(catalog: NetworkCatalog, address: string | undefined): Collection | undefined {
  if (!address) return undefined;
  const wanted = address.toLowerCase();
  return catalog.collections.find((c) => c.address === wanted);
}

const DECIMAL = /^[0-9]+$/;

/** Token IDs compare as integers when they are decimal ("007" is token 7), else as text. */
export function sameTokenId(a: string, b: string): boolean {
  if (a === b) return true;
  return DECIMAL.test(a) && DECIMAL.test(b) && BigInt(a) === BigInt(b);
}

/** What two token IDs share exactly when sameTokenId holds: a decimal ID's integer (digits only), else the text. */
function tokenKey(tokenId: string): string {
  return DECIMAL.test(tokenId) ? BigInt(tokenId).toString() : tokenId;
}

export function isOpen(order: OrderRecord): boolean {
  return order.status === 'active' && order.quantityRemaining > 0n;
}

/**
 * A collection's open orders by token (tokenKey), in the collection's order. Seeded orders never change, and a
 * filter over collectibles asks for every token's orders: grouped once instead of scanning all orders per token.
 */
const openOrdersByToken = new WeakMap<Collection, ReadonlyMap<string, readonly OrderRecord[]>>();

/** Open orders of a token; side `unknown` (the enum's zero value) means either side. */
export function openOrders(collection: Collection, tokenId: string, side: OrderSide): OrderRecord[] {
  const byToken = madeOnce(openOrdersByToken, collection, () => {
    const grouped = new Map<string, OrderRecord[]>();
    for (const order of collection.orders) if (isOpen(order)) madeOnce(grouped, tokenKey(order.tokenId), () => []).push(order);
    return grouped;
  });
  const open = byToken.get(tokenKey(tokenId)) ?? [];
  return open.filter((o) => side === 'unknown' || o.side === side);
}

/** The clauses of CollectiblesFilter about the collectible itself (metadata and owner). */
export function tokenMatches(token: Token, filter: CollectiblesFilterT | undefined): boolean {
  if (!filter) return true;
  if (filter.searchText && !token.name.toLowerCase().includes(filter.searchText.toLowerCase())) return false;
  if (!inList(token.owner, filter.inAccounts, true) || !inList(token.owner, filter.notInAccounts, false)) return false;
  for (const property of filter.properties ?? []) {
    const value = (token.properties as unknown as Record<string, unknown>)[property.name];
    if (value === undefined) return false; // no collectible of this collection has that property
    if (property.type === 'INT') {
      if (typeof value !== 'number') return false;
      if (property.min !== undefined && property.min !== null && value < property.min) return false;
      if (property.max !== undefined && property.max !== null && value > property.max) return false;
    }
    if (property.values && property.values.length > 0 && !property.values.some((v) => v === value)) return false;
  }
  return true;
}

/** The clauses of CollectiblesFilter about orders (marketplace, maker, currency). */
export function orderMatches(order: OrderRecord, filter: CollectiblesFilterT | undefined): boolean {
  if (!filter) return true;
  return (
    inList(order.marketplace, filter.marketplaces, true) &&
    inList(order.createdBy, filter.ordersCreatedBy, true) &&
    inList(order.createdBy, filter.ordersNotCreatedBy, false) &&
    inList(order.currency.address, filter.inCurrencyAddresses, true) &&
    inList(order.currency.address, filter.notInCurrencyAddresses, false)
  );
}

/**
 * GetCountOfFilteredCollectibles: collectibles kept by the filter that have a matching open order on `side`;
 * with includeEmpty also those with no open order on that side at all.
 */
export function countCollectibles(collection: Collection, side: OrderSide, filter: CollectiblesFilterT | undefined): number {
  return collection.tokens.filter((token) => {
    if (!tokenMatches(token, filter)) return false;
    const open = openOrders(collection, token.tokenId, side);
    if (open.some((o) => orderMatches(o, filter))) return true;
    return (filter?.includeEmpty ?? false) && open.length === 0;
  }).length;
}

/** GetFloorOrder: the cheapest open listing among the collectibles and orders the filter keeps. */
export function floorListing(
  collection: Collection,
  filter: CollectiblesFilterT | undefined,
): { token: Token; listing: OrderRecord } | undefined {
  let best: { token: Token; listing: OrderRecord } | undefined;
  for (const token of collection.tokens) {
    if (!tokenMatches(token, filter)) continue;
    for (const listing of openOrders(collection, token.tokenId, 'listing')) {
      if (orderMatches(listing, filter) && (!best || cheaper(listing, best.listing))) best = { token, listing };
    }
  }
  return best;
}

/** GetHighestPriceListingForCollectible. */
export function highestListing(collection: Collection, tokenId: string, filter: ListingFilter | undefined): OrderRecord | undefined {
  const candidates = openOrders(collection, tokenId, 'listing').filter(
    (o) =>
      inList(o.createdBy, filter?.createdBy, true) &&
      inList(o.marketplace, filter?.marketplace, true) &&
      inList(o.currency.address, filter?.currencies, true),
  );
  return candidates.reduce<OrderRecord | undefined>((best, o) => (!best || cheaper(best, o) ? o : best), undefined);
}

/** The best (highest) open offer on a token, shown beside the floor listing. */
export function bestOffer(collection: Collection, tokenId: string): OrderRecord | undefined {
  return openOrders(collection, tokenId, 'offer').reduce<OrderRecord | undefined>(
    (best, o) => (!best || cheaper(best, o) ? o : best),
    undefined,
  );
}

/** Prices compare in USD cents across currencies; the order ID breaks ties so the answer is stable. */
function cheaper(a: OrderRecord, b: OrderRecord): boolean {
  return a.usdCents !== b.usdCents ? a.usdCents < b.usdCents : a.orderId < b.orderId;
}

/**
 * An "in" list keeps values in it, a "not in" list drops them; an absent or empty list is no clause.
 * Addresses compare case-insensitively; enum values as sent.
 */
function inList(value: string, list: readonly string[] | undefined, inclusive: boolean): boolean {
  if (!list || list.length === 0) return true;
  const wanted = value.toLowerCase();
  const found = list.some((item) => item.toLowerCase() === wanted);
  return inclusive ? found : !found;
}
