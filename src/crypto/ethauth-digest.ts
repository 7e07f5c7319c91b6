/**
 * The EIP-712 digest of ETHAuth claims (wire-facts.md §6), encoded here over hash-wasm's Keccak rather than by
 * viem's generic typed-data hasher: every wallet operation of a run signs (the checks) and verifies (the
 * reference server) one, and viem's walk of the typed data with its JavaScript Keccak was a visible share of
 * both. The claims have one fixed shape (strings and 64-bit integers, no nested types), so the encoding is
 * short; ethauth-digest.test.ts proves it equal to viem's `hashTypedData` on generated claims.
 */
import { keccak256Bytes, keccak256Hex } from './keccak.js';

type Hex = `0x${string}`;

export type ClaimType = 'string' | 'int64' | 'uint64';

/** The claims a proof may carry, in the order of the Claims struct, with their EIP-712 types (wire-facts.md §6). */
export const CLAIM_TYPES = [
  ['app', 'string'],
  ['iat', 'int64'],
  ['exp', 'int64'],
  ['n', 'uint64'],
  ['typ', 'string'],
  ['ogn', 'string'],
  ['v', 'string'],
] as const satisfies ReadonlyArray<readonly [string, ClaimType]>;

/** A member of the Claims struct: its name, its EIP-712 type, its value. */
export type ClaimMember = readonly [name: string, type: ClaimType, value: string | number];

const DOMAIN_SEPARATOR = keccak256Bytes(
  Buffer.concat([keccak256Bytes('EIP712Domain(string name,string version)'), keccak256Bytes('ETHAuth'), keccak256Bytes('1')]),
);
const TWO_TO_256 = 1n << 256n;

/** keccak256(0x1901 ‖ domain separator ‖ hashStruct(Claims)), with `members` in the struct's order. */
export function claimsDigestOf(members: readonly ClaimMember[]): Hex {
  const typeHash = keccak256Bytes(`Claims(${members.map(([name, type]) => `${type} ${name}`).join(',')})`);
  const fields = members.map(([name, type, value]) =>
    type === 'string' ? keccak256Bytes(String(value)) : word(integer(name, type, value)),
  );
  const structHash = keccak256Bytes(Buffer.concat([typeHash, ...fields]));
  return keccak256Hex(Buffer.concat([Uint8Array.of(0x19, 0x01), DOMAIN_SEPARATOR, structHash]));
}

/** The value of an integer member, refused as viem refuses it: not an integer, or out of the type's range. */
function integer(name: string, type: Exclude<ClaimType, 'string'>, value: string | number): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new RangeError(`claim ${name} is not an integer`);
  if (type === 'uint64' && value < 0) throw new RangeError(`claim ${name} is negative, and its type is uint64`);
  return BigInt(value);
}

/** An integer as a 32-byte big-endian two's-complement word (the ABI encoding of int64 and uint64). */
function word(value: bigint): Uint8Array {
  const hex = (value < 0n ? value + TWO_TO_256 : value).toString(16).padStart(64, '0');
  return Buffer.from(hex, 'hex');
}
