/**
 * Addresses as callers write them: lower-case (what servers answer with, wire-facts.md §5) or EIP-55
 * checksummed (what wallets and explorers show). Both match the `address` convention (0x + 40 hex digits).
 */
import fc from 'fast-check';
import { checksumAddress } from '../src/crypto/keccak.js';
import { hexBytes } from './hex.js';

export interface AddressConstraints {
  /** Which spelling to produce; `any` mixes both. Default `any`. */
  readonly case?: 'lower' | 'checksummed' | 'any';
}

/** Addresses that make servers take unusual paths (zero address, all ones) next to arbitrary ones. */
const EDGE_ADDRESSES = [`0x${'0'.repeat(40)}`, `0x${'f'.repeat(40)}`, `0x${'0'.repeat(39)}1`] as const;

export function address(constraints: AddressConstraints = {}): fc.Arbitrary<string> {
  const lower = fc.oneof(
    { arbitrary: hexBytes({ minLength: 20, maxLength: 20 }), weight: 9 },
    { arbitrary: fc.constantFrom(...EDGE_ADDRESSES), weight: 1 },
  );
  const spelling = constraints.case ?? 'any';
  if (spelling === 'lower') return lower;
  // The generated spelling is already a valid address: only its checksum is wanted, not getAddress's check.
  const checksummed = lower.map(checksumAddress);
  if (spelling === 'checksummed') return checksummed;
  return fc.oneof(lower, checksummed);
}
