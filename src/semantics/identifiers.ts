/**
 * Equality of identifiers as the wire writes them. Addresses are hex in any letter case (lower-case and
 * EIP-55 checksummed spell the same account); token IDs are decimal strings ("007" is token 7) — anything else
 * compares as text. Never a reason to fail by itself: only a different identifier is.
 */
const DECIMAL = /^[0-9]+$/;

export function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export function sameTokenId(a: string, b: string): boolean {
  return DECIMAL.test(a) && DECIMAL.test(b) ? BigInt(a) === BigInt(b) : a === b;
}

/** Whether `value` is in `list`, addresses compared case-insensitively. */
export function includesAddress(list: readonly string[], value: string): boolean {
  return list.some((item) => sameAddress(item, value));
}
