/**
 * Where Orders sit in the Marketplace answers (interface.md §Endpoints): GetFloorOrder's `collectible` holds
 * `order` (the floor order), `listing` (the same order again) and `offer`; GetHighestPriceListingForCollectible
 * answers `order`. The judges, the discovery of entities and the faults all find orders here.
 */
import { isRecord } from './json-values.js';

export const ORDER_PLACES = {
  floorOrder: ['collectible', 'order'],
  floorListing: ['collectible', 'listing'],
  floorOffer: ['collectible', 'offer'],
  order: ['order'],
} as const satisfies Record<string, readonly string[]>;

export type OrderPlace = keyof typeof ORDER_PLACES;

export interface PlacedOrder {
  readonly place: OrderPlace;
  /** JSON pointer of the order in the answer. */
  readonly pointer: string;
  readonly order: Record<string, unknown>;
}

/** The Order object at `place`, or undefined when the answer has none there (absent, null, not an object). */
export function orderAt(json: unknown, place: OrderPlace): Record<string, unknown> | undefined {
  let value: unknown = json;
  for (const key of ORDER_PLACES[place]) value = isRecord(value) ? value[key] : undefined;
  return isRecord(value) ? value : undefined;
}

/** Every Order object in an answer, in the order of ORDER_PLACES, with its place and pointer. */
export function ordersIn(json: unknown): PlacedOrder[] {
  return (Object.keys(ORDER_PLACES) as OrderPlace[]).flatMap((place) => {
    const order = orderAt(json, place);
    return order ? [{ place, pointer: `/${ORDER_PLACES[place].join('/')}`, order }] : [];
  });
}
