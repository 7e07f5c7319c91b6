/**
 * The connections requests go out on: node's own http(s) agents (so nock and node's diagnostics still see
 * every request), kept alive between requests, with what HTTP/1.1 keep-alive needs that node does not do.
 *
 * - A socket waiting in the pool is watched: a byte arriving on it answers nothing the client asked, so the
 *   socket is destroyed (poisoned) rather than left to be read as the answer to whatever request takes it next.
 * - Each socket counts the requests it carried and the bytes it had read when the current one took it, so the
 *   client can tell a request that failed on a reused socket before any byte of its answer (the keep-alive race:
 *   the server closed the idle socket as it was taken) from a failure of the target.
 * - A freed socket rests a moment before it is reused (a new connection is opened meanwhile if need be), and
 *   the least recently freed one is reused first: stray bytes a server writes right after an answer (a double
 *   write) then find the socket idle and poison it, rather than being read as the answer to the next request.
 */
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';

interface SocketUse {
  /** Requests this socket has carried, the current one included. */
  uses: number;
  /** `socket.bytesRead` when the current request took the socket. */
  bytesBefore: number;
}

const socketUses = new WeakMap<Socket, SocketUse>();
const idleWatchers = new WeakMap<Socket, () => void>();

/**
 * How long a freed socket rests before it carries another request. Long enough for the rest of a server's
 * write that went on past its answer to arrive; short enough that a busy run needs few extra connections
 * (at 1,000 requests a second, about 25).
 */
export const SOCKET_REST_MS = 25;
const restingUntil = new WeakMap<Socket, number>();

let poisonedSockets = 0;
/** Sockets destroyed because bytes arrived on them while idle, in this process so far. */
export const poisonedSocketCount = (): number => poisonedSockets;

/** Notes that `socket` now carries a request: call when the request gets its socket. */
export function takeSocket(socket: Socket): SocketUse {
  const use = socketUses.get(socket) ?? { uses: 0, bytesBefore: 0 };
  use.uses += 1;
  use.bytesBefore = socket.bytesRead ?? 0;
  socketUses.set(socket, use);
  return use;
}

/** Whether the socket carried a request before the current one, and whether any byte came since it was taken. */
export function socketState(socket: Socket | null | undefined): { reused: boolean; answerStarted: boolean } {
  const use = socket ? socketUses.get(socket) : undefined;
  if (!socket || !use) return { reused: false, answerStarted: false };
  return { reused: use.uses > 1, answerStarted: (socket.bytesRead ?? 0) > use.bytesBefore };
}

function watchWhileIdle(socket: Socket): void {
  const poison = (): void => {
    poisonedSockets += 1;
    socket.destroy();
  };
  idleWatchers.set(socket, poison);
  restingUntil.set(socket, performance.now() + SOCKET_REST_MS);
  // Reading from the idle socket: anything it holds or gets from now on is unasked for.
  socket.on('data', poison);
}

function stopWatching(socket: Socket): void {
  const poison = idleWatchers.get(socket);
  if (poison === undefined) return;
  idleWatchers.delete(socket);
  socket.removeListener('data', poison);
}

/** What the agents of a run are made with (TLS material, a proxy) besides keep-alive. */
export type AgentOptions = http.AgentOptions & https.AgentOptions;

/**
 * Whether node's agent keeps the freed socket (its `keepSocketAlive` answers a boolean, though typed void);
 * a kept one is watched while it waits.
 */
function keptAndWatched(kept: unknown, socket: Socket): boolean {
  if (kept === false) return false;
  watchWhileIdle(socket);
  return true;
}

type FreeSockets = Record<string, Socket[] | undefined>;

/**
 * Runs node's `addRequest` with the resting sockets out of the agent's free lists, so that it takes a rested
 * socket or opens a new one; they are put back (behind the rested ones) before anything else can run.
 */
function withRestingSocketsAside(agent: http.Agent, addRequest: () => void): void {
  const free = agent.freeSockets as FreeSockets;
  const now = performance.now();
  const aside: [string, Socket[]][] = [];
  for (const [name, sockets] of Object.entries(free)) {
    const resting = sockets?.filter((socket) => (restingUntil.get(socket) ?? 0) > now) ?? [];
    if (resting.length === 0) continue;
    const rested = sockets!.filter((socket) => !resting.includes(socket));
    if (rested.length === 0) delete free[name];
    else free[name] = rested;
    aside.push([name, resting]);
  }
  try {
    addRequest();
  } finally {
    for (const [name, resting] of aside) free[name] = [...(free[name] ?? []), ...resting];
  }
}

interface AddRequest {
  addRequest(request: http.ClientRequest, options: unknown, ...legacy: unknown[]): void;
}

export class GuardedHttpAgent extends http.Agent {
  addRequest(request: http.ClientRequest, options: unknown, ...legacy: unknown[]): void {
    withRestingSocketsAside(this, () => (http.Agent.prototype as unknown as AddRequest).addRequest.call(this, request, options, ...legacy));
  }

  override keepSocketAlive(socket: Socket): boolean {
    return keptAndWatched(super.keepSocketAlive(socket), socket);
  }

  override reuseSocket(socket: Socket, request: http.ClientRequest): void {
    stopWatching(socket);
    super.reuseSocket(socket, request);
  }
}

export class GuardedHttpsAgent extends https.Agent {
  addRequest(request: http.ClientRequest, options: unknown, ...legacy: unknown[]): void {
    withRestingSocketsAside(this, () =>
      (https.Agent.prototype as unknown as AddRequest).addRequest.call(this, request, options, ...legacy),
    );
  }

  override keepSocketAlive(socket: Socket): boolean {
    return keptAndWatched(super.keepSocketAlive(socket), socket);
  }

  override reuseSocket(socket: Socket, request: http.ClientRequest): void {
    stopWatching(socket);
    super.reuseSocket(socket, request);
  }
}

/** The agents of one run: a keep-alive pool per scheme, and connections of their own for what must not share one. */
export interface Connections {
  /** The keep-alive pool of the scheme. */
  pooled(secure: boolean): http.Agent;
  /** An agent whose connection serves one request only (a retry, a write). */
  single(secure: boolean): http.Agent;
  destroy(): void;
}

export function makeConnections(maxSockets: number, options: AgentOptions = {}): Connections {
  // Pools as large as the requests that may be in flight: a smaller pool would queue them again.
  const pool = { ...options, keepAlive: true, maxSockets, scheduling: 'fifo' as const };
  const httpPool = new GuardedHttpAgent(pool);
  const httpsPool = new GuardedHttpsAgent(pool);
  return {
    pooled: (secure) => (secure ? httpsPool : httpPool),
    single: (secure) => (secure ? new https.Agent({ ...options, keepAlive: false }) : new http.Agent({ ...options, keepAlive: false })),
    destroy() {
      httpPool.destroy();
      httpsPool.destroy();
    },
  };
}
