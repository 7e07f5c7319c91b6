/**
 * Faults that answer a real order of the seeded data, only the wrong one: the most expensive listing of the
 * collection as its floor, the cheapest listing of a token as its highest. Transform hooks see only the
 * answer, so these read the data of a world built from the server's default seed (faults run on it).
 */
import { networkBySlug } from '../../contract/networks.js';
import { DEFAULT_SEED } from '../app.js';
import { findCollection, isOpen, sameTokenId } from '../domain/collectibles.js';
import { toWireOrder } from '../domain/wire-shapes.js';
import type { OrderRecord } from '../data/catalog.js';
import { SeededWorld } from '../data/world.js';
import type { FaultHooks } from '../types.js';
import { parse } from './kit.js';

type Json = Record<string, unknown>;
let world: SeededWorld | undefined;
const seeded = () => (world ??= new SeededWorld(DEFAULT_SEED));

const byUsd = (a: OrderRecord, b: OrderRecord) => (a.usdCents < b.usdCents ? -1 : a.usdCents > b.usdCents ? 1 : 0);
const inList = (value: string, list: unknown) =>
  !Array.isArray(list) || list.length === 0 || list.some((v) => typeof v === 'string' && v.toLowerCase() === value.toLowerCase());

/** GetFloorOrder without a filter answers the collection's most expensive open listing as the floor. */
export const floorIsMostExpensive: NonNullable<FaultHooks['transform']> = (ctx, response) => {
  const body = response.body as Json | null;
  const request = parse(ctx.rawBody) as { contractAddress?: string; filter?: unknown } | undefined;
  const collectible = body?.['collectible'] as Json | null | undefined;
  if (ctx.operation !== 'Marketplace.GetFloorOrder' || response.status !== 200 || !collectible || !ctx.network || request?.filter)
    return response;
  const network = networkBySlug(ctx.network);
  const collection = findCollection(seeded().catalog(network), request?.contractAddress);
  const dearest = collection?.orders
    .filter((o) => o.side === 'listing' && isOpen(o))
    .sort(byUsd)
    .at(-1);
  if (collection && dearest) collectible['order'] = collectible['listing'] = toWireOrder(dearest, collection, network);
  return response;
};

/** GetHighestPriceListingForCollectible answers the cheapest open listing that passes the filter. */
export const highestIsCheapest: NonNullable<FaultHooks['transform']> = (ctx, response) => {
  const body = response.body as Json | null;
  const request = parse(ctx.rawBody) as { contractAddress?: string; tokenId?: string; filter?: Json | null } | undefined;
  if (
    ctx.operation !== 'Marketplace.GetHighestPriceListingForCollectible' ||
    response.status !== 200 ||
    !body?.['order'] ||
    !ctx.network ||
    !request?.tokenId
  )
    return response;
  const network = networkBySlug(ctx.network);
  const collection = findCollection(seeded().catalog(network), request.contractAddress);
  const filter = request.filter ?? {};
  const cheapest = collection?.orders
    .filter((o) => o.side === 'listing' && isOpen(o) && sameTokenId(o.tokenId, request.tokenId!))
    .filter(
      (o) =>
        inList(o.createdBy, filter['createdBy']) &&
        inList(o.marketplace, filter['marketplace']) &&
        inList(o.currency.address, filter['currencies']),
    )
    .sort(byUsd)[0];
  if (collection && cheapest) body['order'] = toWireOrder(cheapest, collection, network);
  return response;
};
