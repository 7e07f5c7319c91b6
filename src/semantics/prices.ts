/**
 * Comparing two orders' prices without assuming what the contract does not promise: `priceAmount` is an
 * amount in the smallest unit of `priceCurrencyAddress`, so two prices compare only when both are decimal
 * integers in the same currency — then exactly, as BigInt (amounts exceed 2^53). USD fields are not used:
 * the document does not say how they are derived.
 */
import { decimalInteger } from './amounts.js';
import { sameAddress } from './identifiers.js';

export interface Priced {
  readonly priceAmount?: unknown;
  readonly priceCurrencyAddress?: unknown;
}

export type PriceComparison =
  | { readonly comparable: true; readonly a: bigint; readonly b: bigint }
  | { readonly comparable: false; readonly reason: string };

export function comparePrices(a: Priced, b: Priced): PriceComparison {
  const [amountA, amountB] = [decimalInteger(a.priceAmount), decimalInteger(b.priceAmount)];
  if (amountA === undefined || amountB === undefined) return { comparable: false, reason: 'a priceAmount is not a decimal integer' };
  if (typeof a.priceCurrencyAddress !== 'string' || typeof b.priceCurrencyAddress !== 'string') {
    return { comparable: false, reason: 'a priceCurrencyAddress is missing' };
  }
  if (!sameAddress(a.priceCurrencyAddress, b.priceCurrencyAddress)) {
    return { comparable: false, reason: `the prices are in different currencies (${a.priceCurrencyAddress}, ${b.priceCurrencyAddress})` };
  }
  return { comparable: true, a: amountA, b: amountB };
}

/** "12 of 0xabc…" for messages. */
export function describePrice(order: Priced): string {
  return `${String(order.priceAmount)} of ${String(order.priceCurrencyAddress)}`;
}
