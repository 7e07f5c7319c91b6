/**
 * The connections requests go out on: node's own http(s) agents (so nock and node's diagnostics still see
 * every request), kept alive between requests, with what HTTP/1.1 keep-alive needs that node does not do.
 *
 * - A socket waiting in the pool is watched: a byte arriving on it answers nothing the client asked, so the
 *   socket is destroyed (poisoned) rather than left to be read as the answer to whatever request takes it next
 *   (Node 22 and later destroy it themselves; the client still learns of it, from the bytes it had read).
 * - Each socket counts the requests it carried and the bytes it had read when the current one took it, so the
 *   client can tell a request that failed on a reused socket before any byte of its answer (the keep-alive race:
 *   the server closed the idle socket as it was taken) from a failure of the target.
 * - Bytes that come after an answer far sooner than the socket's last, while it is watched, make that answer
 *   suspect (`strayAfterAnswer`).
 * - A freed socket rests a moment before it is reused (a new connection is opened meanwhile while the pool
 *   holds few enough), and the least recently freed one is reused first: stray bytes a server writes right
 *   after an answer (a double write) then find the socket idle and poison it, rather than being read as the
 *   answer to the next request.
 * - New TLS connections of a run resume the sessions its connections were given (`TlsSessions`), whichever
 *   agent made them; a proxy's agent checks the target's certificate against the target's own host.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import tls from 'node:tls';
import { HttpProxyAgent } from 'http-proxy-agent';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { getProxyForUrl } from 'proxy-from-env';
import { madeOnce } from '../made-once.js';
import { noteStrayAnswer } from './notes.js';

/** What a socket went through, kept on one record per socket (looked up once per event). */
interface SocketUse {
  /** Requests this socket has carried, the current one included. */
  uses: number;
  /** `socket.bytesRead` when the current request took the socket. */
  bytesBefore: number;
  /** Until when (`performance.now()`) the socket rests once freed; 0 while it carries a request. */
  restingUntil: number;
  /** Waiting in the pool: a byte arriving now answers nothing. */
  idle: boolean;
  /** `socket.bytesRead` when it was put in the pool: more once it closed means bytes came while it waited. */
  bytesWhenIdle: number;
  /** Its listener for those bytes, on the socket from its first wait in the pool on (added once, not per wait). */
  poison: (() => void) | undefined;
  /** The origin of the requests it carries, for the note that it sent bytes nobody asked for. */
  origin: string;
  /** Told whether bytes came before the socket rested or carried another request (`strayAfterAnswer`). */
  onStray: ((stray: boolean) => void) | undefined;
  /** How long its last answer took (ms), from the request's start: 0 before its first. */
  lastAnswerMs: number;
}

const socketUses = new WeakMap<Socket, SocketUse>();

function useOf(socket: Socket): SocketUse {
  let use = socketUses.get(socket);
  if (use === undefined) {
    use = {
      uses: 0,
      bytesBefore: 0,
      restingUntil: 0,
      idle: false,
      bytesWhenIdle: 0,
      poison: undefined,
      origin: '',
      onStray: undefined,
      lastAnswerMs: 0,
    };
    socketUses.set(socket, use);
  }
  return use;
}

/**
 * How long a freed socket rests before it carries another request. Long enough for the rest of a server's
 * write that went on past its answer to arrive; short enough that a busy run needs few extra connections
 * (at 1,000 requests a second, about 25).
 */
export const SOCKET_REST_MS = 25;

/**
 * Origins that sent bytes nobody asked for: their requests take a connection of their own from then on (as a
 * server that closes each connection after its answer makes them), as no answer read on a reused connection
 * of theirs can be trusted to be the request's own.
 */
const originsSendingStrays = new Set<string>();
export const sendsStrays = (origin: string): boolean => originsSendingStrays.size > 0 && originsSendingStrays.has(origin);

let poisonedSockets = 0;
/** Sockets destroyed because bytes arrived on them while idle, in this process so far. */
export const poisonedSocketCount = (): number => poisonedSockets;

/** Notes that `socket` now carries a request to `origin`: call when the request gets its socket. */
export function takeSocket(socket: Socket, origin: string): SocketUse {
  const use = useOf(socket);
  use.origin = origin;
  use.uses += 1;
  use.bytesBefore = socket.bytesRead ?? 0;
  return use;
}

