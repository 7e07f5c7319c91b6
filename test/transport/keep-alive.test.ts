/** HTTP/1.1 keep-alive against raw servers: the race of a closed idle socket, stray answers, writes never sent twice. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { poisonedSocketCount, SOCKET_REST_MS } from '../../src/transport/connections.js';
import { connectionTroubles, DEFAULT_CONCURRENCY, send, setConcurrency, type HttpOutcome } from '../../src/transport/http-client.js';
import { answerBytes, rawServer, type RawServer } from '../support/raw-http.js';
import { takeTransportNotes } from '../../src/transport/notes.js';
import { SharedSlots } from '../../src/transport/shared-slots.js';

let server: RawServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const post = (origin: string, path: string, writes = false): Promise<HttpOutcome> =>
  send(
    { method: 'POST', url: `${origin}${path}`, headers: { 'Content-Type': 'application/json' }, body: '{}' },
    { timeoutMs: 5000, writes },
  );
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('keep-alive', () => {
  it('sends a read again on a new connection when its reused socket closes before any byte of the answer', async () => {
    // Answers the first request of each connection and drops the connection when a second one comes on it:
    // the keep-alive race (the server closed the idle socket as the client took it), every time.
    server = await rawServer((request, socket) => {
      if (request.onConnection > 1) return void socket.destroy();
      socket.write(answerBytes(200, JSON.stringify({ n: server!.requests.length })));
    });
    const before = connectionTroubles().resent;
    const first = await post(server.origin, '/read');
    await pause(SOCKET_REST_MS * 2);
    const second = await post(server.origin, '/read');
    expect(first.ok && first.response.json).toEqual({ n: 1 });
    expect(second.ok && second.response.json).toEqual({ n: 3 });
    expect(server.requests.map((r) => [r.connection, r.onConnection])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
    ]);
    expect(connectionTroubles().resent).toBe(before + 1);
  });

  it('reports a new connection reset before any answer as it is, sent once', async () => {
    server = await rawServer((_request, socket) => socket.destroy());
    const outcome = await post(server.origin, '/reset');
    expect(outcome).toMatchObject({ ok: false, failure: 'connection' });
    expect(server.requests).toHaveLength(1);
  });

  it('never sends a write twice: it goes out on a connection of its own, and an answer it loses is reported lost', async () => {
    server = await rawServer((request, socket) => {
      if (request.head.startsWith('POST /lost')) return void socket.destroy();
      if (request.onConnection > 1) return void socket.destroy();
      socket.write(answerBytes(200, '{}'));
    });
    expect((await post(server.origin, '/read')).ok).toBe(true);
    const write = await post(server.origin, '/write', true);
    expect(write.ok).toBe(true);
    // The write did not take the read's kept-alive socket (which this server would have dropped).
    expect(server.requests.map((r) => r.onConnection)).toEqual([1, 1]);
    const lost = await post(server.origin, '/lost', true);
    expect(lost).toMatchObject({ ok: false, failure: 'connection' });
    expect(!lost.ok && lost.message).toMatch(/answer lost; not resent$/);
    expect(server.requests.filter((r) => r.head.startsWith('POST /lost'))).toHaveLength(1);
  });

  describe('a write queued for a slot', () => {
    afterEach(() => setConcurrency(DEFAULT_CONCURRENCY));

    /** A server holding its answers to `/held` until told, and the read that holds the only slot meanwhile. */
    async function slotHeldByARead(connected?: Parameters<typeof rawServer>[1]) {
      const held: (() => void)[] = [];
      server = await rawServer((request, socket) => {
        const answer = (): void => void socket.write(answerBytes(200, JSON.stringify({ n: server!.requests.indexOf(request) + 1 })));
        if (request.head.startsWith('POST /held')) held.push(answer);
        else answer();
      }, connected);
      setConcurrency(1);
      const read = post(server.origin, '/held');
      await vi.waitFor(() => expect(held).toHaveLength(1));
      return { read, answerRead: () => held.shift()!() };
    }

    it('opens its connection while it waits, and writes nothing on it before it holds the slot', async () => {
      const { read, answerRead } = await slotHeldByARead();
      const write = post(server!.origin, '/write', true);
      await vi.waitFor(() => expect(server!.connections()).toBe(2));
      await pause(50);
      expect(server!.requests.map((r) => r.head.split(' ')[1])).toEqual(['/held']);
      answerRead();
      expect((await read).ok).toBe(true);
      const written = await write;
      expect(written.ok && written.response.json).toEqual({ n: 2 });
      expect(server!.requests.map((r) => [r.head.split(' ')[1], r.connection, r.onConnection])).toEqual([
        ['/held', 1, 1],
        ['/write', 2, 1],
      ]);
    });

    it('goes once, on another connection, when the one made for it closes unused while it waits', async () => {
      let closedUnused!: () => void;
      const closed = new Promise<void>((resolve) => (closedUnused = resolve));
      // The write's connection is closed as an idle server's timeout closes it, before any request came on it.
      const { read, answerRead } = await slotHeldByARead((socket, connection) => {
        if (connection === 2) setTimeout(() => socket.end(closedUnused), 20);
      });
      const write = post(server!.origin, '/write', true);
      await closed;
      await pause(50);
      answerRead();
      expect((await read).ok).toBe(true);
      const written = await write;
      expect(written.ok).toBe(true);
      const writes = server!.requests.filter((r) => r.head.startsWith('POST /write'));
      expect(writes.map((r) => [r.connection, r.onConnection])).toEqual([[3, 1]]);
    });

    it('is not sent when the run gives it up before its slot comes: its connection is closed unused', async () => {
      let connectionClosed!: () => void;
      const closed = new Promise<void>((resolve) => (connectionClosed = resolve));
      const { read, answerRead } = await slotHeldByARead((socket, connection) => {
        if (connection === 2) socket.once('close', connectionClosed);
      });
      let givenUp: string | undefined;
      const request = { method: 'POST', url: `${server!.origin}/write`, headers: { 'Content-Type': 'application/json' }, body: '{}' };
      const write = send(request, { timeoutMs: 5000, writes: true, abandon: () => givenUp });
      await vi.waitFor(() => expect(server!.connections()).toBe(2));
      givenUp = 'the run was stopped';
      answerRead();
      expect((await read).ok).toBe(true);
      expect(await write).toMatchObject({ ok: false, unsent: true, message: 'not sent: the run was stopped' });
      await closed;
      expect(server!.requests.map((r) => r.head.split(' ')[1])).toEqual(['/held']);
    });
  });

  describe("a thread sharing the run's slots", () => {
    afterEach(() => setConcurrency(DEFAULT_CONCURRENCY));

    it('reuses a resting socket rather than open connections beyond its own share of the slots and a quarter', async () => {
      // Its pool may hold the whole run's limit (a thread may borrow every slot at the end), but while it holds
      // 4 of 8 slots, a connection more than 4 and a quarter is a handshake for nothing: every freed socket is
      // resting when the next round is sent at once, so each request of that round wanted a new one.
      setConcurrency(4, SharedSlots.forRun(8));
      server = await rawServer((_request, socket) => socket.write(answerBytes(200, '{}')));
      for (let round = 0; round < 3; round += 1) {
        const outcomes = await Promise.all([1, 2, 3, 4].map(() => post(server!.origin, '/read')));
        expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
      }
      expect(server.requests).toHaveLength(12);
      expect(server.connections()).toBeLessThanOrEqual(5);
    });
  });

  it('destroys a kept-alive socket that receives bytes while idle, never reading them as a later answer', async () => {
    let writeStray: () => Promise<void> = () => Promise.resolve();
    server = await rawServer((_request, socket) => {
      const n = server!.requests.length;
      socket.write(answerBytes(200, JSON.stringify({ n })));
      writeStray = () =>
        new Promise((resolve) =>
          socket.writable ? socket.write(answerBytes(200, JSON.stringify({ stray: n })), () => resolve()) : resolve(),
        );
    });
    const poisonedBefore = poisonedSocketCount();
    const answers: unknown[] = [];
    for (let i = 0; i < 3; i += 1) {
      const outcome = await post(server.origin, '/read');
      answers.push(outcome.ok ? outcome.response.json : outcome.message);
      // An answer nobody asked for, once the real one is read and the socket waits in the pool (a timer on the
      // server's side could fire before a busy client has put it there).
      await pause(10);
      await writeStray();
      await pause(50);
    }
    expect(answers).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    // No socket that got a stray carried another request: each went on a connection of its own.
    expect(server.connections()).toBe(3);
    // The first stray poisons its socket (on Node 20 the client destroys it; Node 22 and 24 destroy it themselves,
    // and the client tells it from the bytes the socket had read): from then on each request to the origin has a
    // connection of its own, which no later stray can reach.
    await vi.waitFor(() => expect(poisonedSocketCount()).toBe(poisonedBefore + 1));
  });

  it('takes a server closing an idle kept-alive connection for no stray: nothing noted, its connections still reused', async () => {
    let firstClosed: Promise<void> = Promise.resolve();
    server = await rawServer((request, socket) => {
      socket.write(answerBytes(200, JSON.stringify({ n: server!.requests.length })));
      // The first connection is closed as a server's keep-alive timeout closes it: while it waits in the pool.
      if (request.connection === 1) firstClosed = new Promise((resolve) => socket.once('close', () => resolve()).end());
    });
    takeTransportNotes();
    const poisonedBefore = poisonedSocketCount();
    const answers: unknown[] = [];
    for (let i = 0; i < 3; i += 1) {
      const outcome = await post(server.origin, '/read');
      answers.push(outcome.ok ? outcome.response.json : outcome.message);
      await firstClosed;
      await pause(SOCKET_REST_MS * 2);
    }
    expect(answers).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    // The origin is not held to send strays: its second connection carries the next read too.
    expect(server.requests.map((r) => [r.connection, r.onConnection])).toEqual([
      [1, 1],
      [2, 1],
      [2, 2],
    ]);
    expect(poisonedSocketCount()).toBe(poisonedBefore);
    expect(takeTransportNotes()?.strayAnswers).toBeUndefined();
  });

  it('reads an answer followed at once by a stray one, and never reuses that socket', async () => {
    server = await rawServer((request, socket) => {
      const n = server!.requests.length;
      socket.write(answerBytes(200, JSON.stringify({ n })) + answerBytes(200, JSON.stringify({ stray: n })));
      void request;
    });
    const answers: unknown[] = [];
    for (let i = 0; i < 3; i += 1) {
      const outcome = await post(server.origin, '/read');
      answers.push(outcome.ok ? outcome.response.json : outcome.message);
    }
    expect(answers).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(server.requests.every((r) => r.onConnection === 1)).toBe(true);
  });

  it('takes an answer followed by bytes nobody asked for as suspect: the read is sent again on a new connection', async () => {
    // A server that writes a stray answer some time after each real one, and a request that took the socket
    // before the stray came: the stray goes out as the request arrives, and the request's real answer after it.
    server = await rawServer((request, socket) => {
      const n = server!.requests.length;
      // A real answer takes the server a while; the stray one comes as soon as the request does.
      if (request.onConnection === 1) return void setTimeout(() => socket.write(answerBytes(200, JSON.stringify({ n }))), 100);
      socket.write(answerBytes(200, JSON.stringify({ stray: n - 1 })));
      setTimeout(() => socket.write(answerBytes(200, JSON.stringify({ n }))), 5);
    });
    takeTransportNotes();
    const resentBefore = connectionTroubles().resent;
    const first = await post(server.origin, '/read');
    await pause(SOCKET_REST_MS * 2);
    const second = await post(server.origin, '/read');
    expect(first.ok && first.response.json).toEqual({ n: 1 });
    // Not the stray it read first: the answer to it sent again on a connection of its own.
    expect(second.ok && second.response.json).toEqual({ n: 3 });
    expect(server.requests.map((r) => [r.connection, r.onConnection])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
    ]);
    expect(connectionTroubles().resent).toBe(resentBefore + 1);
    expect(takeTransportNotes()?.strayAnswers).toEqual({ [server.origin]: 1 });
  });

  it('reports a redirect to another origin as the answer it is, and never follows it with the key', async () => {
    const elsewhere = await rawServer((_request, socket) => socket.write(answerBytes(200, '{}')));
    try {
      server = await rawServer((_request, socket) => socket.write(answerBytes(307, '', { Location: `${elsewhere.origin}/rpc` })));
      const outcome = await send(
        { method: 'POST', url: `${server.origin}/rpc`, headers: { 'X-Access-Key': 'k-secret' }, body: '{}' },
        { timeoutMs: 5000 },
      );
      expect(outcome.ok && outcome.response.status).toBe(307);
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('answer headers', () => {
  it('are read with names in lower case, and a name that comes twice joined by node’s rules', async () => {
    server = await rawServer((_request, socket) => {
      const body = '{}';
      socket.write(
        `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Once: One\r\nX-Twice: a\r\nx-twice: b\r\n` +
          `Set-Cookie: s=1\r\nSet-Cookie: t=2\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
    });
    const outcome = await post(server.origin, '/headers');
    expect(outcome.ok && outcome.response.headers).toMatchObject({
      'content-type': 'application/json',
      'x-once': 'One',
      'x-twice': 'a, b',
      'set-cookie': 's=1, t=2',
    });
    await server.close();
    server = await rawServer((_request, socket) => socket.write(answerBytes(200, '{}', { 'X-Mixed-Case': 'v' })));
    const single = await post(server.origin, '/single');
    expect(single.ok && single.response.headers).toEqual({
      'content-type': 'application/json',
      'x-mixed-case': 'v',
      'content-length': '2',
    });
  });
});
