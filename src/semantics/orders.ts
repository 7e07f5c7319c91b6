/**
 * The Orders of a Marketplace answer (found where src/contract/order-places.ts says they sit) and their fields
 * read only when well typed: a value of the wrong type is response-schema's finding, never a semantic one twice.
 */
import { ORDER_SIDES, type OrderSide } from '../contract/enums.js';
import { ordersIn, type OrderPlace, type PlacedOrder } from '../contract/order-places.js';

export type OrderFields = Readonly<Record<string, unknown>>;

export interface FoundOrder {
  /** JSON pointer of the order in the answer. */
  readonly pointer: string;
  readonly order: OrderFields;
}

/** Every Order object in an answer, with its pointer. */
export function ordersInAnswer(json: unknown): FoundOrder[] {
  return ordersIn(json).map(found);
}

/** The floor order: `collectible.order` (the document's name for it). */
export function floorOrderIn(json: unknown): FoundOrder | undefined {
  return foundAt(json, 'floorOrder');
}

/** The order of an answer that has one order (`order`). */
export function singleOrderIn(json: unknown): FoundOrder | undefined {
  return foundAt(json, 'order');
}

const found = ({ pointer, order }: PlacedOrder): FoundOrder => ({ pointer, order });
const foundAt = (json: unknown, place: OrderPlace): FoundOrder | undefined => {
  const placed = ordersIn(json).find((o) => o.place === place);
  return placed && found(placed);
};

/** The order's side when it is an OrderSide value; undefined when absent, null or of another type. */
export function sideOf(order: OrderFields): OrderSide | undefined {
  const side = order['side'];
  return typeof side === 'string' && (ORDER_SIDES as readonly string[]).includes(side) ? (side as OrderSide) : undefined;
}

/** A string field, or undefined when absent, null, empty or not a string. */
export function textOf(order: OrderFields, field: string): string | undefined {
  const value = order[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A number field, or undefined when absent, null or not a number. */
export function numberOf(order: OrderFields, field: string): number | undefined {
  const value = order[field];
  return typeof value === 'number' ? value : undefined;
}
