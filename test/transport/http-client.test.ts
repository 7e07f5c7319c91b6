import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requestCount, send } from '../../src/transport/http-client.js';

const ORIGIN = 'http://rpc.conformance.test';

describe('transport (nock)', () => {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => nock.cleanAll());
  afterAll(() => nock.enableNetConnect());

  it('sends method, headers and the exact body bytes, and reads status, headers and JSON', async () => {
    const scope = nock(ORIGIN)
      .post('/rpc/API/GetSwapPrices', '{"chainId":137}')
      .matchHeader('x-access-key', 'k-123')
      .matchHeader('content-type', 'application/json')
      .reply(200, { swapPrices: null }, { 'Content-Type': 'application/json', Webrpc: 'webrpc@v0.25.1' });
    const before = requestCount();
    const outcome = await send(
      {
        method: 'POST',
        url: `${ORIGIN}/rpc/API/GetSwapPrices`,
        headers: { 'Content-Type': 'application/json', 'X-Access-Key': 'k-123' },
        body: '{"chainId":137}',
      },
      { timeoutMs: 1000 },
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.response.status).toBe(200);
    expect(outcome.response.json).toEqual({ swapPrices: null });
    expect(outcome.response.headers['webrpc']).toBe('webrpc@v0.25.1');
    expect(requestCount()).toBe(before + 1);
    scope.done();
  });

  it('keeps a non-JSON body as text and says why it is not JSON', async () => {
    nock(ORIGIN).post('/x').reply(500, '<html>oops</html>', { 'Content-Type': 'text/html' });
    const outcome = await send({ method: 'POST', url: `${ORIGIN}/x`, headers: {}, body: '{}' }, { timeoutMs: 1000 });
    expect(outcome.ok && outcome.response.json).toBe(undefined);
    expect(outcome.ok && outcome.response.text).toBe('<html>oops</html>');
    expect(outcome.ok && outcome.response.jsonError).toMatch(/not JSON/);
  });

  it('reports a timeout instead of waiting for a slow target', async () => {
    nock(ORIGIN).post('/slow').delay(2000).reply(200, {});
    const outcome = await send({ method: 'POST', url: `${ORIGIN}/slow`, headers: {}, body: '{}' }, { timeoutMs: 100 });
    expect(outcome).toMatchObject({ ok: false, failure: 'timeout' });
  });

  it('gives up a request in flight when told to, with the reason, and sends nothing once abandoned', async () => {
    nock(ORIGIN).post('/hangs').delay(60_000).reply(200, {});
    const givenUp = new AbortController();
    const pending = send(
      { method: 'POST', url: `${ORIGIN}/hangs`, headers: {}, body: '{}' },
      { timeoutMs: 60_000, givenUp: givenUp.signal },
    );
    setTimeout(() => givenUp.abort('the base is not answering'), 20);
    const outcome = await pending;
    expect(outcome).toMatchObject({ ok: false, failure: 'timeout', message: 'no answer, given up: the base is not answering' });
    const before = requestCount();
    const learned: unknown[] = [];
    const abandoned = await send(
      { method: 'POST', url: `${ORIGIN}/hangs`, headers: {}, body: '{}' },
      { timeoutMs: 1000, abandon: () => 'down', learn: (o) => learned.push(o) },
    );
    expect(abandoned).toMatchObject({ ok: false, failure: 'timeout', unsent: true, message: 'not sent: down' });
    expect(requestCount()).toBe(before);
    expect(learned).toEqual([]);
  });

  it('tells what a request taught before its slot passes on', async () => {
    nock(ORIGIN).post('/taught').reply(200, {});
    const learned: boolean[] = [];
    const outcome = await send(
      { method: 'POST', url: `${ORIGIN}/taught`, headers: {}, body: '{}' },
      { timeoutMs: 1000, learn: (o) => learned.push(o.ok) },
    );
    expect(outcome.ok).toBe(true);
    expect(learned).toEqual([true]);
  });

  it('reports a reset of a new connection as it is, without sending again (a reused one: keep-alive.test.ts)', async () => {
    const reset = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const scope = nock(ORIGIN).post('/reset').replyWithError(reset());
    const outcome = await send({ method: 'POST', url: `${ORIGIN}/reset`, headers: {}, body: '{}' }, { timeoutMs: 1000 });
    expect(outcome).toMatchObject({ ok: false, failure: 'connection', message: 'socket hang up' });
    scope.done();
  });

  it('reports a request node will not put on the wire as a protocol failure, and does not throw', async () => {
    const outcome = await send(
      { method: 'POST', url: `${ORIGIN}/x`, headers: { 'X-Bad': 'line\nbreak' }, body: '{}' },
      { timeoutMs: 1000 },
    );
    expect(outcome).toMatchObject({ ok: false, failure: 'protocol' });
    const notUrl = await send({ method: 'POST', url: 'not a url', headers: {}, body: '{}' }, { timeoutMs: 1000 });
    expect(notUrl).toMatchObject({ ok: false, failure: 'protocol', message: 'not a URL: not a url' });
  });

  it('gives up every request in flight under one signal at once', async () => {
    nock(ORIGIN).post('/hangs').times(3).delay(60_000).reply(200, {});
    const givenUp = new AbortController();
    const pending = [1, 2, 3].map(() =>
      send({ method: 'POST', url: `${ORIGIN}/hangs`, headers: {}, body: '{}' }, { timeoutMs: 60_000, givenUp: givenUp.signal }),
    );
    setTimeout(() => givenUp.abort('down'), 20);
    for (const outcome of await Promise.all(pending))
      expect(outcome).toMatchObject({ ok: false, failure: 'timeout', message: 'no answer, given up: down' });
  });

  it('refuses to read a body larger than the cap', async () => {
    nock(ORIGIN).post('/huge').reply(200, 'x'.repeat(200_000));
    const outcome = await send(
      { method: 'POST', url: `${ORIGIN}/huge`, headers: {}, body: '{}' },
      { timeoutMs: 1000, maxBodyBytes: 10_000 },
    );
    expect(outcome).toMatchObject({ ok: false, failure: 'too-large' });
  });

  it('sends other methods than POST (for the bad-method check)', async () => {
    nock(ORIGIN).get('/rpc/API/GetSwapPrices').reply(405, { error: 'WebrpcBadMethod' }, { Allow: 'POST' });
    const outcome = await send({ method: 'GET', url: `${ORIGIN}/rpc/API/GetSwapPrices`, headers: {} }, { timeoutMs: 1000 });
    expect(outcome.ok && outcome.response.status).toBe(405);
    expect(outcome.ok && outcome.response.headers['allow']).toBe('POST');
  });
});
