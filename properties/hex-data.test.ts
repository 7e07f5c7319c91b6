import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONVENTIONS } from '../src/contract/schema-kit.js';
import { hexData } from './hex-data.js';
import { RUNS, SEED } from '../test/properties/seed.js';

const byteLength = (hex: string) => (hex.length - 2) / 2;

describe('hexData()', () => {
  it('is 0x followed by whole bytes', () => {
    fc.assert(
      fc.property(hexData(), (h) => {
        expect(h).toMatch(CONVENTIONS['hex-data'].pattern);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('includes the empty 0x and selector-shaped call data', () => {
    const lengths = fc.sample(hexData(), { seed: SEED, numRuns: 500 }).map(byteLength);
    expect(lengths).toContain(0);
    expect(lengths).toContain(36);
  });

  it('honours the byte range, also where no call-data length fits', () => {
    for (const [minBytes, maxBytes] of [
      [5, 30],
      [65, 65],
      [0, 3],
    ] as const) {
      fc.assert(
        fc.property(hexData({ minBytes, maxBytes }), (h) => {
          expect(byteLength(h)).toBeGreaterThanOrEqual(minBytes);
          expect(byteLength(h)).toBeLessThanOrEqual(maxBytes);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    }
  });
});
