/**
 * Looking up what a transaction-generation request names. A collection or order the network does not have is
 * NotFound (3000, status 400: a client error, never 5xx); an order that exists but cannot be used (closed, wrong
 * side, wrong maker) is InvalidArgument.
 */
import type { MarketplaceKind } from '../../contract/enums.js';
import type { Collection, NetworkCatalog, OrderRecord } from '../data/catalog.js';
import { invalidArgument, notFound } from '../wire.js';
import { findCollection, isOpen } from './collectibles.js';

export function requireCollection(catalog: NetworkCatalog, field: string, address: string | undefined): Collection {
  const collection = findCollection(catalog, address);
  if (!collection) throw notFound(`${field}: no collection ${address ?? ''} on ${catalog.network.slug}`);
  return collection;
}

export function requireOpenOrder(collection: Collection, field: string, orderId: string | undefined): OrderRecord {
  const order = orderId ? collection.orders.find((o) => o.orderId === orderId.toLowerCase() || o.orderId === orderId) : undefined;
  if (!order) throw notFound(`${field}: no order ${orderId ?? ''} in collection ${collection.address}`);
  if (!isOpen(order)) throw invalidArgument(`${field}: order ${order.orderId} is ${order.status}, not open`);
  return order;
}

/** Orders of the service's own marketplaces live on-chain; the others are signed off-chain orders. */
export function isOnChainOrderBook(marketplace: MarketplaceKind): boolean {
  return marketplace === 'sequence_marketplace_v1' || marketplace === 'sequence_marketplace_v2';
}
