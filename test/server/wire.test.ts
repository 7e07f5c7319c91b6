/**
 * The pipeline in webrpc's order (wire-facts.md §4, §5): route, method, Content-Type, access key, body; how a
 * body is read (unknown keys ignored, keys matched ignoring case, nulls as absent, unknown enum strings as the
 * first value); and that no client mistake is ever answered with 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkBySlug } from '../../src/contract/networks.js';
import {
  CreateAudience,
  GetCountOfFilteredCollectibles,
  GetSwapPrices,
  OPERATIONS,
  operationId,
  TokenCollectionFilters,
  CheckoutOptionsMarketplace,
} from '../../src/contract/operations.js';
import { MAX_BODY_BYTES, startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';
import { call, expectError, fixtureCollection, send, urlOf } from './support.js';

let server: RunningReferenceServer;
let collection: string;
beforeAll(async () => {
  server = await startReferenceServer({ seed: 11 });
  collection = fixtureCollection(server, 'polygon').address;
});
afterAll(async () => {
  await server.close();
});

const count = (body: unknown, options = {}) => call(server, GetCountOfFilteredCollectibles, 'polygon', body, options);

describe('routing', () => {
  const badPaths = [
    '/nope',
    '/rpc/API/NoSuchMethod',
    '/rpc/Builder/NoSuchMethod',
    '/rpc/Metadata/NoSuchMethod',
    '/marketplace/polygon/rpc/Marketplace/NoSuchMethod',
    '/relayer/polygon/rpc/Relayer/NoSuchMethod',
    '/indexer/polygon/rpc/Indexer/NoSuchMethod',
    '/marketplace/atlantis/rpc/Marketplace/GetFloorOrder',
    '/relayer/atlantis/rpc/Relayer/FeeOptions',
    '/rpc/Marketplace/GetFloorOrder',
    '/marketplace/polygon/rpc/API/GetSwapPrices',
    '/indexer/polygon/rpc/Relayer/FeeOptions',
    '/rpc/API/GetSwapPrices/',
    '/rpc/api/GetSwapPrices',
  ];
  it('an unknown path is 404 WebrpcBadRoute, before the method, Content-Type and key are looked at', async () => {
    for (const path of badPaths) {
      expectError(await send(`${server.origin}${path}`, server.accessKey, {}), 404, 'WebrpcBadRoute', -2);
      expectError(await send(`${server.origin}${path}`, server.accessKey, {}, { method: 'GET', accessKey: false, contentType: null }), 404, 'WebrpcBadRoute');
    }
  });

  it('every operation is served where targetsFromOrigin says', async () => {
    for (const op of OPERATIONS) {
      const url = urlOf(server, op, op.network.kind === 'none' ? null : networkBySlug('polygon'));
      const answer = await send(url, server.accessKey, undefined, { method: 'GET' });
      expect(answer.status, `${operationId(op)} at ${url}`).toBe(405);
    }
  });
});

describe('method and Content-Type', () => {
  it('a method other than POST is 405 WebrpcBadMethod with Allow: POST, before the key is checked', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const answer = await count({}, { method, accessKey: false });
      expectError(answer, 405, 'WebrpcBadMethod', -3);
      expect(answer.headers.get('allow')).toBe('POST');
    }
  });

  it('a Content-Type other than application/json is 400 WebrpcBadRequest, before the key is checked', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', null]) {
      expectError(await count({ contractAddress: collection }, { contentType, accessKey: false }), 400, 'WebrpcBadRequest', -4);
    }
  });

  it('application/json with parameters or in another case is accepted', async () => {
    for (const contentType of ['application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8']) {
      expect((await count({ contractAddress: collection }, { contentType })).status).toBe(200);
    }
  });
});

describe('the body', () => {
  it('empty, not JSON, not an object, or with trailing bytes: 400 WebrpcBadRequest', async () => {
    for (const rawBody of ['', '   ', '{"this is": not JSON', '[]', '42', '"text"', 'null', 'true', '{} x', '{"a":1}{"b":2}']) {
      const answer = await count(undefined, { rawBody });
      expectError(answer, 400, 'WebrpcBadRequest', -4);
    }
  });

  it('a wrong JSON type is 400 WebrpcBadRequest with the field named in the cause', async () => {
    const cases: Array<[unknown, string, typeof GetCountOfFilteredCollectibles | typeof GetSwapPrices | typeof CreateAudience]> = [
      [{ contractAddress: 12 }, 'contractAddress', GetCountOfFilteredCollectibles],
      [{ side: 1 }, 'side', GetCountOfFilteredCollectibles],
      [{ filter: { includeEmpty: 'yes' } }, 'filter.includeEmpty', GetCountOfFilteredCollectibles],
      [{ filter: [] }, 'filter', GetCountOfFilteredCollectibles],
      [{ filter: { includeEmpty: true, properties: [{ name: 'level', type: 'INT', min: '1' }] } }, 'filter.properties[0].min', GetCountOfFilteredCollectibles],
      [{ filter: { includeEmpty: true, marketplaces: 'opensea' } }, 'filter.marketplaces', GetCountOfFilteredCollectibles],
      [{ chainId: '137' }, 'chainId', GetSwapPrices],
      [{ chainId: 137, buyAmount: true }, 'buyAmount', GetSwapPrices],
      [{ projectId: 'one' }, 'projectId', CreateAudience],
    ];
    for (const [body, field, op] of cases) {
      const answer = await call(server, op, op === GetCountOfFilteredCollectibles ? 'polygon' : null, body);
      expectError(answer, 400, 'WebrpcBadRequest');
      expect(answer.json.cause, JSON.stringify(body)).toContain(field);
    }
  });

  it('a negative or fractional number for an integer field is 400; a negative property bound is not', async () => {
    expectError(await call(server, CreateAudience, null, { projectId: -1, name: 'x' }), 400, 'WebrpcBadRequest');
    expectError(await call(server, CreateAudience, null, { projectId: 1.5, name: 'x' }), 400, 'WebrpcBadRequest');
    expectError(await call(server, GetSwapPrices, null, { chainId: 137.5 }), 400, 'WebrpcBadRequest');
    expectError(await call(server, CheckoutOptionsMarketplace, 'polygon', { additionalFee: 0.5 }), 400, 'WebrpcBadRequest');
    const fractionalBound = { contractAddress: collection, filter: { includeEmpty: true, properties: [{ name: 'level', type: 'INT', min: 1.5 }] } };
    expect((await count(fractionalBound)).json.cause).toBe('filter.properties[0].min: must be an integer, got 1.5');
    const negativeBound = { contractAddress: collection, filter: { includeEmpty: true, properties: [{ name: 'level', type: 'INT', min: -5 }] } };
    expect((await count(negativeBound)).status).toBe(200);
  });

  it('a body over the size cap is 400 WebrpcBadRequest', async () => {
    const rawBody = JSON.stringify({ contractAddress: collection, padding: 'x'.repeat(MAX_BODY_BYTES) });
    expectError(await count(undefined, { rawBody }), 400, 'WebrpcBadRequest');
  });

  it('reads bodies as webrpc does: unknown keys ignored, keys matched ignoring case, null as absent', async () => {
    const plain = (await count({ side: 'listing', contractAddress: collection, filter: { includeEmpty: true } })).json.count;
    expect(plain).toBeGreaterThan(0);
    const variants = [
      { side: 'listing', contractAddress: collection, filter: { includeEmpty: true, notAField: [1] }, chainId: '137', extra: { deep: true } },
      { Side: 'listing', CONTRACTADDRESS: collection, Filter: { IncludeEmpty: true } },
      { side: 'listing', contractAddress: collection, filter: { includeEmpty: true, searchText: null, properties: null, marketplaces: null } },
    ];
    for (const body of variants) expect((await count(body)).json.count, JSON.stringify(body)).toBe(plain);
    // A missing required key is its zero value: no includeEmpty is includeEmpty false.
    const withoutEmpty = (await count({ side: 'listing', contractAddress: collection, filter: {} })).json.count;
    expect(withoutEmpty).toBe((await count({ side: 'listing', contractAddress: collection, filter: { includeEmpty: false } })).json.count);
  });

  it('an unknown enum string reads as the enum first value, not a refusal', async () => {
    const asUnknown = (await count({ side: 'unknown', contractAddress: collection, filter: { includeEmpty: false } })).json.count;
    for (const side of ['SELL', 'Listing', '']) {
      const answer = await count({ side, contractAddress: collection, filter: { includeEmpty: false } });
      expect(answer.status).toBe(200);
      expect(answer.json.count, side).toBe(asUnknown);
    }
    const propertyType = await count({ contractAddress: collection, filter: { includeEmpty: true, properties: [{ name: 'level', type: 'int', min: 1 }] } });
    expect(propertyType.status).toBe(200);
  });
});

describe('no client mistake is a server error', () => {
  const oddValues: unknown[] = [null, '', 'x', '0x', '0xzz', -1, 0, 1.5, 1e30, true, [], {}, [null], [{}], ['x'], '1'.repeat(120), '-5', { value: 1 }];

  it('any odd value in any field of any operation is answered below 500, with an error object when refused', async () => {
    for (const op of OPERATIONS) {
      const fields = Object.keys((op.request as unknown as { properties: Record<string, unknown> }).properties);
      const network = op.network.kind === 'path' || op.network.kind === 'host' ? 'xai-sepolia' : null;
      const requests = fields.flatMap((field) => oddValues.map((value) => ({ [field]: value, ...(field === 'chainId' ? {} : { chainId: 37714555429 }) })));
      const answers = await Promise.all(requests.map((body) => call(server, op, network, body)));
      answers.forEach((answer, i) => {
        expect(answer.status, `${operationId(op)} ${JSON.stringify(requests[i])}: ${answer.text}`).toBeLessThan(500);
        if (answer.status >= 400) expectError(answer, answer.status, answer.json.error);
      });
    }
  });

  it('the Metadata chain ID is read from the body (unknown chain: InvalidArgument)', async () => {
    const unknown = await call(server, TokenCollectionFilters, null, { chainId: '999999999', contractAddress: collection });
    expectError(unknown, 400, 'InvalidArgument', 2001);
    expect(unknown.json.cause).toContain('chainId');
  });
});
