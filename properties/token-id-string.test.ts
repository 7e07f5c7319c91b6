import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONVENTIONS } from '../src/contract/schema-kit.js';
import { RUNS, SEED } from '../test/properties/seed.js';
import { tokenIdString } from './token-id-string.js';

describe('tokenIdString()', () => {
  it('is a token-id string', () => {
    fc.assert(
      fc.property(tokenIdString(), (s) => {
        expect(s).toMatch(CONVENTIONS['token-id'].pattern);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('is mostly small, sometimes beyond 64 bits', () => {
    const values = fc.sample(tokenIdString(), { seed: SEED, numRuns: 500 }).map(BigInt);
    expect(values.filter((n) => n <= 10_000n).length).toBeGreaterThan(250);
    expect(values.some((n) => n > 2n ** 64n)).toBe(true);
  });

  it('honours max', () => {
    fc.assert(
      fc.property(tokenIdString({ max: 5n }), (s) => {
        expect(BigInt(s) <= 5n).toBe(true);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
