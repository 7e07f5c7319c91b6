import fc from 'fast-check';
import { keccak256, toHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { claimsTypedData, freshClaims } from '../../src/crypto/ethauth.js';
import { signingKey } from '../../src/crypto/signing-key.js';

const key = (seed: number): Hex => keccak256(toHex(`signing-key ${seed}`));

describe('signing keys (libsecp256k1) sign what viem signs, byte for byte', () => {
  it('same address, public key, and the same signatures of digests, messages and ETHAuth claims', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.string(), async (seed, digest, message) => {
        const ours = signingKey(key(seed));
        const viems = privateKeyToAccount(key(seed));
        expect(ours.address).toBe(viems.address);
        expect(ours.publicKey).toBe(viems.publicKey);
        const hash = toHex(digest);
        expect(await ours.sign!({ hash })).toBe(await viems.sign({ hash }));
        expect(await ours.signMessage({ message })).toBe(await viems.signMessage({ message }));
        expect(await ours.signMessage({ message: { raw: hash } })).toBe(await viems.signMessage({ message: { raw: hash } }));
        const typed = claimsTypedData(freshClaims(new Date(Date.UTC(2026, 0, 1)))) as Parameters<typeof viems.signTypedData>[0];
        expect(await ours.signTypedData(typed)).toBe(await viems.signTypedData(typed));
      }),
      { numRuns: 30, seed: 11 },
    );
  });

  it('refuses a value that is not a private key', () => {
    expect(() => signingKey(`0x${'0'.repeat(64)}`)).toThrow();
  });
});
