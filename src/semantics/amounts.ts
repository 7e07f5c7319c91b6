/**
 * Amount strings read as integers. interface.md: "Amounts that can exceed 64-bit range are strings", so every
 * comparison of amounts is done in BigInt, never in floating point. What counts as a decimal integer is the
 * suite's one convention (wire-facts.md §7, CONVENTIONS['decimal-integer']).
 */
import { CONVENTIONS } from '../contract/schema-kit.js';

export function isDecimalInteger(value: unknown): value is string {
  return typeof value === 'string' && CONVENTIONS['decimal-integer'].pattern.test(value);
}

/** The integer an amount string stands for; undefined when it is absent, null or not a decimal integer. */
export function decimalInteger(value: unknown): bigint | undefined {
  return isDecimalInteger(value) ? BigInt(value) : undefined;
}

/** ⌈a / b⌉ for a ≥ 0, b > 0. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

export const maxBigInt = (a: bigint, b: bigint): bigint => (a > b ? a : b);
