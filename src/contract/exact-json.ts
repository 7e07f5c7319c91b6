/**
 * JSON with integers beyond 2^53 kept exact. JSON.parse rounds 9007199254740993 to ...992, the ID of another
 * record, so an answer holding such an integer is parsed again losslessly: each integer that is not a safe
 * JavaScript number becomes a bigint, every other number stays a number. Only texts where a number token of
 * 16 or more digits appears take that path (a 15-digit integer is always safe): the common answer costs one
 * regular-expression scan on top of JSON.parse.
 */
import { isInteger, isSafeNumber, parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';

/** A number token of 16+ digits: after `:`, `,` or `[` (a digit run inside a string follows a quote). */
const LONG_NUMBER = /[:,[]\s*-?\d{16}/;

/** The values that hold a bigint: the schema validators read them as numbers (see approximated). */
const exactRoots = new WeakSet<object>();

/** JSON.parse, with integers beyond 2^53 as bigints; throws as JSON.parse does. */
export function parseExact(text: string): unknown {
  const rounded: unknown = JSON.parse(text);
  if (!LONG_NUMBER.test(text) || rounded === null || typeof rounded !== 'object') return rounded;
  let big = false;
  const exactNumber = (token: string): number | bigint => {
    if (!isInteger(token) || isSafeNumber(token)) return Number(token);
    big = true;
    return BigInt(token);
  };
  try {
    const exact = parseLossless(text, null, exactNumber) as unknown;
    if (!big) return rounded;
    if (exact !== null && typeof exact === 'object') exactRoots.add(exact);
    return exact;
  } catch {
    // lossless-json refuses what JSON.parse takes (a key repeated with another value): the rounded reading
    // stands, and its unsafe integers are never written to (safe-writes.ts).
    return rounded;
  }
}

/** Whether `value` came from parseExact with a bigint in it. */
export const holdsBigInt = (value: unknown): boolean => value !== null && typeof value === 'object' && exactRoots.has(value);

/** A copy with every bigint as the nearest number: for the schema, a JSON number is a number whatever its size. */
export function approximated(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(approximated);
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = approximated(item);
    return copy;
  }
  return value;
}

/** JSON.stringify that writes a bigint as its exact digits (JSON.stringify throws on one). */
export function stringifyExact(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof TypeError) || !/BigInt/i.test(error.message)) throw error;
    return stringifyLossless(value) as string;
  }
}
