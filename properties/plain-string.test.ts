import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainString } from './plain-string.js';
import { RUNS, SEED } from '../test/properties/seed.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('plainString()', () => {
  it('is well-formed text (no lone surrogates)', () => {
    fc.assert(
      fc.property(plainString(), (s) => {
        expect(LONE_SURROGATE.test(s)).toBe(false);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('is sometimes beyond ASCII', () => {
    expect(fc.sample(plainString(), { seed: SEED, numRuns: 200 }).some((s) => /[^\x00-\x7f]/.test(s))).toBe(true);
  });
});
