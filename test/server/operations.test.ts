/**
 * Every one of the 18 operations, on several networks (xai-sepolia's chain ID exceeds 2^32; imx shares its
 * chain with immutable-zkevm), answers a realistic request built from the server's own fixtures with 200 and a
 * body that meets the contract and its conventions; without (or with a wrong) X-Access-Key every operation is
 * Unauthorized. The fixtures themselves are valid, complete for all 39 networks, true, and a function of the seed.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixturesSchema } from '../../src/config/fixtures.js';
import { NETWORKS } from '../../src/contract/networks.js';
import {
  GetFloorOrder,
  GetHighestPriceListingForCollectible,
  GetSwapPrices,
  isPerNetwork,
  operationId,
  OPERATIONS,
  type OperationDef,
} from '../../src/contract/operations.js';
import { createReferenceApp, startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';
import { call, expectDocumented, expectError, realisticRequest } from './support.js';

// ajv ships CommonJS: under NodeNext its class is the module's `default` (as in src/validation/validators.ts).
const AjvCtor = (Ajv2020 as unknown as { default: typeof Ajv2020.default }).default ?? Ajv2020;

const SEED = 7;
const SAMPLE_NETWORKS = ['polygon', 'xai-sepolia', 'mainnet', 'imx', 'base-sepolia'] as const;
/** Marketplace, Relayer and Indexer take the network in the path; API and Metadata in the body. */
const inPath = (op: OperationDef) => op.network.kind === 'path' || op.network.kind === 'host';

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ seed: SEED });
});
afterAll(async () => {
  await server.close();
});

describe('every operation', () => {
  for (const op of OPERATIONS) {
    const networks = isPerNetwork(op) ? SAMPLE_NETWORKS : (['polygon'] as const);
    it(`${operationId(op)} answers a realistic request with a documented body`, async () => {
      for (const slug of networks) {
        const body = await realisticRequest(server, op, slug);
        const answer = await call(server, op, inPath(op) ? slug : null, body);
        expectDocumented(op, answer, `${operationId(op)} on ${slug}`);
      }
    });

    it(`${operationId(op)} without an acceptable X-Access-Key is Unauthorized`, async () => {
      const body = await realisticRequest(server, op, 'polygon');
      for (const accessKey of [false, 'not-the-key', ''] as const) {
        const answer = await call(server, op, inPath(op) ? 'polygon' : null, body, { accessKey });
        expectError(answer, 401, 'Unauthorized', 1000);
        expect(answer.json).toEqual({ error: 'Unauthorized', code: 1000, msg: 'Unauthorized access', status: 401 });
      }
    });
  }
});

describe('fixtures', () => {
  it('validate against FixturesSchema and cover every network', () => {
    const validate = new AjvCtor({ allErrors: true }).compile(JSON.parse(JSON.stringify(FixturesSchema)));
    expect(validate(server.fixtures), JSON.stringify(validate.errors)).toBe(true);
    expect(Object.keys(server.fixtures.networks!).sort()).toEqual(NETWORKS.map((n) => n.slug).sort());
    for (const [slug, f] of Object.entries(server.fixtures.networks!)) {
      expect(f.collection?.listedTokenId, slug).toBeDefined();
      expect(f.swap, slug).toBeDefined();
      expect(f.account, slug).toMatch(/^0x[0-9a-f]{40}$/);
    }
    expect(server.fixtures.builder).toMatchObject({ projectId: expect.any(Number), audienceId: expect.any(Number) });
  });

  it('describe entities that exist on every network, with orders on that network chain', async () => {
    await Promise.all(
      NETWORKS.map(async (network) => {
        const f = server.fixtures.networks![network.slug]!;
        const floor = await call(server, GetFloorOrder, network.slug, { contractAddress: f.collection!.address });
        expectDocumented(GetFloorOrder, floor, `floor on ${network.slug}`);
        expect(floor.json.collectible.order.chainId).toBe(network.chainId);
        expect(floor.json.collectible.offer.chainId).toBe(network.chainId);
        const listed = await call(server, GetHighestPriceListingForCollectible, network.slug, {
          contractAddress: f.collection!.address,
          tokenId: f.collection!.listedTokenId,
        });
        expect(listed.json.order.tokenId).toBe(f.collection!.listedTokenId);
        const swap = f.swap!;
        const prices = await call(server, GetSwapPrices, null, {
          userAddress: swap.userAddress,
          buyCurrencyAddress: swap.buyCurrencyAddress,
          buyAmount: swap.buyAmount,
          chainId: network.chainId,
        });
        expect(
          prices.json.swapPrices?.map((p: { currencyAddress: string }) => p.currencyAddress),
          network.slug,
        ).toContain(swap.sellCurrencyAddress);
      }),
    );
  });

  it('are a function of the seed', () => {
    expect(createReferenceApp({ seed: SEED }).fixtures).toEqual(server.fixtures);
    expect(createReferenceApp({ seed: SEED + 1 }).fixtures).not.toEqual(server.fixtures);
    expect(createReferenceApp().fixtures).toEqual(createReferenceApp({ seed: 1 }).fixtures);
  });
});
