/**
 * Amounts as decimal strings (the `decimal-integer` convention): interface.md §Resources says "Amounts that
 * can exceed 64-bit range are strings", so the range is the EVM's uint256. Biased to small values and to the
 * edges where parsers break (2^53, 2^63, 2^64, 2^128, 2^256-1).
 */
import fc from 'fast-check';

export const UINT256_MAX = 2n ** 256n - 1n;

export interface Uint256StringConstraints {
  /** Smallest value produced. Default 0. */
  readonly min?: bigint;
  /** Largest value produced. Default 2^256-1. */
  readonly max?: bigint;
}

const EDGES: readonly bigint[] = [
  0n,
  1n,
  2n ** 53n - 1n,
  2n ** 53n,
  2n ** 53n + 1n,
  2n ** 63n - 1n,
  2n ** 63n,
  2n ** 64n - 1n,
  2n ** 64n,
  2n ** 128n,
  2n ** 255n,
  UINT256_MAX,
];

export function uint256String(constraints: Uint256StringConstraints = {}): fc.Arbitrary<string> {
  return uint256(constraints).map((n) => n.toString(10));
}

/** The bigint behind `uint256String`, shared with token IDs. */
export function uint256(constraints: Uint256StringConstraints = {}): fc.Arbitrary<bigint> {
  const min = constraints.min ?? 0n;
  const max = constraints.max ?? UINT256_MAX;
  if (min < 0n || max > UINT256_MAX || min > max) throw new RangeError(`uint256 range [${min}, ${max}] is empty or out of range`);
  const small = fc.bigInt({ min, max: min + 1000n < max ? min + 1000n : max });
  const edges = EDGES.filter((n) => n >= min && n <= max);
  const arbitraries: fc.WeightedArbitrary<bigint>[] = [
    { arbitrary: small, weight: 5 },
    { arbitrary: fc.bigInt({ min, max }), weight: 3 },
  ];
  if (edges.length > 0) arbitraries.push({ arbitrary: fc.constantFrom(...edges), weight: 2 });
  return fc.oneof(...arbitraries);
}
