import fc from 'fast-check';
import { hashTypedData } from 'viem';
import { describe, expect, it } from 'vitest';
import { CLAIM_TYPES, claimsDigestOf, type ClaimMember } from '../../src/crypto/ethauth-digest.js';

/** Any subset of the claims in their order, with values of their types (any text, any safe integer). */
const members = fc
  .tuple(
    ...CLAIM_TYPES.map(([name, type]) =>
      fc.option(
        (type === 'string'
          ? fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
          : type === 'uint64'
            ? fc.maxSafeNat()
            : fc.maxSafeInteger()
        ).map((value): ClaimMember => [name, type, value]),
        { nil: undefined },
      ),
    ),
  )
  .map((chosen) => chosen.filter((member): member is ClaimMember => member !== undefined));

function viemDigest(list: readonly ClaimMember[]) {
  return hashTypedData({
    domain: { name: 'ETHAuth', version: '1' },
    types: { Claims: list.map(([name, type]) => ({ name, type })) },
    primaryType: 'Claims',
    message: Object.fromEntries(list.map(([name, type, value]) => [name, type === 'string' ? value : BigInt(value)])),
  });
}

describe('the ETHAuth claims digest is the EIP-712 digest viem computes', () => {
  it('for any set of claims, any text and any 64-bit value', () => {
    fc.assert(
      fc.property(members, (list) => {
        expect(claimsDigestOf(list)).toBe(viemDigest(list));
      }),
      { numRuns: 300, seed: 12 },
    );
  });

  it('refuses what viem refuses: a negative uint64, a fraction', () => {
    expect(() => claimsDigestOf([['n', 'uint64', -1]])).toThrow(RangeError);
    expect(() => viemDigest([['n', 'uint64', -1]])).toThrow();
    expect(() => claimsDigestOf([['iat', 'int64', 1.5]])).toThrow(RangeError);
  });
});
