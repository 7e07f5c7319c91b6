import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NetworkFixtures } from '../src/config/fixtures.js';
import { networkBySlug } from '../src/contract/networks.js';
import {
  GetFloorOrder,
  GetHighestPriceListingForCollectible,
  GetNativeTokenBalance,
  GetSwapPrice,
  GenerateSellTransaction,
  OPERATIONS,
  operationId,
} from '../src/contract/operations.js';
import { validators } from '../src/validation/validators.js';
import { RUNS, SEED } from '../test/properties/seed.js';
import { validRequest } from './valid-request.js';

const POLYGON = networkBySlug('polygon');
const FIXTURES: NetworkFixtures = {
  collection: { address: '0x1111111111111111111111111111111111111111', listedTokenId: '42' },
  swap: {
    buyCurrencyAddress: '0x2222222222222222222222222222222222222222',
    sellCurrencyAddress: '0x3333333333333333333333333333333333333333',
    buyAmount: '1000000',
    userAddress: '0x4444444444444444444444444444444444444444',
  },
  account: '0x5555555555555555555555555555555555555555',
};
const CASES = OPERATIONS.map((op) => [operationId(op), op] as const);

describe('validRequest()', () => {
  it.each(CASES)('%s: passes must and should, with and without context', (_, op) => {
    for (const context of [{}, { network: POLYGON, fixtures: FIXTURES }]) {
      fc.assert(
        fc.property(validRequest(op, context), (body) => {
          expect(validators().must(op.request.$id!, body)).toEqual([]);
          expect(validators().should(op.request.$id!, body, 'request')).toEqual([]);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    }
  });

  it.each(CASES.filter(([, op]) => op.network.kind === 'body'))("%s: carries the network's chain ID where the binding says", (_, op) => {
    const binding = op.network as { field: string; encoding: 'number' | 'string' };
    const expected = binding.encoding === 'number' ? POLYGON.chainId : String(POLYGON.chainId);
    for (const body of fc.sample(validRequest(op, { network: POLYGON }), { seed: SEED, numRuns: 20 })) {
      expect((body as Record<string, unknown>)[binding.field]).toBe(expected);
    }
  });

  it('adds no chain field where the network is in the path or host', () => {
    for (const body of fc.sample(validRequest(GetNativeTokenBalance, { network: POLYGON }), { seed: SEED, numRuns: 20 })) {
      expect(Object.keys(body)).not.toContain('chainId');
    }
  });

  it('uses the fixtures some of the time, where the request names them', () => {
    const floors = fc.sample(validRequest(GetFloorOrder, { fixtures: FIXTURES }), { seed: SEED, numRuns: 100 });
    const used = floors.filter((b) => b.contractAddress === FIXTURES.collection!.address).length;
    expect(used).toBeGreaterThan(20);
    expect(used).toBeLessThan(100);

    const listings = fc.sample(validRequest(GetHighestPriceListingForCollectible, { fixtures: FIXTURES }), { seed: SEED, numRuns: 50 });
    const hit = listings.find((b) => b.contractAddress === FIXTURES.collection!.address);
    expect(hit?.tokenId).toBe('42');

    const sells = fc.sample(validRequest(GenerateSellTransaction, { fixtures: FIXTURES }), { seed: SEED, numRuns: 50 });
    expect(sells.some((b) => b.collectionAddress === FIXTURES.collection!.address)).toBe(true);

    const swaps = fc.sample(validRequest(GetSwapPrice, { fixtures: FIXTURES }), { seed: SEED, numRuns: 50 });
    const swap = swaps.find((b) => b.buyCurrencyAddress === FIXTURES.swap!.buyCurrencyAddress);
    expect(swap).toMatchObject({ sellCurrencyAddress: FIXTURES.swap!.sellCurrencyAddress, buyAmount: '1000000' });
    expect(swap).not.toHaveProperty('userAddress');

    const balances = fc.sample(validRequest(GetNativeTokenBalance, { fixtures: FIXTURES }), { seed: SEED, numRuns: 50 });
    expect(balances.some((b) => b.accountAddress === FIXTURES.account)).toBe(true);
  });

  it('is reproducible for a seed', () => {
    for (const op of OPERATIONS) {
      const context = { network: POLYGON, fixtures: FIXTURES };
      expect(fc.sample(validRequest(op, context), { seed: 7, numRuns: 10 })).toEqual(
        fc.sample(validRequest(op, context), { seed: 7, numRuns: 10 }),
      );
    }
    expect(fc.sample(validRequest(GetFloorOrder), { seed: 7, numRuns: 10 })).not.toEqual(
      fc.sample(validRequest(GetFloorOrder), { seed: 8, numRuns: 10 }),
    );
  });
});