/** Whether the socket carried a request before the current one, and whether any byte came since it was taken. */
export function socketState(socket: Socket | null | undefined): { reused: boolean; answerStarted: boolean } {
  const use = socket ? socketUses.get(socket) : undefined;
  if (!socket || !use) return { reused: false, answerStarted: false };
  return { reused: use.uses > 1, answerStarted: (socket.bytesRead ?? 0) > use.bytesBefore };
}

function watchWhileIdle(socket: Socket): void {
  const use = useOf(socket);
  use.idle = true;
  // Bytes the answer's parser left unread came after the answer too.
  use.bytesWhenIdle = socket.bytesRead - socket.readableLength;
  use.restingUntil = Math.max(use.restingUntil, performance.now() + SOCKET_REST_MS);
  if (use.poison !== undefined) return;
  // Reading from the idle socket: anything it holds or gets from now on is unasked for. The listeners stay:
  // while the socket carries a request they let the bytes be (node's parser reads them).
  use.poison = () => {
    if (!use.idle) return;
    use.idle = false;
    poisonedSockets += 1;
    noteStrayAnswer(use.origin);
    originsSendingStrays.add(use.origin);
    socket.destroy();
    use.onStray?.(true);
  };
  // Node 20's agent leaves an idle socket's bytes to its 'data' listeners. Node 22 and 24 guard a free socket
  // themselves: a byte arriving on it destroys it with no 'data' event, and only its `bytesRead`, grown since it
  // was put in the pool, shows why it closed (a server closing an idle connection sends no byte).
  socket.on('data', use.poison);
  socket.once('close', () => {
    if (use.idle && socket.bytesRead > use.bytesWhenIdle) use.poison?.();
  });
}

function stopWatching(socket: Socket): void {
  const use = socketUses.get(socket);
  if (use === undefined) return;
  use.idle = false;
  use.restingUntil = 0;
  use.onStray?.(false);
}

/** Notes how long the first answer on `socket` took: a later one far sooner is watched (`strayAfterAnswer`). */
export function answeredIn(socket: Socket, answerMs: number): void {
  const use = socketUses.get(socket);
  if (use !== undefined) use.lastAnswerMs = answerMs;
}

/**
 * For an answer just read on a reused `socket` in `answerMs`: whether bytes nobody asked for come on the socket
 * before it has been watched long enough, or carries another request (true then, false once it has); or
 * undefined, not watched. Such bytes prove the answer suspect: a server that writes a stray answer some time
 * after each real one, on a socket taken again before the stray came, has the next request read the stray as
 * its own, and its real answer then comes while the socket is idle. A stray is read as soon as the request is
 * written, before the server could have answered it: only an answer in less than half the time the socket's
 * last one took is watched, for twice that time (the server's own answer comes within it). Answers as fast as
 * the last cost nothing; a stray that comes later than half the server's time is not told from an answer,
 * but the idle socket it reaches is poisoned, and the origin's requests take connections of their own from
 * then on (`sendsStrays`).
 */
export function strayAfterAnswer(socket: Socket, answerMs: number, longestMs: number): Promise<boolean> | undefined {
  const use = socketUses.get(socket);
  if (use === undefined || socket.destroyed) return undefined;
  const before = use.lastAnswerMs;
  use.lastAnswerMs = answerMs;
  if (!(answerMs < before / 2)) return undefined;
  const watchMs = Math.min(longestMs, Math.max(SOCKET_REST_MS, 2 * before));
  // Not taken again meanwhile (unless the pool is full): the bytes that would prove it suspect would be read
  // as the next request's answer.
  use.restingUntil = Math.max(use.restingUntil, performance.now() + watchMs);
  return new Promise((resolve) => {
    const settle = (stray: boolean): void => {
      clearTimeout(timer);
      if (use.onStray === settle) use.onStray = undefined;
      resolve(stray);
    };
    const timer = setTimeout(settle, watchMs, false);
    use.onStray = settle;
  });
}

const restingUntil = (socket: Socket): number => socketUses.get(socket)?.restingUntil ?? 0;

type FreeSockets = Record<string, Socket[] | undefined>;

/**
 * Runs node's `addRequest` with the resting sockets out of the agent's free lists, so that it takes a rested
 * socket or opens a new one; they are put back (behind the rested ones) before anything else can run. A pool
 * that holds `enough` connections (about as many as its thread may have requests in flight) opens no more: its
 * least recently freed socket is taken, rested or not (at a fast target's rate every socket may still be
 * resting, and a new connection per request, each closed again when the pool overflows, cost both sides more
 * than the requests themselves; over HTTPS, a handshake each).
 */
