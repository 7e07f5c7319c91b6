/**
 * Throttling: Retry-After read both ways, throttled requests waited out and sent again within a budget, past
 * which the throttling answer is judged as it came.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { send, setPacePolicy } from '../../src/transport/http-client.js';
import { isThrottling, OriginPace, retryAfterMs, RUN_THROTTLED_MS, THROTTLED_TRIES, ThrottleBudget } from '../../src/transport/throttle.js';
import { takeTransportNotes } from '../../src/transport/notes.js';
import { RateGate } from '../../src/server/rate-gate.js';

describe('Retry-After', () => {
  it('reads delta-seconds and an HTTP-date, and nothing else', () => {
    const now = Date.parse('Wed, 25 Nov 2026 18:00:00 GMT');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Wed, 25 Nov 2026 18:00:07 GMT', now)).toBe(7000);
    expect(retryAfterMs('Wed, 25 Nov 2026 17:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-1', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });

  it('takes 429 as throttling, and 503 only with Retry-After', () => {
    expect(isThrottling(429, {})).toBe(true);
    expect(isThrottling(503, { 'retry-after': '1' })).toBe(true);
    expect(isThrottling(503, {})).toBe(false);
    expect(isThrottling(500, { 'retry-after': '1' })).toBe(false);
  });
});

describe('an origin pace', () => {
  it('halves the pace reached when throttled and grows back while answered, never past its cap', async () => {
    const pace = new OriginPace(40);
    expect(pace.requestsPerSecond).toBe(40);
    let clock = 0;
    for (let i = 0; i < 10; i += 1) await pace.turn(() => clock);
    clock = 100;
    pace.throttled(0, clock);
    // 10 requests in the last second: half of that.
    expect(pace.requestsPerSecond).toBe(5);
    for (let i = 0; i < 1000; i += 1) pace.answered();
    expect(pace.requestsPerSecond).toBeGreaterThan(5);
    expect(pace.requestsPerSecond).toBeLessThanOrEqual(40);
  });

  it('halves once for the throttling answers of one signal (the requests in flight refused together)', async () => {
    const pace = new OriginPace(40);
    let clock = 0;
    for (let i = 0; i < 10; i += 1) await pace.turn(() => clock);
    clock = 100;
    for (const at of [100, 120, 150, 900]) pace.throttled(0, at);
    expect(pace.requestsPerSecond).toBe(5);
  });

  it('under a declared quota, is held but not slowed by a lone signal, and slowed by another soon after', async () => {
    const pace = new OriginPace(Infinity, true);
    let clock = 0;
    for (let i = 0; i < 10; i += 1) await pace.turn(() => clock);
    pace.throttled(0, 100);
    pace.throttled(0, 150);
    expect(pace.requestsPerSecond).toBe(Infinity);
    clock = 5_000;
    for (let i = 0; i < 6; i += 1) await pace.turn(() => clock);
    pace.throttled(0, clock);
    expect(pace.requestsPerSecond).toBe(3);
  });

  it('is unpaced without a cap until throttled', async () => {
    const pace = new OriginPace();
    expect(pace.requestsPerSecond).toBe(Infinity);
    expect(await pace.turn()).toBe(0);
    pace.throttled(0);
    expect(Number.isFinite(pace.requestsPerSecond)).toBe(true);
  });
});

describe('the reference server rate gate', () => {
  it('serves N in any second and says when to come back', () => {
    const gate = new RateGate(3);
    expect([gate.refuse(0), gate.refuse(10), gate.refuse(20)]).toEqual([undefined, undefined, undefined]);
    expect(gate.refuse(30)).toBe(1);
    expect(gate.refuse(1001)).toBeUndefined();
  });
});

describe('throttled requests', () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  async function serving(answers: ((n: number) => [number, Record<string, string>])[]): Promise<{ url: string; seen: () => number }> {
    let n = 0;
    server = http.createServer((req, res) => {
      req.resume();
      const [status, headers] = answers[Math.min(n, answers.length - 1)]!(n);
      n += 1;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify({ n }));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`, seen: () => n };
  }
  const post = (url: string) => send({ method: 'POST', url, headers: {}, body: '{}' }, { timeoutMs: 5000 });

  it('waits out a 429 and a 503 with Retry-After (an HTTP-date), and answers the answer that came then', async () => {
    setPacePolicy({});
    const soon = () => new Date(Date.now()).toUTCString();
    const { url, seen } = await serving([() => [429, { 'retry-after': '0' }], () => [503, { 'retry-after': soon() }], () => [200, {}]]);
    const outcome = await post(url);
    expect(outcome.ok && outcome.response.status).toBe(200);
    expect(outcome.throttling?.times).toBe(2);
    expect(seen()).toBe(3);
  });

  it('reports a 503 without Retry-After as the answer it is', async () => {
    setPacePolicy({});
    const { url, seen } = await serving([() => [503, {}]]);
    const outcome = await post(url);
    expect(outcome.ok && outcome.response.status).toBe(503);
    expect(seen()).toBe(1);
  });

  it('past its tries, judges the throttling answer as it came, and its operation is not waited out again', async () => {
    setPacePolicy({});
    takeTransportNotes();
    const { url, seen } = await serving([() => [429, { 'retry-after': '0' }]]);
    const outcome = await post(url);
    expect(outcome.ok && outcome.response.status).toBe(429);
    expect(outcome.throttling).toMatchObject({ times: THROTTLED_TRIES, withoutEnd: true });
    expect(seen()).toBe(THROTTLED_TRIES);
    // The operation's budget is spent: the next request's throttling answer is judged at once.
    const next = await post(url);
    expect(next.ok && next.response.status).toBe(429);
    expect(seen()).toBe(THROTTLED_TRIES + 1);
    // Another operation of the origin still has its own.
    const other = await post(`${url}/Other`);
    expect(other.ok && other.response.status).toBe(429);
    expect(seen()).toBe(2 * THROTTLED_TRIES + 1);
    const origin = new URL(url).origin;
    expect(takeTransportNotes()).toEqual({ throttledWithoutEnd: { [origin]: 3 } });
  });

  it('gives an operation its budget back once it answers without throttling', async () => {
    setPacePolicy({});
    const { url, seen } = await serving([
      ...Array.from({ length: THROTTLED_TRIES }, () => () => [429, { 'retry-after': '0' }] as [number, Record<string, string>]),
      () => [200, {}],
      () => [429, { 'retry-after': '0' }],
      () => [200, {}],
    ]);
    expect((await post(url)).throttling?.withoutEnd).toBe(true);
    expect((await post(url)).ok).toBe(true);
    const waited = await post(url);
    expect(waited.ok && waited.response.status).toBe(200);
    expect(waited.throttling).toEqual({ times: 1, waitedMs: expect.any(Number) });
    expect(seen()).toBe(THROTTLED_TRIES + 3);
  });

  it('an operation throttled longer than its time is judged without more waiting', () => {
    let clock = 0;
    const budget = new ThrottleBudget(() => clock);
    const url = 'http://h:1/rpc/Builder/CreateAudience';
    expect(budget.throttled(url, 1, 30_000)).toBeUndefined();
    clock = 30_000;
    expect(budget.throttled(url, 1, 40_000)).toBe('operation');
    expect(budget.throttled(url, 1, 0)).toBe('operation');
    budget.answered(url);
    expect(budget.throttled(url, 1, 1000)).toBeUndefined();
  });

  it('the run stops waiting once its requests have waited its time in all (waits side by side count once)', () => {
    let clock = 0;
    const budget = new ThrottleBudget(() => clock);
    for (let op = 0; op < 10; op += 1) expect(budget.throttled(`http://h:1/rpc/S/Op${op}`, 1, 50_000)).toBeUndefined();
    for (clock = 50_000; clock < RUN_THROTTLED_MS; clock += 50_000) {
      budget.answered('http://h:1/rpc/S/Op0');
      expect(budget.throttled('http://h:1/rpc/S/Op0', 1, 50_000)).toBeUndefined();
    }
    expect(budget.throttled('http://h:1/rpc/S/Op1', 1, 1000)).toBe('run');
  });

  it('does not wait past the end of the run', async () => {
    setPacePolicy({ endsAt: Date.now() + 1000 });
    const { url, seen } = await serving([() => [429, { 'retry-after': '30' }]]);
    const outcome = await post(url);
    expect(outcome).toMatchObject({ ok: false, failure: 'throttled' });
    expect(!outcome.ok && outcome.message).toMatch(/would outlast --max-duration/);
    expect(seen()).toBe(1);
    setPacePolicy({});
  });
});
