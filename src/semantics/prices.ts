/**
 * Comparing two orders' prices without assuming what the contract does not promise: `priceAmount` is an
 * amount in the smallest unit of `priceCurrencyAddress`, so in one currency two prices compare exactly, as
 * BigInt (amounts exceed 2^53). Across currencies only `priceUSD` relates them: the document does not say how
 * it is derived, so it is compared with a tolerance for rounding and rate drift, and only a clear excess
 * counts.
 */
import { decimalInteger } from './amounts.js';
import { sameAddress } from './identifiers.js';

export interface Priced {
  readonly priceAmount?: unknown;
  readonly priceCurrencyAddress?: unknown;
  readonly priceUSD?: unknown;
}

/** How far above another a USD price must be to count as above it: 2 % plus one cent. */
export const USD_TOLERANCE = { relative: 0.02, absolute: 0.01 } as const;

export type PriceRelation =
  | { readonly comparable: true; readonly above: boolean; readonly basis: 'priceAmount' | 'priceUSD' }
  | { readonly comparable: false; readonly reason: string };

export type PriceComparison =
  { readonly comparable: true; readonly a: bigint; readonly b: bigint } | { readonly comparable: false; readonly reason: string };

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

/** Whether `a` is priced above `b`: exactly in one currency, by priceUSD beyond USD_TOLERANCE across currencies. */
export function pricedAbove(a: Priced, b: Priced): PriceRelation {
  const exact = comparePrices(a, b);
  if (exact.comparable) return { comparable: true, above: exact.a > exact.b, basis: 'priceAmount' };
  const [usdA, usdB] = [a.priceUSD, b.priceUSD];
  // A zero priceUSD is what a server without a rate for the currency tends to send: unknown, not free.
  if (!usable(usdA) || !usable(usdB)) return { comparable: false, reason: `${exact.reason}, and a priceUSD is missing or zero` };
  return { comparable: true, above: usdA > usdB * (1 + USD_TOLERANCE.relative) + USD_TOLERANCE.absolute, basis: 'priceUSD' };
}

const usable = (usd: unknown): usd is number => typeof usd === 'number' && Number.isFinite(usd) && usd > 0;

/** "12 of 0xabc… ($3.40)" for messages. */
export function describePrice(order: Priced): string {
  const usd = typeof order.priceUSD === 'number' ? ` ($${order.priceUSD})` : '';
  return `${String(order.priceAmount)} of ${String(order.priceCurrencyAddress)}${usd}`;
}
