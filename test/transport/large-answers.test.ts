import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LARGE_ANSWER_BYTES, LARGE_ANSWERS_AT_ONCE, largeAnswerLoad, send } from '../../src/transport/http-client.js';

const SIZE = LARGE_ANSWER_BYTES * 4;
const SLOW_MS = 900;
const MULTIBYTE = 'é€𝄞x'.repeat(LARGE_ANSWER_BYTES / 4);

/** `/slow` sends more than LARGE_ANSWER_BYTES at once, then the rest over SLOW_MS; `/fast` sends it all at once. */
function startServer(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const body = JSON.stringify({ pad: 'x'.repeat(SIZE) });
    if (req.url === '/fast') return res.end(body);
    if (req.url === '/multibyte') {
      // Pieces of an odd size split two-, three- and four-byte characters across the reads.
      const bytes = Buffer.from(JSON.stringify({ text: MULTIBYTE }));
      for (let at = 0; at < bytes.length; at += 1001) res.write(bytes.subarray(at, at + 1001));
      return res.end();
    }
    const pieces = 10;
    let sent = LARGE_ANSWER_BYTES * 1.5;
    res.write(body.slice(0, sent));
    const step = Math.ceil((body.length - sent) / pieces);
    const more = () => {
      res.write(body.slice(sent, sent + step));
      sent += step;
      if (sent >= body.length) res.end();
      else setTimeout(more, SLOW_MS / pieces);
    };
    setTimeout(more, SLOW_MS / pieces);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('large answers', () => {
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    server = await startServer();
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('are read a few at a time, whole, and the wait for a turn does not count against the deadline', async () => {
    let mostAtOnce = 0;
    const watch = setInterval(() => (mostAtOnce = Math.max(mostAtOnce, largeAnswerLoad().active)), 5);
    const ask = (path: string, timeoutMs: number) =>
      send({ method: 'POST', url: `${origin}${path}`, headers: {}, body: '{}' }, { timeoutMs });
    // The slow answers take every turn first; the fast ones then wait about SLOW_MS, longer than their deadline.
    const slow = Array.from({ length: LARGE_ANSWERS_AT_ONCE }, () => ask('/slow', 30_000));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const fast = Array.from({ length: 6 }, () => ask('/fast', SLOW_MS * 0.6));
    const outcomes = await Promise.all([...slow, ...fast]);
    clearInterval(watch);
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ ok: true });
      if (outcome.ok) expect((outcome.response.json as { pad: string }).pad).toHaveLength(SIZE);
    }
    expect(mostAtOnce).toBeGreaterThan(0);
    expect(mostAtOnce).toBeLessThanOrEqual(LARGE_ANSWERS_AT_ONCE);
    expect(largeAnswerLoad()).toEqual({ active: 0, waiting: 0 });
  });

  it('keep every character of a large answer whose multi-byte characters arrive split across reads', async () => {
    const outcome = await send({ method: 'POST', url: `${origin}/multibyte`, headers: {}, body: '{}' }, { timeoutMs: 30_000 });
    expect(outcome).toMatchObject({ ok: true });
    if (outcome.ok) expect((outcome.response.json as { text: string }).text).toBe(MULTIBYTE);
  });
});