function withRestingSocketsAside(agent: http.Agent, enough: number, addRequest: () => void): void {
  const free = agent.freeSockets as FreeSockets;
  const busy = agent.sockets as FreeSockets;
  const now = performance.now();
  const most = Math.min(agent.maxSockets, enough);
  // The common case, made cheap: no socket waits, the one node takes first (the least recently freed) has
  // rested, or the pool is full (then it is taken anyway).
  let anyResting = false;
  for (const name in free) {
    const sockets = free[name];
    const first = sockets?.[0];
    if (first !== undefined && restingUntil(first) > now && (busy[name]?.length ?? 0) + sockets!.length < most) {
      anyResting = true;
      break;
    }
  }
  if (!anyResting) return addRequest();
  const aside: [string, Socket[]][] = [];
  for (const name in free) {
    const sockets = free[name];
    if (!sockets || (busy[name]?.length ?? 0) + sockets.length >= most) continue;
    const resting: Socket[] = [];
    const rested: Socket[] = [];
    for (const socket of sockets) (restingUntil(socket) > now ? resting : rested).push(socket);
    if (resting.length === 0) continue;
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

/**
 * Whether node's agent keeps the freed socket (its `keepSocketAlive` answers a boolean, though typed void);
 * a kept one is watched while it waits.
 */
function keptAndWatched(kept: unknown, socket: Socket): boolean {
  if (kept === false) return false;
  watchWhileIdle(socket);
  return true;
}

interface PoolHooks {
  addRequest(request: http.ClientRequest, options: unknown, ...legacy: unknown[]): void;
  keepSocketAlive(socket: Socket): unknown;
  reuseSocket(socket: Socket, request: http.ClientRequest): void;
}

/**
 * Gives a keep-alive agent (node's own, or a proxy's built on it) the guards above, on the instance: one
 * mechanism whatever the agent's class.
 */
export function guarded<A extends http.Agent>(agent: A, enough: () => number = () => agent.maxSockets): A {
  const hooks = agent as unknown as PoolHooks;
  const addRequest = hooks.addRequest.bind(agent);
  const keepSocketAlive = hooks.keepSocketAlive.bind(agent);
  const reuseSocket = hooks.reuseSocket.bind(agent);
  const own: PoolHooks = {
    addRequest: (request, options, ...legacy) => withRestingSocketsAside(agent, enough(), () => addRequest(request, options, ...legacy)),
    keepSocketAlive: (socket) => keptAndWatched(keepSocketAlive(socket), socket),
    reuseSocket: (socket, request) => {
      stopWatching(socket);
      reuseSocket(socket, request);
    },
  };
  return Object.assign(agent, own);
}

/** As many TLS sessions as node's https agent keeps by default. */
const MAX_TLS_SESSIONS = 100;

/**
 * The TLS sessions of a run's connections, by the server they were opened with (host, port, server name),
 * the least recently given one dropped first when full. Node's https agent keeps a cache of its own, but only
 * for its own connections: this one is given every session a connection of the run is told of ('session'),
 * and offers it to every new connection (`session`), so a write's connection of its own resumes the session
 * of a pool's connection rather than paying a full handshake.
 */
class TlsSessions {
  private readonly byServer = new Map<string, Buffer>();

  /** Makes `agent`'s new connections (an https agent's; any other is left as it is) offer and keep sessions here. */
  resumedBy(agent: http.Agent): http.Agent {
    if (!(agent instanceof https.Agent)) return agent;
    const createConnection = agent.createConnection.bind(agent);
    agent.createConnection = (options, callback) => {
      const server = `${options.host ?? ''}:${options.port ?? ''}:${options.servername ?? ''}`;
      const session = this.byServer.get(server);
      // `session` is tls.connect's option, which https.Agent's connection takes the options of.
      const socket = createConnection(session === undefined ? options : Object.assign({ session }, options), callback);
      socket?.on('session', (given: Buffer) => this.keep(server, given));
      // A connection that ended in an error may have been refused its session: the next one starts afresh.
      socket?.once('close', (hadError: boolean) => hadError && this.byServer.delete(server));
      return socket;
    };
    return agent;
  }

  private keep(server: string, session: Buffer): void {
    this.byServer.delete(server);
    this.byServer.set(server, session);
    if (this.byServer.size > MAX_TLS_SESSIONS) this.byServer.delete(this.byServer.keys().next().value!);
  }
}

/**
 * Through a proxy's tunnel node checks the target's certificate against the name its TLS session was opened
 * for, and a target named by IP address has none (an IP address is never sent as the server name): node would
 * check it against the proxy's host. The agent gives the check the target's own host. A check given with each
 * request instead would cost the pool on Node 22 and later: https.request then keeps the request's connection
 * out of the pool and resumes no TLS session for it.
 */
function checkingTargetIdentity(agent: HttpsProxyAgent<string>): HttpsProxyAgent<string> {
  const connect = agent.connect.bind(agent);
  agent.connect = (request, options) => {
    const host = options.host;
    if (!options.secureEndpoint || host === undefined) return connect(request, options);
    return connect(request, { ...options, checkServerIdentity: (_name, cert) => tls.checkServerIdentity(host, cert) });
  };
  return agent;
}

/** TLS material of a run (files already read) and whether it may go through the environment's proxy. */
export interface ConnectionOptions {
  /** PEM certificates trusted besides Node's own roots (--ca-file). */
  readonly ca?: string;
  /** Certificates are not verified (--insecure). */
  readonly insecure?: boolean;
  /** A client certificate and its key, PEM (--cert, --key). */
  readonly cert?: string;
  readonly key?: string;
  /** HTTPS_PROXY, HTTP_PROXY and NO_PROXY are honoured (not for the embedded server: it is this machine). */
  readonly proxies?: boolean;
}

/** The agents of one run: a keep-alive pool per scheme and proxy, and connections of their own for what must not share one. */
export interface Connections {
  /** The keep-alive pool for `url`. */
  pooled(url: string): http.Agent;
  /** An agent whose connection serves one request only (a retry, a write). */
  single(url: string): http.Agent;
  /**
   * The TLS material, given with each request too: a proxy's agent keeps none of its own options for the
   * target's TLS session (https-proxy-agent upgrades the tunnel with the request's).
   */
  readonly tls: https.RequestOptions;
  destroy(): void;
}

/**
 * The proxy the environment names for each origin (its scheme, host and port: all that HTTP_PROXY, HTTPS_PROXY
 * and NO_PROXY look at), read at an origin's first request of a run: proxy-from-env reads up to a dozen
 * environment variables for each URL, and each read of a worker thread's environment is a call into node.
 */
const proxyByOrigin = new Map<string, string>();
function proxyFromEnv(url: string): string {
  const pathFrom = url.indexOf('/', url.indexOf('//') + 2);
  const origin = pathFrom === -1 ? url : url.slice(0, pathFrom);
  return madeOnce(proxyByOrigin, origin, () => getProxyForUrl(url));
}

/**
 * The environment's proxies are read again, origin by origin, from the next request on, and no origin is
 * held to have sent stray answers: a run starts.
 */
export function readProxiesAfresh(): void {
  proxyByOrigin.clear();
  originsSendingStrays.clear();
}

/**
 * --ca-file, --cert and --key as one secure context for every connection of the run. Given as `ca`, `cert` and
 * `key` instead, node makes a context for each connection. The run's authorities are added to a context holding
 * Node's roots (`addCACert`, as a `ca` option is added) rather than given as a `ca` of Node's ~140 roots and
 * theirs: each thread parsed every root again, 50–100 ms of CPU at its start. Material node refuses is left as
 * options, as before: the request made with it fails, and says why.
 */
function tlsMaterial(options: ConnectionOptions): https.AgentOptions {
  const own = {
    ...(options.cert === undefined ? {} : { cert: options.cert }),
    ...(options.key === undefined ? {} : { key: options.key }),
  };
  const { ca } = options;
  if (ca === undefined && Object.keys(own).length === 0) return {};
  // Node's roots and the environment's listed with the run's: a `ca` option replaces both.
  const withEveryRoot = (): https.AgentOptions => ({
    ...own,
    ...(ca === undefined ? {} : { ca: [...tls.rootCertificates, ...environmentAuthorities(), ca] }),
  });
  try {
    const secureContext = tls.createSecureContext(own);
    if (ca !== undefined && !trustedBesidesRoots(secureContext, ca)) return { secureContext: tls.createSecureContext(withEveryRoot()) };
    return { secureContext };
  } catch {
    return withEveryRoot();
  }
}

/** The native half of a secure context, where node adds each authority of a `ca` option. */
interface NativeContext {
  readonly context?: { addCACert?: (pem: string) => void };
}

/**
 * Adds `ca` and the authorities of NODE_EXTRA_CA_CERTS to the roots `context` trusts; false if this Node gives
 * no way to. The environment's are added again: Node 20 leaves them out of a context's own copy of its roots.
 */
function trustedBesidesRoots(context: tls.SecureContext, ca: string): boolean {
  const native = (context as NativeContext).context;
  if (typeof native?.addCACert !== 'function') return false;
  for (const authorities of [...environmentAuthorities(), ca]) native.addCACert(authorities);
  return true;
}

/**
 * The authorities of the file NODE_EXTRA_CA_CERTS names, which node adds to its own roots when it starts: a `ca`
 * given replaces both, and an authority trusted through the variable would be forgotten by a run given
 * --ca-file too. A file node could not read is passed over, as node passes over it (it warned at start-up).
 */
function environmentAuthorities(): string[] {
  const file = process.env.NODE_EXTRA_CA_CERTS;
  if (file === undefined || file === '') return [];
  try {
    return authoritiesBesidesNodeRoots(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;
const withoutSpace = (pem: string): string => pem.replace(/\s+/g, '');
let nodeRoots: Set<string> | undefined;

/**
 * The PEM blocks of `text` but the certificates among Node's own roots, which every context this module makes
 * holds already. CI images often name their whole system bundle in NODE_EXTRA_CA_CERTS (144 certificates, most
 * of them Node's roots too): added again one by one, they cost each thread of a run 40 ms of CPU at its start
 * on Node 20.
 */
export function authoritiesBesidesNodeRoots(text: string): string[] {
  nodeRoots ??= new Set(tls.rootCertificates.map(withoutSpace));
  const roots = nodeRoots;
  return [...text.matchAll(PEM_BLOCK)].map(([block]) => block).filter((block) => !roots.has(withoutSpace(block)));
}

/**
 * The run's connections: pools of at most `maxSockets` each, which open no more once they hold `enough()` (read
 * at each request) and a socket is free, resting or not.
 */
export function makeConnections(maxSockets: number, options: ConnectionOptions = {}, enough: () => number = () => maxSockets): Connections {
  const tlsOptions: https.AgentOptions = {
    ...tlsMaterial(options),
    ...(options.insecure ? { rejectUnauthorized: false } : {}),
  };
  // Pools as large as the requests that may be in flight: a smaller pool would queue them again.
  const pool = { ...tlsOptions, keepAlive: true, maxSockets, maxFreeSockets: maxSockets, scheduling: 'fifo' as const };
  const pools = new Map<string, http.Agent>();
  const sessions = new TlsSessions();
  const proxyOf = (url: string): string => (options.proxies ? proxyFromEnv(url) : '');
  const agentFor = (url: string, agentOptions: https.AgentOptions): http.Agent => {
    const secure = url.startsWith('https:');
    const proxy = proxyOf(url);
    if (proxy === '') return secure ? sessions.resumedBy(new https.Agent(agentOptions)) : new http.Agent(agentOptions);
    // A CONNECT tunnel for https (the proxy never sees the request, the key in it included); an absolute-URI
    // request to the proxy for http, as HTTP_PROXY means.
    return secure ? checkingTargetIdentity(new HttpsProxyAgent(proxy, agentOptions)) : new HttpProxyAgent(proxy, agentOptions);
  };
  // Without proxies a scheme has one pool, found without making a key for every request.
  let plain: http.Agent | undefined;
  let secure: http.Agent | undefined;
  const pooled = (url: string): http.Agent => {
    const https = url.startsWith('https:');
    if (!options.proxies) {
      if (https) return (secure ??= madeOnce(pools, 'https ', () => guarded(agentFor(url, pool), enough)));
      return (plain ??= madeOnce(pools, 'http ', () => guarded(agentFor(url, pool), enough)));
    }
    const key = `${https ? 'https' : 'http'} ${proxyOf(url)}`;
    return madeOnce(pools, key, () => guarded(agentFor(url, pool), enough));
  };
  // One agent per pool for the connections that carry one request each: node's agent never gives such a
  // connection a second request while none queues for it (its sockets are not limited), and its connections
  // resume the run's TLS sessions (`TlsSessions`), so a write's rather than paying a full handshake.
  const singles = new Map<http.Agent, http.Agent>();
  const single = (url: string): http.Agent => madeOnce(singles, pooled(url), () => agentFor(url, { ...tlsOptions, keepAlive: false }));
  return {
    pooled,
    single,
    tls: tlsOptions,
    destroy() {
      for (const agent of [...pools.values(), ...singles.values()]) agent.destroy();
      pools.clear();
      singles.clear();
      plain = secure = undefined;
    },
  };
}
