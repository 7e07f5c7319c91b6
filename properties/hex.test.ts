import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexBytes, toHex } from './hex.js';

const slowHex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;

/**
 * What `arbitrary` gives over runs whose biases cover each that fast-check uses (a sample's run n is generated as
 * a check's run n), each with the draw that follows it: the random source is left where fc.uint8Array leaves it.
 */
function draws(arbitrary: fc.Arbitrary<string>, seed: number): unknown[] {
  const numRuns = 150;
  return [
    fc.sample(fc.tuple(arbitrary, fc.nat()), { seed, numRuns }),
    fc.sample(fc.tuple(fc.noBias(arbitrary), fc.nat()), { seed, numRuns }),
  ];
}

/** The counterexample a failing property shrinks to, and how many steps it took. */
function shrunk(arbitrary: fc.Arbitrary<string>, seed: number): unknown {
  const details = fc.check(
    fc.property(arbitrary, (hex) => !/[8-9a-f]/.test(hex.slice(2))),
    { seed },
  );
  return [details.counterexample, details.numShrinks, details.numRuns];
}

describe('hex', () => {
  it('toHex spells bytes as 0x and lower-case pairs', () => {
    expect(toHex(new Uint8Array([0, 1, 171, 255]))).toBe('0x0001abff');
    expect(toHex([])).toBe('0x');
  });

  it('hexBytes draws what fc.uint8Array draws, seed for seed and bias for bias, and leaves the source alike', () => {
    for (const constraints of [
      { minLength: 20, maxLength: 20 },
      { minLength: 36, maxLength: 36 },
      { minLength: 0, maxLength: 100 },
      { minLength: 5, maxLength: 30 },
    ]) {
      const fast = hexBytes(constraints);
      const slow = fc.uint8Array(constraints).map(slowHex);
      for (let seed = 0; seed < 20; seed += 1) expect(draws(fast, seed)).toEqual(draws(slow, seed));
    }
  });

  it('hexBytes shrinks as fc.uint8Array shrinks', () => {
    for (const constraints of [
      { minLength: 20, maxLength: 20 },
      { minLength: 0, maxLength: 100 },
    ]) {
      const fast = hexBytes(constraints);
      const slow = fc.uint8Array(constraints).map(slowHex);
      for (let seed = 0; seed < 20; seed += 1) expect(shrunk(fast, seed)).toEqual(shrunk(slow, seed));
    }
  });
});
