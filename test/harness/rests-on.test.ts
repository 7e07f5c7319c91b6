/**
 * A finding that rests on another operation's answer carries that exchange (request and answer, redacted) and
 * its reproduction line; however the check came by the answer — sent itself, adopted, or shared through the
 * session's memo. A finding drawn from its own operation's answers alone carries nothing more, and a pass
 * carries nothing.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCheck } from '../../src/checks/definition.js';
import type { RunConfig } from '../../src/config/run-config.js';
import { networkBySlug } from '../../src/contract/networks.js';
import { findOperation, GetHighestPriceListingForCollectible } from '../../src/contract/operations.js';
import { RESPONSE_SCHEMA } from '../../src/harness/common-checks.js';
import { CheckSession } from '../../src/harness/session.js';
import { listen } from '../support/hostile.js';
import { sessionConfig } from '../support/session-config.js';

const KEY = 'rests-on-test-key-0123456789abcdef';
const LISTING = '{"order":{"priceUSD":953.44}}';
const FLOOR = '{"floorOrder":{"priceUSD":2000}}';

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url?.includes('GetHighestPriceListingForCollectible') ? LISTING : FLOOR);
  });
});
let origin = '';
beforeAll(async () => {
  origin = await listen(server);
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const config = (): RunConfig => sessionConfig(origin, KEY);

const session = () => new CheckSession(findOperation('Marketplace.GetFloorOrder')!, networkBySlug('polygon'), config());
/** A check with the id of one the catalogue holds (the session files results by catalogue id). */
const checkOf = (run: (typeof RESPONSE_SCHEMA)['run']) => defineCheck({ ...RESPONSE_SCHEMA, run });
const LISTING_BODY = { contractAddress: '0x00000000000000000000000000000000000000aa', tokenId: '7', secret: KEY };

describe('a finding carries the answers it rests on', () => {
  it('an answer of another operation the check sent itself: its exchange and both curl lines, the key redacted', async () => {
    const result = await session().check(
      checkOf(async (run) => {
        const listing = await run.send(LISTING_BODY, { op: GetHighestPriceListingForCollectible });
        const floor = await run.send({ contractAddress: '0x00000000000000000000000000000000000000aa' });
        const bound = (listing.json as { order: { priceUSD: number } }).order.priceUSD;
        run.fail({ message: 'the floor is above a listing', pointer: '/floorOrder/priceUSD', expected: `≤ $${bound}`, actual: floor.json });
      }),
    );
    expect(result.status).toBe('failed');
    expect(result.exchange?.request.url).toContain('GetFloorOrder');
    expect(result.restsOn).toHaveLength(1);
    const [other] = result.restsOn!;
    expect(other!.operation).toBe('Marketplace.GetHighestPriceListingForCollectible');
    expect(other!.exchange.request.body).toContain('"tokenId":"7"');
    expect(other!.exchange.response?.body).toBe(LISTING);
    const lines = result.reproduction!.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('Marketplace.GetHighestPriceListingForCollectible');
    expect(lines[1]).toMatch(/^curl .*GetHighestPriceListingForCollectible/);
    expect(lines[3]).toMatch(/^curl .*GetFloorOrder/);
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it('an answer shared through the memo (read once, by another check first) is carried by every finding that read it', async () => {
    const s = session();
    const listing = (): Promise<unknown> =>
      s.memoize(
        'the listing',
        async () => (await s.send('response-schema', LISTING_BODY, { op: GetHighestPriceListingForCollectible })).outcome,
      );
    const first = await s.check(checkOf(async () => void (await listing())));
    const second = await s.check(
      checkOf(async (run) => {
        await listing();
        await run.send({ contractAddress: '0x00000000000000000000000000000000000000aa' });
        run.fail({ message: 'the floor is above the shared listing', pointer: '/floorOrder' });
      }),
    );
    expect(first.status).toBe('passed');
    expect(first.restsOn).toBeUndefined();
    expect(second.restsOn?.map((r) => r.operation)).toEqual(['Marketplace.GetHighestPriceListingForCollectible']);
    expect(second.reproduction).toMatch(/GetHighestPriceListingForCollectible[\s\S]*GetFloorOrder/);
  });

  it("a finding drawn from its own operation's answers carries nothing more, unless the check names an earlier one", async () => {
    const s = session();
    const own = await s.check(
      checkOf(async (run) => {
        await run.send({ contractAddress: '0x00000000000000000000000000000000000000aa' });
        await run.send({ contractAddress: '0x00000000000000000000000000000000000000bb' });
        run.fail({ message: 'judged from its own answer', pointer: '' });
      }),
    );
    expect(own.restsOn).toBeUndefined();
    expect(own.reproduction!.split('\n')).toHaveLength(1);
    const named = await s.check(
      checkOf(async (run) => {
        const earlier = await run.send({ contractAddress: '0x00000000000000000000000000000000000000aa' });
        await run.send({ contractAddress: '0x00000000000000000000000000000000000000bb' });
        run.restOn(earlier.index);
        run.fail({ message: 'compared with the earlier answer', pointer: '' });
      }),
    );
    expect(named.restsOn).toHaveLength(1);
    expect(named.restsOn![0]!.exchange.request.body).toContain('00aa');
  });

  it('checks run side by side keep their trails apart', async () => {
    const s = session();
    await s.checkSideBySide([
      checkOf(async (run) => {
        await run.send(LISTING_BODY, { op: GetHighestPriceListingForCollectible });
        await run.send({ contractAddress: '0x00000000000000000000000000000000000000aa' });
        run.fail({ message: 'rests on a listing', pointer: '' });
      }),
      defineCheck({
        ...RESPONSE_SCHEMA,
        id: 'response-content-type',
        async run(run) {
          await run.send({ contractAddress: '0x00000000000000000000000000000000000000bb' });
          run.fail({ message: 'rests on nothing else', pointer: '' });
        },
      }),
    ]);
    const [withListing, alone] = s.results;
    expect(withListing!.restsOn).toHaveLength(1);
    expect(alone!.restsOn).toBeUndefined();
  });
});
