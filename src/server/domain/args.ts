/**
 * Application-level argument rules. The decoder has already enforced JSON types; these are the meanings a
 * string must have (an address, a decimal amount, hex data). Breaking one is InvalidArgument (2001, 400),
 * the table's error for a request that is well-formed but unusable; the cause names the field.
 */
import { isAddress, isHex, type Hex } from 'viem';
import { invalidArgument } from '../wire.js';

/** A 0x address in any letter case, returned lower-case (the form real servers answer with). */
export function requireAddress(field: string, value: string | undefined): Hex {
  if (!value || !isAddress(value, { strict: false })) throw invalidArgument(`${field}: not an address`);
  return value.toLowerCase() as Hex;
}

export const MAX_UINT256 = 2n ** 256n - 1n;

/**
 * A non-negative decimal integer (token amounts are strings: they exceed 64 bits), at most a uint256, the
 * widest amount a transaction can carry.
 */
export function requireAmount(field: string, value: string | undefined): bigint {
  if (!value || !/^[0-9]+$/.test(value)) throw invalidArgument(`${field}: not a decimal integer`);
  const amount = BigInt(value);
  if (amount > MAX_UINT256) throw invalidArgument(`${field}: exceeds a uint256`);
  return amount;
}

export function requirePositiveAmount(field: string, value: string | undefined): bigint {
  const amount = requireAmount(field, value);
  if (amount === 0n) throw invalidArgument(`${field}: must be greater than zero`);
  return amount;
}

/** Hex call data; absent or empty reads as no data ("0x"). */
export function requireHexData(field: string, value: string | undefined): Hex {
  if (value === undefined || value === '') return '0x';
  if (!isHex(value, { strict: true }) || value.length % 2 !== 0) throw invalidArgument(`${field}: not hex data`);
  return value.toLowerCase() as Hex;
}
