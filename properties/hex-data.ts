/**
 * Hex data (the `hex-data` convention: 0x then whole bytes): call data, signatures. Includes the empty `0x`
 * (a plain value transfer) and call-data-shaped values (4-byte selector plus 32-byte words).
 */
import fc from 'fast-check';
import { hexBytes } from './hex.js';

export interface HexDataConstraints {
  /** Fewest bytes. Default 0. */
  readonly minBytes?: number;
  /** Most bytes. Default 100. */
  readonly maxBytes?: number;
}

export function hexData(constraints: HexDataConstraints = {}): fc.Arbitrary<string> {
  const minBytes = constraints.minBytes ?? 0;
  const maxBytes = constraints.maxBytes ?? 100;
  if (minBytes < 0 || minBytes > maxBytes) throw new RangeError(`hexData byte range [${minBytes}, ${maxBytes}] is empty`);
  const anyBytes = hexBytes({ minLength: minBytes, maxLength: maxBytes });
  const lengths = callDataLengths(minBytes, maxBytes);
  if (lengths.length === 0) return anyBytes;
  // One arbitrary per length, made here rather than for each value the chain draws.
  const ofLength = new Map(lengths.map((n) => [n, hexBytes({ minLength: n, maxLength: n })] as const));
  const callData = fc.constantFrom(...lengths).chain((n) => ofLength.get(n)!);
  return fc.oneof({ arbitrary: anyBytes, weight: 3 }, { arbitrary: callData, weight: 1 });
}

/** Lengths of a selector plus 0..3 words that fit the range. */
function callDataLengths(minBytes: number, maxBytes: number): number[] {
  return [0, 1, 2, 3].map((words) => 4 + 32 * words).filter((n) => n >= minBytes && n <= maxBytes);
}
