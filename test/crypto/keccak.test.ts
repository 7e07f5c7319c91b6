import fc from 'fast-check';
import { checksumAddress as viemChecksum, keccak256, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { checksumAddress, keccak256Bytes, keccak256Hex } from '../../src/crypto/keccak.js';

describe('keccak (hash-wasm) hashes and checksums as viem does', () => {
  it('the same Keccak-256 of bytes and of UTF-8 text', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 100 }), (bytes, text) => {
        expect(keccak256Hex(bytes)).toBe(keccak256(bytes));
        expect(toHex(keccak256Bytes(bytes))).toBe(keccak256(bytes));
        expect(keccak256Hex(text)).toBe(keccak256(new TextEncoder().encode(text)));
      }),
      { numRuns: 300, seed: 5 },
    );
  });

  it('the EIP-55 spelling of any address, whatever case it comes in', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.boolean(), (bytes, upper) => {
        const hex = toHex(bytes);
        const given = upper ? `0x${hex.slice(2).toUpperCase()}` : hex;
        expect(checksumAddress(given)).toBe(viemChecksum(hex));
      }),
      { numRuns: 300, seed: 6 },
    );
    // The example address of EIP-55 itself.
    expect(checksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
  });

  it('refuses what is not an address', () => {
    for (const bad of ['', '0x', `0x${'g'.repeat(40)}`, `0x${'a'.repeat(39)}`, 'a'.repeat(42)])
      expect(() => checksumAddress(bad)).toThrow(TypeError);
  });
});
