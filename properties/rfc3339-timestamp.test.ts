import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONVENTIONS } from '../src/contract/schema-kit.js';
import { rfc3339Timestamp } from './rfc3339-timestamp.js';
import { RUNS, SEED } from '../test/properties/seed.js';

describe('rfc3339Timestamp()', () => {
  it('matches the rfc3339 convention and parses as a date', () => {
    fc.assert(
      fc.property(rfc3339Timestamp(), (t) => {
        expect(t).toMatch(CONVENTIONS.rfc3339.pattern);
        expect(Number.isNaN(Date.parse(t))).toBe(false);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
