/**
 * Token IDs as decimal strings (the `token-id` convention). ERC-721 collections mostly number tokens from 0 or
 * 1 upwards; ERC-1155 and hashed IDs use the whole uint256 range. So: mostly small, sometimes anything.
 */
import fc from 'fast-check';
import { uint256, UINT256_MAX } from './uint256-string.js';

export interface TokenIdStringConstraints {
  /** Largest token ID produced. Default 2^256-1. */
  readonly max?: bigint;
}

export function tokenIdString(constraints: TokenIdStringConstraints = {}): fc.Arbitrary<string> {
  const max = constraints.max ?? UINT256_MAX;
  const sequential = fc.bigInt({ min: 0n, max: max < 10_000n ? max : 10_000n });
  return fc.oneof({ arbitrary: sequential, weight: 4 }, { arbitrary: uint256({ max }), weight: 1 }).map((n) => n.toString(10));
}
