import fc from 'fast-check';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { CONVENTIONS } from '../src/contract/schema-kit.js';
import { address } from './address.js';
import { RUNS, SEED } from '../test/properties/seed.js';

describe('address()', () => {
  it('is 0x + 40 hex digits in every spelling', () => {
    fc.assert(
      fc.property(address(), (a) => {
        expect(a).toMatch(CONVENTIONS.address.pattern);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('lower-case spelling has no capitals', () => {
    fc.assert(
      fc.property(address({ case: 'lower' }), (a) => {
        expect(a).toBe(a.toLowerCase());
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('checksummed spelling is the EIP-55 form of itself', () => {
    fc.assert(
      fc.property(address({ case: 'checksummed' }), (a) => {
        expect(getAddress(a)).toBe(a);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('mixes both spellings by default', () => {
    const samples = fc.sample(address(), { seed: SEED, numRuns: 200 });
    expect(samples.some((a) => a !== a.toLowerCase())).toBe(true);
    expect(samples.some((a) => /[a-f]/.test(a) && a === a.toLowerCase())).toBe(true);
  });
});
