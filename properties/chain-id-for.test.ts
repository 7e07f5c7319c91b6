import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NETWORKS, networkBySlug } from '../src/contract/networks.js';
import { CONVENTIONS } from '../src/contract/schema-kit.js';
import { chainIdFor } from './chain-id-for.js';
import { SEED } from '../test/properties/seed.js';

describe('chainIdFor()', () => {
  it("is the network's chain ID, as a number or a decimal string", () => {
    const xai = networkBySlug('xai-sepolia');
    expect(fc.sample(chainIdFor(xai), { seed: SEED, numRuns: 3 })).toEqual([37714555429, 37714555429, 37714555429]);
    const [text] = fc.sample(chainIdFor(xai, { encoding: 'string' }), { seed: SEED, numRuns: 1 });
    expect(text).toBe('37714555429');
    expect(text).toMatch(CONVENTIONS['chain-id-decimal'].pattern);
  });

  it('without a network, is the chain ID of one of the 39', () => {
    const known = new Set(NETWORKS.map((n) => n.chainId));
    for (const id of fc.sample(chainIdFor(), { seed: SEED, numRuns: 100 })) expect(known.has(id)).toBe(true);
  });
});
