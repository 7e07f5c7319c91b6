import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONVENTIONS } from '../src/contract/schema-kit.js';
import { RUNS, SEED } from '../test/properties/seed.js';
import { UINT256_MAX, uint256String } from './uint256-string.js';

describe('uint256String()', () => {
  it('is a decimal-integer string within 0..2^256-1', () => {
    fc.assert(
      fc.property(uint256String(), (s) => {
        expect(s).toMatch(CONVENTIONS['decimal-integer'].pattern);
        expect(BigInt(s) <= UINT256_MAX).toBe(true);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('is biased to small values and reaches both edges', () => {
    const values = fc.sample(uint256String(), { seed: SEED, numRuns: 1000 }).map(BigInt);
    expect(values.filter((n) => n <= 1000n).length).toBeGreaterThan(300);
    expect(values).toContain(0n);
    expect(values).toContain(UINT256_MAX);
  });

  it('honours min and max', () => {
    fc.assert(
      fc.property(uint256String({ min: 10n, max: 2n ** 64n }), (s) => {
        expect(BigInt(s) >= 10n && BigInt(s) <= 2n ** 64n).toBe(true);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('refuses an empty range', () => {
    expect(() => uint256String({ min: 5n, max: 4n })).toThrow(RangeError);
  });
});
