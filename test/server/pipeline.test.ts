/**
 * The request pipeline: the webrpc wire rules in their order, how bodies are decoded, and the fault hooks the
 * suite's self-tests wrap around the conformant pipeline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkBySlug } from '../../src/contract/networks.js';
import {
  CheckoutOptionsMarketplace,
  CreateAudience,
  GenerateSellTransaction,
  GetAudience,
  GetCountOfFilteredCollectibles,
  GetSwapPrices,
  GetSwapQuote,
  operationId,
  OPERATIONS,
  RemoveAudienceContacts,
  TokenCollectionFilters,
} from '../../src/contract/operations.js';
import { DecodeError, decodeRequest } from '../../src/server/decode.js';
import { MAX_BODY_BYTES, startReferenceServer, type FaultHooks, type RunningReferenceServer } from '../../src/server/index.js';
import { validators } from '../../src/validation/validators.js';
import { call, expectDocumented, expectError, fixtureCollection, realisticRequest, send, urlOf } from './support.js';

// The pipeline in webrpc's order (wire-facts.md §4, §5): route, method, Content-Type, access key, body; how a
// body is read (unknown keys ignored, keys matched ignoring case, nulls as absent, unknown enum strings as the
// first value); and that no client mistake is ever answered with 5xx.
describe('wire rules', () => {
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
        expectError(
          await send(`${server.origin}${path}`, server.accessKey, {}, { method: 'GET', accessKey: false, contentType: null }),
          404,
          'WebrpcBadRoute',
        );
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
        [
          { filter: { includeEmpty: true, properties: [{ name: 'level', type: 'INT', min: '1' }] } },
          'filter.properties[0].min',
          GetCountOfFilteredCollectibles,
        ],
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

    it('a negative or fractional number for an unsigned integer field is 400; a negative property bound or additionalFee is not', async () => {
      expectError(await call(server, CreateAudience, null, { projectId: -1, name: 'x' }), 400, 'WebrpcBadRequest');
      expectError(await call(server, CreateAudience, null, { projectId: 1.5, name: 'x' }), 400, 'WebrpcBadRequest');
      expectError(await call(server, GetSwapPrices, null, { chainId: 137.5 }), 400, 'WebrpcBadRequest');
      expectError(await call(server, CheckoutOptionsMarketplace, 'polygon', { additionalFee: 0.5 }), 400, 'WebrpcBadRequest');
      const fractionalBound = {
        contractAddress: collection,
        filter: { includeEmpty: true, properties: [{ name: 'level', type: 'INT', min: 1.5 }] },
      };
      expect((await count(fractionalBound)).json.cause).toBe('filter.properties[0].min: must be an integer, got 1.5');
      const negativeBound = {
        contractAddress: collection,
        filter: { includeEmpty: true, properties: [{ name: 'level', type: 'INT', min: -5 }] },
      };
      expect((await count(negativeBound)).status).toBe(200);
      // additionalFee is a Go int: read as given when negative, refused only as a fraction.
      const checkout = await realisticRequest(server, CheckoutOptionsMarketplace, 'polygon');
      expectDocumented(
        CheckoutOptionsMarketplace,
        await call(server, CheckoutOptionsMarketplace, 'polygon', { ...checkout, additionalFee: -250 }),
      );
      const fractionalFee = await call(server, CheckoutOptionsMarketplace, 'polygon', { ...checkout, additionalFee: -2.5 });
      expectError(fractionalFee, 400, 'WebrpcBadRequest');
      expect(fractionalFee.json.cause).toBe('additionalFee: must be an integer, got -2.5');
    });

    it('slippagePercentage, which real servers take in GetSwapPrices and GetSwapQuote too, is read as an unsigned integer there', async () => {
      for (const op of [GetSwapPrices, GetSwapQuote]) {
        const request = await realisticRequest(server, op, 'polygon');
        expectDocumented(op, await call(server, op, null, { ...request, slippagePercentage: 3 }));
        for (const slippagePercentage of [-1, 1.5]) {
          const answer = await call(server, op, null, { ...request, slippagePercentage });
          expectError(answer, 400, 'WebrpcBadRequest');
          expect(answer.json.cause, `${op.method} ${slippagePercentage}`).toMatch(
            /^slippagePercentage: must be (?:an|a non-negative) integer/,
          );
        }
      }
    });

    it('an amount is read from a bare JSON integer as from its quoted decimal; a fraction is 400', async () => {
      const prices = { ...(await realisticRequest(server, GetSwapPrices, 'polygon')), buyAmount: '1000' };
      const quoted = await call(server, GetSwapPrices, null, prices);
      expectDocumented(GetSwapPrices, quoted);
      expect(quoted.json.swapPrices?.length).toBeGreaterThan(0);
      const bare = await call(server, GetSwapPrices, null, { ...prices, buyAmount: 1000 });
      expectDocumented(GetSwapPrices, bare);
      expect(bare.json).toEqual(quoted.json);
      const fraction = await call(server, GetSwapPrices, null, { ...prices, buyAmount: 10.5 });
      expectError(fraction, 400, 'WebrpcBadRequest');
      expect(fraction.json.cause).toBe('buyAmount: must be an integer, got 10.5');
    });

    it('a body over the size cap is 400 WebrpcBadRequest', async () => {
      const rawBody = JSON.stringify({ contractAddress: collection, padding: 'x'.repeat(MAX_BODY_BYTES) });
      expectError(await count(undefined, { rawBody }), 400, 'WebrpcBadRequest');
    });

    it('reads bodies as webrpc does: unknown keys ignored, keys matched ignoring case, null as absent', async () => {
      const plain = (await count({ side: 'listing', contractAddress: collection, filter: { includeEmpty: true } })).json.count;
      expect(plain).toBeGreaterThan(0);
      const variants = [
        {
          side: 'listing',
          contractAddress: collection,
          filter: { includeEmpty: true, notAField: [1] },
          chainId: '137',
          extra: { deep: true },
        },
        { Side: 'listing', CONTRACTADDRESS: collection, Filter: { IncludeEmpty: true } },
        {
          side: 'listing',
          contractAddress: collection,
          filter: { includeEmpty: true, searchText: null, properties: null, marketplaces: null },
        },
      ];
      for (const body of variants) expect((await count(body)).json.count, JSON.stringify(body)).toBe(plain);
      // A missing required key is its zero value: no includeEmpty is includeEmpty false.
      const withoutEmpty = (await count({ side: 'listing', contractAddress: collection, filter: {} })).json.count;
      expect(withoutEmpty).toBe(
        (await count({ side: 'listing', contractAddress: collection, filter: { includeEmpty: false } })).json.count,
      );
    });

    it('an unknown enum string reads as the enum first value, not a refusal', async () => {
      const asUnknown = (await count({ side: 'unknown', contractAddress: collection, filter: { includeEmpty: false } })).json.count;
      for (const side of ['SELL', 'Listing', '']) {
        const answer = await count({ side, contractAddress: collection, filter: { includeEmpty: false } });
        expect(answer.status).toBe(200);
        expect(answer.json.count, side).toBe(asUnknown);
      }
      const propertyType = await count({
        contractAddress: collection,
        filter: { includeEmpty: true, properties: [{ name: 'level', type: 'int', min: 1 }] },
      });
      expect(propertyType.status).toBe(200);
      const sell = await realisticRequest(server, GenerateSellTransaction, 'polygon');
      const asKnown = await call(server, GenerateSellTransaction, 'polygon', sell);
      expectDocumented(GenerateSellTransaction, asKnown);
      for (const walletType of ['SEQUENCE', 'metamask']) {
        expect((await call(server, GenerateSellTransaction, 'polygon', { ...sell, walletType })).json, walletType).toEqual(asKnown.json);
      }
    });
  });

  describe('no client mistake is a server error', () => {
    // One of each JSON kind, plus the values that break a meaning: not hex, negative, fractional, beyond 64 bits.
    const oddValues: unknown[] = [null, '', '0xzz', -1, 1.5, 1e30, true, [null], [{}], { value: 1 }, '9'.repeat(90)];

    it('any odd value in any field of any operation is answered below 500, with an error object when refused', async () => {
      const requests = OPERATIONS.flatMap((op) => {
        const fields = Object.keys((op.request as unknown as { properties: Record<string, unknown> }).properties);
        const network = op.network.kind === 'path' || op.network.kind === 'host' ? 'xai-sepolia' : null;
        // chainId stays valid elsewhere, so the odd value is what the handler meets.
        return fields.flatMap((field) => oddValues.map((value) => ({ op, network, body: { chainId: 37714555429, [field]: value } })));
      });
      const answers = await Promise.all(requests.map(({ op, network, body }) => call(server, op, network, body)));
      answers.forEach((answer, i) => {
        const { op, body } = requests[i]!;
        expect(answer.status, `${operationId(op)} ${JSON.stringify(body)}: ${answer.text}`).toBeLessThan(500);
        if (answer.status >= 400) expectError(answer, answer.status, answer.json.error);
      });
    });

    it('the Metadata chain ID is read from the body (unknown chain: InvalidArgument)', async () => {
      const unknown = await call(server, TokenCollectionFilters, null, { chainId: '999999999', contractAddress: collection });
      expectError(unknown, 400, 'InvalidArgument', 2001);
      expect(unknown.json.cause).toContain('chainId');
    });
  });
});

// The request decoder reads bodies as webrpc does and always yields a value of the operation's request schema
// (so handlers can trust the contract's Static types).
describe('request decoder', () => {
  const decodeCount = (body: unknown) => decodeRequest(GetCountOfFilteredCollectibles.request, body);

  describe('decodeRequest', () => {
    it('yields what the request schema allows, whatever extra, null or mis-cased keys a body has', () => {
      const bodies: unknown[] = [
        {},
        {
          side: 'offer',
          contractAddress: '0xabc',
          filter: { includeEmpty: true, properties: [{ name: 'level', type: 'INT', min: -3, max: null, values: [1, 'x', null] }] },
        },
        {
          SIDE: 'bogus',
          Filter: { INCLUDEEMPTY: false, Properties: [null, {}], marketplaces: ['opensea', 'nope'], unknown: 1 },
          extra: [1, 2],
        },
        { filter: null, side: null, contractAddress: null },
      ];
      for (const body of bodies) {
        const decoded = decodeCount(body);
        expect(validators().must(GetCountOfFilteredCollectibles.request.$id!, decoded), JSON.stringify(body)).toEqual([]);
      }
      expect(decodeCount(bodies[2])).toEqual({
        side: 'unknown',
        filter: {
          includeEmpty: false,
          properties: [
            { name: '', type: 'INT' },
            { name: '', type: 'INT' },
          ],
          marketplaces: ['opensea', 'unknown'],
        },
      });
    });

    it('an open enum (known values only) reads an unknown or mis-cased name as its first value too', () => {
      const sell = (walletType: unknown) => decodeRequest(GenerateSellTransaction.request, { walletType });
      expect(sell('sequence')).toEqual({ walletType: 'sequence' });
      for (const other of ['SEQUENCE', 'Sequence', 'metamask', '']) expect(sell(other), other).toEqual({ walletType: 'unknown' });
      expect(() => sell(1)).toThrow('walletType: expected an enum name (string), got number');
    });

    it('an empty object is a valid request of every operation', () => {
      for (const op of OPERATIONS) expect(validators().must(op.request.$id!, decodeRequest(op.request, {}))).toEqual([]);
    });

    it('refuses wrong types and non-integers, naming the field', () => {
      const refusals: Array<[unknown, string]> = [
        [[], 'the body must be a JSON object, got array'],
        [{ side: 2 }, 'side: expected an enum name (string), got number'],
        [{ filter: { includeEmpty: 1 } }, 'filter.includeEmpty: expected a boolean, got number'],
        [{ filter: { properties: [{ name: 7 }] } }, 'filter.properties[0].name: expected a string, got number'],
        [{ filter: { properties: [{ min: 2.5 }] } }, 'filter.properties[0].min: must be an integer, got 2.5'],
        [{ filter: { inAccounts: [1] } }, 'filter.inAccounts[0]: expected a string, got number'],
      ];
      for (const [body, cause] of refusals) {
        expect(() => decodeCount(body)).toThrow(DecodeError);
        expect(() => decodeCount(body)).toThrow(cause);
      }
      expect(() => decodeRequest(RemoveAudienceContacts.request, { contactIds: [1, -2] })).toThrow(
        'contactIds[1]: must be a non-negative integer, got -2',
      );
      expect(() => decodeRequest(RemoveAudienceContacts.request, { projectId: 2e20 })).toThrow('overflows');
      expect(decodeRequest(CheckoutOptionsMarketplace.request, { additionalFee: -7 })).toEqual({ additionalFee: -7 });
      expect(decodeRequest(GetSwapPrices.request, { buyAmount: 1000 })).toEqual({ buyAmount: '1000' });
      expect(() => decodeRequest(GetSwapPrices.request, { buyAmount: 2 ** 60 })).toThrow('send it as a quoted decimal');
      expect(() => decodeRequest(CheckoutOptionsMarketplace.request, { additionalFee: 7.5 })).toThrow(
        'additionalFee: must be an integer, got 7.5',
      );
    });
  });
});

// The fault hooks of types.ts around the conformant pipeline: skipAuth, transform (on a copy of every answer,
// with the operation and network known), intercept ('hang', 'reset', or an answer of its own), and the
// request counters the self-tests read. A hung request must not keep close() from finishing.
describe('fault hooks', () => {
  async function withServer(
    faults: readonly FaultHooks[],
    test: (server: Awaited<ReturnType<typeof startReferenceServer>>) => Promise<void>,
  ) {
    const server = await startReferenceServer({ seed: 2, faults });
    try {
      await test(server);
    } finally {
      await server.close();
    }
  }

  describe('each hook', () => {
    it('skipAuth accepts requests without a key', async () => {
      await withServer([{ skipAuth: true }], async (server) => {
        const body = { contractAddress: fixtureCollection(server, 'polygon').address };
        expectDocumented(
          GetCountOfFilteredCollectibles,
          await call(server, GetCountOfFilteredCollectibles, 'polygon', body, { accessKey: false }),
        );
      });
    });

    it('transform sees every answer with its operation and network, and rewrites a copy', async () => {
      const seen: Array<{ operation: string | undefined; network: string | undefined; service: string | undefined; status: number }> = [];
      const faults: FaultHooks[] = [
        {
          transform: (ctx, response) => {
            seen.push({ operation: ctx.operation, network: ctx.network, service: ctx.service, status: response.status });
            (response.body as Record<string, unknown>)['touched'] = true;
            return response;
          },
        },
        {
          transform: (_ctx, response) => ({
            ...response,
            headers: { ...response.headers, 'x-second': String((response.body as Record<string, unknown>)['touched']) },
          }),
        },
      ];
      await withServer(faults, async (server) => {
        const collection = fixtureCollection(server, 'xai-sepolia').address;
        const count = await call(server, GetCountOfFilteredCollectibles, 'xai-sepolia', { contractAddress: collection });
        expect(count.json.touched).toBe(true);
        expect(count.headers.get('x-second')).toBe('true');
        const again = await call(server, GetCountOfFilteredCollectibles, 'xai-sepolia', { contractAddress: collection });
        expect(again.json.count).toBe(count.json.count);
        // 13371 is both immutable-zkevm and imx: the first slug in NETWORKS order stands for the chain.
        await call(server, GetSwapPrices, null, { chainId: 13371 });
        await call(server, TokenCollectionFilters, null, { chainID: '37714555429' }, { accessKey: false });
        await call(server, GetAudience, null, { projectId: 1, audienceId: 1 });
        await send(`${server.origin}/nowhere`, server.accessKey, {});
      });
      expect(seen).toEqual([
        { operation: 'Marketplace.GetCountOfFilteredCollectibles', network: 'xai-sepolia', service: 'Marketplace', status: 200 },
        { operation: 'Marketplace.GetCountOfFilteredCollectibles', network: 'xai-sepolia', service: 'Marketplace', status: 200 },
        { operation: 'API.GetSwapPrices', network: 'immutable-zkevm', service: 'API', status: 400 },
        { operation: 'Metadata.TokenCollectionFilters', network: 'xai-sepolia', service: 'Metadata', status: 401 },
        { operation: 'Builder.GetAudience', network: undefined, service: 'Builder', status: 200 },
        { operation: undefined, network: undefined, service: undefined, status: 404 },
      ]);
    });

    it("intercept: 'hang' never answers (and close() still returns), 'reset' drops the connection, an answer replaces the pipeline", async () => {
      const faults: FaultHooks[] = [
        {
          intercept: (ctx) => {
            if (ctx.network === 'polygon' && ctx.operation === 'Marketplace.GetFloorOrder') return 'hang';
            if (ctx.network === 'base') return 'reset';
            if (ctx.path === '/teapot') return { status: 418, headers: { 'content-type': 'application/json' }, body: { brewed: true } };
            return undefined;
          },
        },
      ];
      const server = await startReferenceServer({ seed: 2, faults });
      const started = performance.now();
      try {
        await expect(
          call(server, { service: 'Marketplace', method: 'GetFloorOrder' }, 'polygon', {}, { signal: AbortSignal.timeout(300) }),
        ).rejects.toThrow();
        await expect(call(server, { service: 'Marketplace', method: 'GetFloorOrder' }, 'base', {})).rejects.toThrow();
        const teapot = await send(`${server.origin}/teapot`, server.accessKey, {});
        expect([teapot.status, teapot.json]).toEqual([418, { brewed: true }]);
        // The other networks are untouched.
        expect((await call(server, { service: 'Marketplace', method: 'GetFloorOrder' }, 'mainnet', {})).status).toBe(200);
        // A request still hanging when the server closes.
        void call(server, { service: 'Marketplace', method: 'GetFloorOrder' }, 'polygon', {}).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        await server.close();
      }
      expect(performance.now() - started).toBeLessThan(3_000);
    });

    it('counts requests per operation, and unrouted ones', async () => {
      await withServer([], async (server) => {
        await call(server, GetSwapPrices, null, {});
        await call(server, GetSwapPrices, null, {}, { method: 'GET' });
        await call(server, GetAudience, null, {}, { accessKey: false });
        await send(`${server.origin}/rpc/API/Nope`, server.accessKey, {});
        await send(`${server.origin}/marketplace/atlantis/rpc/Marketplace/GetFloorOrder`, server.accessKey, {});
        expect(server.requestCounts()).toEqual({ 'API.GetSwapPrices': 2, 'Builder.GetAudience': 1, unrouted: 2 });
      });
    });

    it('a default server has a random access key; a given one is used', async () => {
      const a = await startReferenceServer();
      const b = await startReferenceServer();
      const c = await startReferenceServer({ accessKey: 'chosen' });
      try {
        expect(a.accessKey).toMatch(/^[0-9a-f]{32}$/);
        expect(a.accessKey).not.toBe(b.accessKey);
        expect(c.accessKey).toBe('chosen');
        expect(a.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expectError(
          await call(a, GetAudience, null, { projectId: 1, audienceId: 1 }, { accessKey: b.accessKey }),
          401,
          'Unauthorized',
          1000,
        );
      } finally {
        await Promise.all([a.close(), b.close(), c.close()]);
      }
    });
  });
});
