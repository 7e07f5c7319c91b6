import fc from 'fast-check';
import { recoverAddress, recoverMessageAddress, keccak256, toHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { recoverDigestSigner, recoverMessageSigner } from '../../src/server/domain/signer-recovery.js';

const ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const word = (n: bigint): string => n.toString(16).padStart(64, '0');
const key = (seed: number): Hex => keccak256(toHex(`signer-recovery ${seed}`));

/** What viem's recovery finds, lower-case, or undefined where it throws. */
async function viemSigner(recover: () => Promise<Hex>): Promise<string | undefined> {
  try {
    return (await recover()).toLowerCase();
  } catch {
    return undefined;
  }
}
function ownSigner(recover: () => Hex): string | undefined {
  try {
    return recover();
  } catch {
    return undefined;
  }
}

describe('signer recovery (libsecp256k1) agrees with viem', () => {
  it('finds the signer of any digest and any personal message, in both spellings of v', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.string(), async (seed, digestBytes, message) => {
        const account = privateKeyToAccount(key(seed));
        const digest = toHex(digestBytes);
        const signature = await account.sign({ hash: digest });
        expect(recoverDigestSigner(digest, signature)).toBe(account.address.toLowerCase());
        const v = parseInt(signature.slice(130), 16);
        const yParity = `${signature.slice(0, 130)}${(v - 27).toString(16).padStart(2, '0')}` as Hex;
        expect(recoverDigestSigner(digest, yParity)).toBe(account.address.toLowerCase());
        const signed = await account.signMessage({ message });
        expect(recoverMessageSigner(message, signed)).toBe(account.address.toLowerCase());
        expect(recoverMessageSigner(message, signed)).toBe((await recoverMessageAddress({ message, signature: signed })).toLowerCase());
      }),
      { numRuns: 40, seed: 7 },
    );
  });

  it('refuses what viem refuses, and takes a high-s signature as viem does', async () => {
    const account = privateKeyToAccount(key(1));
    const digest = keccak256(toHex('a digest'));
    const good = await account.sign({ hash: digest });
    const r = good.slice(2, 66);
    const s = BigInt(`0x${good.slice(66, 130)}`);
    const v = parseInt(good.slice(130), 16);
    const flipped = v === 27 ? 28 : 27;
    const cases: Record<string, Hex> = {
      'high s with the other parity': `0x${r}${word(ORDER - s)}${flipped.toString(16)}`,
      'v of 29': `0x${r}${word(s)}1d`,
      'v of 2': `0x${r}${word(s)}02`,
      '64 bytes': `0x${r}${word(s)}`,
      '66 bytes': `${good}00`,
      'r of zero': `0x${word(0n)}${word(s)}${v.toString(16)}`,
      's of zero': `0x${r}${word(0n)}${v.toString(16)}`,
      's of the order': `0x${r}${word(ORDER)}${v.toString(16)}`,
      'r of the order': `0x${word(ORDER)}${word(s)}${v.toString(16)}`,
      'r with no point': `0x${word(5n)}${word(s)}${v.toString(16)}`,
    };
    for (const [name, signature] of Object.entries(cases)) {
      const expected = await viemSigner(() => recoverAddress({ hash: digest, signature }));
      expect(
        ownSigner(() => recoverDigestSigner(digest, signature)),
        name,
      ).toBe(expected);
    }
    expect(ownSigner(() => recoverDigestSigner(digest, cases['high s with the other parity']!))).toBe(account.address.toLowerCase());
  });
});
