/**
 * Every one of the 18 operations, on several networks (xai-sepolia's chain ID exceeds 2^32; imx shares its
 * chain with immutable-zkevm), answers a realistic request with 200 and a body that meets the contract and its
 * conventions; without (or with a wrong) X-Access-Key every operation is Unauthorized.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPerNetwork, operationId, OPERATIONS, type OperationDef } from '../../src/contract/operations.js';
import { HANDLERS } from '../../src/server/handlers/index.js';
import { startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';
import { call, expectDocumented, expectError, realisticRequest } from './support.js';

const NETWORKS = ['polygon', 'xai-sepolia', 'mainnet', 'imx', 'base-sepolia'] as const;

/** Marketplace, Relayer and Indexer take the network in the path; API and Metadata in the body. */
const inPath = (op: OperationDef) => op.network.kind === 'path' || op.network.kind === 'host';

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ seed: 7 });
});
afterAll(async () => {
  await server.close();
});

describe('every operation', () => {
  it('has a handler', () => {
    expect([...HANDLERS.keys()].sort()).toEqual(OPERATIONS.map(operationId).sort());
  });

  for (const op of OPERATIONS) {
    const networks = isPerNetwork(op) ? NETWORKS : (['polygon'] as const);
    it(`${operationId(op)} answers a realistic request with a documented body`, async () => {
      for (const slug of networks) {
        const body = await realisticRequest(server, op, slug);
        const answer = await call(server, op, inPath(op) ? slug : null, body);
        expectDocumented(op, answer, `${operationId(op)} on ${slug}`);
      }
    });

    it(`${operationId(op)} without an acceptable X-Access-Key is Unauthorized`, async () => {
      const body = await realisticRequest(server, op, 'polygon');
      const network = inPath(op) ? 'polygon' : null;
      for (const accessKey of [false, 'not-the-key', ''] as const) {
        const answer = await call(server, op, network, body, { accessKey });
        expectError(answer, 401, 'Unauthorized', 1000);
        expect(answer.json).toEqual({ error: 'Unauthorized', code: 1000, msg: 'Unauthorized access', status: 401 });
      }
    });
  }
});
