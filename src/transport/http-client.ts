/**
 * The one way the suite talks to a target: node:http(s) over keep-alive agents (connections.ts), with a
 * deadline per request and a cap on the bytes it will read, so a hanging, resetting or flooding target becomes
 * a reported outcome rather than a stuck or crashed run. Every request is counted, and every request waits for
 * one of the run's `--concurrency` slots: the process never has more than that many in flight.
 *
 * A read that fails on a reused keep-alive socket before any byte of its answer is sent once more, on a
 * connection of its own: the server closed the idle socket as the client took it, which says nothing of the
 * target. A write (it changes state on the server) is never sent twice: it goes out on a connection of its own,
 * so it never meets that race, and an answer it then loses is reported as lost.
 */
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { StringDecoder } from 'node:string_decoder';
import { madeOnce } from '../made-once.js';
import {
  answeredIn,
  makeConnections,
  sendsStrays,
  socketState,
  strayAfterAnswer,
  takeSocket,
  type ConnectionOptions,
  type Connections,
} from './connections.js';
import { Limiter, type Rank } from './limiter.js';
import { LoadWindow, OwnWindow, startingWindow } from './load-window.js';
import type { SharedSlots } from './shared-slots.js';
import { parseExact } from '../contract/exact-json.js';
import { CAP_BURST_MS, type CapTurn, isThrottling, Paces, retryAfterMs, ThrottleBudget, waitBeforeResend } from './throttle.js';
import { noteThrottledWithoutEnd } from './notes.js';

export interface HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  /** The parsed body; `undefined` when it is not JSON (see `jsonError`). */
  readonly json: unknown;
  readonly jsonError?: string;
}

/**
 * `throttled`: the target kept answering 429 (or 503 with Retry-After) and the request gave up (throttle.ts).
 * `tls`: no TLS session (a certificate not trusted, a plain-HTTP server behind https://); the message starts
 * with node's code (`DEPTH_ZERO_SELF_SIGNED_CERT: ...`).
 */
export type TransportFailureKind = 'timeout' | 'connection' | 'too-large' | 'protocol' | 'throttled' | 'tls';

/** Node's codes and OpenSSL's words for a TLS session that could not be made. */
const TLS_FAILURE = /CERT|SELF_SIGNED|UNABLE_TO_|ERR_TLS|ERR_SSL|EPROTO|wrong version number|certificate|handshake failure/i;

/** How a request was held back before its outcome: throttling answers it got, and the time it waited. */
export interface Throttling {
  readonly times: number;
  readonly waitedMs: number;
  /** The answer is a throttling one, judged as it came: the throttling budget was spent (throttle.ts `ThrottleBudget`). */
  readonly withoutEnd?: true;
}

export type HttpOutcome =
  | {
      readonly ok: true;
      readonly request: HttpRequest;
      readonly response: HttpResponse;
      readonly durationMs: number;
      readonly throttling?: Throttling;
    }
  | {
      readonly ok: false;
      readonly request: HttpRequest;
      readonly failure: TransportFailureKind;
      readonly message: string;
      readonly durationMs: number;
      /** Never sent: abandoned by `TransportOptions.abandon` once a slot was free. */
      readonly unsent?: true;
      readonly throttling?: Throttling;
    };

export interface TransportOptions {
  readonly timeoutMs: number;
  /** Bodies larger than this are not read: the answer is reported as too large. */
  readonly maxBodyBytes?: number;
  /**
   * Asked before waiting for a slot and again once one is free, just before sending: a reason not to send
   * after all (the base stopped answering, maybe while this request waited). The request then ends at once as
   * a timeout with that reason, unsent.
   */
  readonly abandon?: () => string | undefined;
  /**
   * Told the outcome while the request still holds its slot: what it teaches (a base that does not answer)
   * is known before the slot passes to the next request waiting for one.
   */
  readonly learn?: (outcome: HttpOutcome) => void;
  /** Gives up a request in flight (its base was found not answering): it ends then as a timeout with the reason. */
  readonly givenUp?: AbortSignal;
  /**
   * Who is served first when slots are scarce: the lowest rank (the run ranks a request by when its unit started,
   * then, once every unit has started, by the requests its unit has left; src/harness/schedule.ts).
   */
  readonly rank?: Rank;
  /**
   * The request changes state on the server (safe-writes.ts `writesOf`): it is never sent twice, whatever
   * happens to its connection.
   */
  readonly writes?: boolean;
  /**
   * Told once the request's connection to an https target has its TLS session (never for plain http): the
   * target is there, and its certificate is trusted.
   */
  readonly tlsReady?: () => void;
}

export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Enough that a target 150 ms away is not latency-bound: ~850 requests per second at that distance. */
export const DEFAULT_CONCURRENCY = 128;

let limiter = new Limiter(DEFAULT_CONCURRENCY);
/**
 * The pools of each setting (how many sockets, which TLS material, whether a proxy applies), kept rather than
 * destroyed when a run changes them: runs going on at once in one process (a program calling the library
 * twice, tests side by side) may differ in those, and destroying the other run's pools would hang up its
 * requests in flight. Idle pooled sockets do not keep the process alive.
 */
const poolsBySetting = new Map<string, Connections>();
function connectionsFor(maxSockets: number, options: ConnectionOptions): Connections {
  return madeOnce(poolsBySetting, `${maxSockets}\0${JSON.stringify(options)}`, () =>
    makeConnections(maxSockets, options, connectionsBeforeReuse),
  );
}
/**
 * The connections a pool holds before a request takes a socket still resting from its last answer rather than
 * open another: the requests this thread may have in flight now, and a quarter more for the sockets resting.
 * The pool may grow to the run's whole limit (a thread borrows the others' slots at its end); filled to it
 * while a thread held half the slots, every answer of a run's first rounds freed a resting socket and the next
 * request opened a connection: over HTTPS about a hundred handshakes more in its first second, on both sides
 * of a machine whose CPU that second is short of, and a run 0.3–0.4 s longer against a target 150 ms away.
 */
const connectionsBeforeReuse = (): number => limiter.limit + Math.ceil(limiter.limit / 4);
let connections: Connections = connectionsFor(DEFAULT_CONCURRENCY, {});
let paces = new Paces();
let throttleBudget = new ThrottleBudget();
/** No throttled request waits past this (`Date.now()` time): the run's --max-duration. */
let waitNoLaterThan = Infinity;

/**
 * Sets how many requests this process keeps in flight at most (and the per-host connection pools to match); with
 * `shared`, this thread's share of the limit the run's threads share (`SharedSlots`), its pools sized for the whole.
 */
export function setConcurrency(concurrency: number, shared?: SharedSlots): void {
  if (concurrency !== concurrencySet || shared?.buffer !== limiter.shared?.buffer) {
    concurrencySet = concurrency;
    limiter = new Limiter(concurrency, shared);
    connections = connectionsFor(socketsAtMost(), connectionOptions);
  }
  // A run starts with its window below the limit, and follows the answers' pace from there (load-window.ts).
  const limit = shared?.total ?? concurrency;
  const share = (window: number): number => (shared ? Math.max(1, Math.round((concurrency * window) / limit)) : window);
  const own = limiter;
  loadWindow = new LoadWindow(limit, shared ?? new OwnWindow(startingWindow(limit)), (window) => own.setLimit(share(window)), {
    part: concurrency / limit,
  });
}

/** This thread's limit (its share of the run's) as set, before the window moves it. */
let concurrencySet = DEFAULT_CONCURRENCY;
/** The requests in flight follow how fast they are answered (load-window.ts). */
let loadWindow: LoadWindow | undefined = undefined;

/** The run's window on requests in flight now, and its limit. */
export const inFlightWindow = (): { readonly window: number; readonly limit: number } => ({
  window: loadWindow?.window ?? limiter.limit,
  limit: loadWindow?.limit ?? limiter.limit,
});

/** A thread borrowing the slots of the others may hold every one of them: its pools have room for all. */
const socketsAtMost = (): number => limiter.shared?.total ?? concurrencySet;

let connectionOptions: ConnectionOptions = {};
/** Sets the TLS material and proxy use of the connections (new pools only when they change). */
export function setConnectionOptions(options: ConnectionOptions): void {
  if (JSON.stringify(options) === JSON.stringify(connectionOptions)) return;
  connectionOptions = options;
  connections = connectionsFor(socketsAtMost(), options);
}

export interface PacePolicy {
  /** Requests per second to each origin at most, from the first request on: the whole run's, every thread's together. */
  readonly maxRps?: number;
  /** When the run must be over (`Date.now()` time): a throttled request does not wait past it. */
  readonly endsAt?: number;
}

/** The pace policy of a run configuration, from now: a run's checks start as it starts. */
export function pacePolicyOf(config: { readonly maxRps?: number; readonly maxDurationMs?: number }): PacePolicy {
  return {
    ...(config.maxRps === undefined ? {} : { maxRps: config.maxRps }),
    ...(config.maxDurationMs === undefined ? {} : { endsAt: Date.now() + config.maxDurationMs }),
  };
}

/**
 * Sets the paces of a run: under another cap they start afresh; under the same one they go on (the probe's
 * requests and the checks' share one schedule of turns, so their sum keeps to the cap).
 */
export function setPacePolicy(policy: PacePolicy): void {
  const cap = policy.maxRps ?? Infinity;
  if (cap !== paces.cap) paces = new Paces(cap);
  waitNoLaterThan = policy.endsAt ?? Infinity;
  throttleBudget = new ThrottleBudget();
}

/**
 * The memory of this thread's schedule of turns under `maxRps` (made now if the cap is another), for the
 * run's other threads to join with `joinRateCap`: their requests and this thread's then keep to one cap.
 */
export function rateCapShare(maxRps: number): SharedArrayBuffer {
  if (maxRps !== paces.cap) paces = new Paces(maxRps);
  return paces.rateCap!.buffer;
}

/** Takes this thread's turns under `maxRps` from the schedule another thread of the run shared (`rateCapShare`). */
export function joinRateCap(maxRps: number, shared: SharedArrayBuffer): void {
  if (paces.rateCap?.buffer !== shared) paces = new Paces(maxRps, shared);
}

/**
 * An answer that grows past this while being read waits for one of a few turns before it reads on: 128 answers
 * near the cap read and parsed at once would hold half a gigabyte (two at a time keep a run against such a
 * target near the memory of an honest one).
 */
export const LARGE_ANSWER_BYTES = 64 * 1024;
export const LARGE_ANSWERS_AT_ONCE = 2;
const largeAnswers = new Limiter(LARGE_ANSWERS_AT_ONCE);
/** Large answers being read now, and those waiting for their turn. */
export const largeAnswerLoad = (): { readonly active: number; readonly waiting: number } => largeAnswers.load;

/** Ranks the requests waiting for a slot (or a turn to read a large answer) anew: the run's order of service changed. */
export function reorderWaiting(): void {
  limiter.reorder();
  largeAnswers.reorder();
}

let requestsSent = 0;
/** Requests sent by this process (worker) so far. */
export const requestCount = (): number => requestsSent;

let resentOnNewConnection = 0;
let writesLost = 0;
/** What this process's connections went through so far: reads sent again after the keep-alive race, writes whose answer was lost. */
export const connectionTroubles = (): { readonly resent: number; readonly writesLost: number } => ({
  resent: resentOnNewConnection,
  writesLost,
});

/**
 * The requests in flight that a signal gives up, under one listener per signal: a listener added and removed
 * for each request cost more than the rest of what this module adds to node's client. They are linked through
 * themselves, in the order they were sent (no set to hash every request into and out of).
 */
class InFlight {
  private first: Exchange | undefined = undefined;
  private last: Exchange | undefined = undefined;

  add(exchange: Exchange): void {
    exchange.before = this.last;
    exchange.after = undefined;
    if (this.last) this.last.after = exchange;
    else this.first = exchange;
    this.last = exchange;
  }

  remove(exchange: Exchange): void {
    if (exchange.before) exchange.before.after = exchange.after;
    else if (this.first === exchange) this.first = exchange.after;
    else return; // not in this list (any more)
    if (exchange.after) exchange.after.before = exchange.before;
    else this.last = exchange.before;
    exchange.before = exchange.after = undefined;
  }

  giveUpAll(): void {
    const all: Exchange[] = [];
    for (let exchange = this.first; exchange; exchange = exchange.after) all.push(exchange);
    for (const exchange of all) exchange.giveUp();
  }
}

const inFlightBySignal = new WeakMap<AbortSignal, InFlight>();
function inFlightUnder(signal: AbortSignal): InFlight {
  return madeOnce(inFlightBySignal, signal, () => {
    const requests = new InFlight();
    signal.addEventListener('abort', () => requests.giveUpAll(), { once: true });
    return requests;
  });
}

/** Sees every completed exchange of this thread (`run --record`, src/runner/recorder.ts); none by default. */
let exchangeObserver: ((outcome: HttpOutcome) => void) | undefined;
export function observeExchanges(observer: ((outcome: HttpOutcome) => void) | undefined): void {
  exchangeObserver = observer;
}

/**
 * Sends once a slot of the run's limit is free and its origin's pace allows; the deadline starts then, not
 * while waiting. A throttling answer is waited out and the request sent again (throttle.ts).
 */
export async function send(request: HttpRequest, options: TransportOptions): Promise<HttpOutcome> {
  const { rateCap } = paces;
  const pace = paces.of(request.url);
  let times = 0;
  let waitedMs = 0;
  // Under --max-rps a request takes its turn last, holding its slot, so it goes out the moment its turn comes
  // (waiting for a slot after its turn would bunch requests up); every request sent takes one, a resend too.
  let turns: Turns | undefined;
  const turnsTaken: CapTurn[] = [];
  if (rateCap) {
    let turnAt = 0;
    const turn = async (again = false): Promise<void> => {
      const taken = await rateCap.turn(request.url, again);
      waitedMs += taken.waitedMs;
      turnAt = performance.now();
      turnsTaken.push(taken);
    };
    // A new connection is made in the thread's event loop: while the thread is busy, the request would go out
    // long after its turn, crowding the next ones (at a quota of a few a second, one such request is one too
    // many in the target's second). Written that late, it takes another turn first.
    const onTime = async (): Promise<void> => {
      if (performance.now() - turnAt > CAP_BURST_MS) await turn(true);
    };
    // Answered, the request has been counted by the target; one that failed (a deadline passed, a connection
    // lost) may still be counted later, so it keeps its place in the window as long as the window keeps one.
    const answered = (): void => turnsTaken.at(-1)?.answered();
    turns = { turn, onTime, answered };
  }
  for (let tryNumber = 1; ; tryNumber += 1) {
    const waited = pace.turn();
    waitedMs += typeof waited === 'number' ? waited : await waited;
    const outcome = await sendInSlot(request, options, turns);
    turnsTaken.length = 0;
    const throttlingOf = (): Throttling => ({ times, waitedMs: Math.round(waitedMs) });
    if (!outcome.ok || !isThrottling(outcome.response.status, outcome.response.headers)) {
      if (outcome.ok) {
        pace.answered();
        throttleBudget.answered(request.url);
      }
      return times > 0 || waitedMs >= 1 ? { ...outcome, throttling: throttlingOf() } : outcome;
    }
    times += 1;
    const told = retryAfterMs(outcome.response.headers['retry-after']);
    const wait = waitBeforeResend(tryNumber, told);
    pace.throttled(wait);
    // Past the budget the throttling answer is the answer: judged as it is, and the run says the target
    // throttled without end (notes.ts).
    if (throttleBudget.throttled(request.url, tryNumber, wait) !== undefined) {
      noteThrottledWithoutEnd(request.url);
      return { ...outcome, throttling: { ...throttlingOf(), withoutEnd: true } };
    }
    rateCap?.hold(request.url, wait);
    const answer = `${outcome.response.status}${told === undefined ? '' : ` with Retry-After ${Math.ceil(told / 1000)} s`}`;
    const givingUp =
      Date.now() + wait > waitNoLaterThan
        ? `throttled (${answer}); waiting ${Math.ceil(wait / 1000)} s more would outlast --max-duration`
        : undefined;
    if (givingUp !== undefined)
      return {
        ok: false,
        request,
        failure: 'throttled',
        message: givingUp,
        durationMs: outcome.durationMs,
        throttling: throttlingOf(),
      };
  }
}

/** Under --max-rps: how a request takes its turn, and takes another when it could not be written on time. */
interface Turns {
  readonly turn: () => Promise<void>;
  readonly onTime: () => Promise<void>;
  /** The request sent on the last turn was answered: said as soon as it is, before any wait for strays. */
  readonly answered: () => void;
}

/** The outcome of a request not sent after all (`TransportOptions.abandon`), or undefined: send it. */
function abandoned(request: HttpRequest, options: TransportOptions): HttpOutcome | undefined {
  const reason = options.abandon?.();
  return reason === undefined
    ? undefined
    : { ok: false, request, failure: 'timeout', message: `not sent: ${reason}`, durationMs: 0, unsent: true };
}

function sendInSlot(request: HttpRequest, options: TransportOptions, turns: Turns | undefined): Promise<HttpOutcome> {
  const early = abandoned(request, options);
  if (early) return Promise.resolve(early);
  if (options.writes === true && turns === undefined && writesConnecting < WRITES_CONNECTING_AT_MOST)
    return sendWriteConnectingFirst(request, options).then(afterWiresTurn);
  return limiter
    .run(() => sendHoldingSlot(request, options, turns), options.rank)
    .then((outcome) => {
      // An answer read on a reused socket is the request's once the socket has rested without bytes nobody asked
      // for; that wait holds no slot.
      const stray = strayWatch.get(outcome);
      return stray === undefined
        ? afterWiresTurn(outcome)
        : stray.then((suspect) => (suspect ? afterStrayAnswer(request, options, turns, outcome) : outcome));
    });
}

/**
 * The outcome, handed on after this turn of the event loop. The slot it freed has gone to the next request,
 * whose bytes node writes only once the promises of this turn are done: handed on at once, the judging of
 * this answer (and of every answer read with it) came first, and each request held its slot about a
 * millisecond longer, unsent.
 */
const afterWiresTurn = (outcome: HttpOutcome): Promise<HttpOutcome> => new Promise((resolve) => setImmediate(resolve, outcome));

/** The answers read on a reused socket, and whether bytes nobody asked for followed them before it rested. */
const strayWatch = new WeakMap<HttpOutcome, Promise<boolean>>();

/**
 * The answer was followed by bytes nobody asked for: it may be a stray answer to an earlier request, its own
 * still to come. A read is sent again on a connection of its own; a write is never sent twice, and errored.
 */
async function afterStrayAnswer(
  request: HttpRequest,
  options: TransportOptions,
  turns: Turns | undefined,
  suspect: HttpOutcome,
): Promise<HttpOutcome> {
  const why = 'the server sends answers nobody asked for (bytes came after this answer on its connection)';
  if (options.writes === true) {
    writesLost += 1;
    return { ok: false, request, failure: 'connection', message: `${why}: answer suspect; not resent`, durationMs: suspect.durationMs };
  }
  const again = abandoned(request, options);
  if (again) return again;
  resentOnNewConnection += 1;
  return limiter.run(async () => {
    await turns?.turn();
    const second = (await sendOnce(request, options, connections.single(request.url), turns?.onTime)).outcome;
    if (second.ok) turns?.answered();
    return learnt(options, second.ok ? second : { ...second, message: `${second.message} (sent again on a new connection: ${why})` });
  }, options.rank);
}

/**
 * Writes of this thread waiting for a slot with their connection made or being made: each is a connection the
 * target holds beyond the run's requests in flight, so they are few; past them a write connects in its slot.
 */
let writesConnecting = 0;
const WRITES_CONNECTING_AT_MOST = 8;

/**
 * A write's connection of its own is made while the write queues for its slot, not once it holds one: held
 * through a TLS handshake (a round trip more, and the target's and this thread's turns to answer its flights),
 * the slot carried no request for tens of milliseconds, and the write's unit waited as long. Nothing of the
 * write goes out before its slot: node writes a request's head with its body, and the body is given then. A
 * connection that closes unused meanwhile (an idle target's timeout) carried nothing: the write goes once, on
 * another, in its slot.
 */
function sendWriteConnectingFirst(request: HttpRequest, options: TransportOptions): Promise<HttpOutcome> {
  writesConnecting += 1;
  let slotTaken!: () => void;
  const inSlot = new Promise<void>((resolve) => (slotTaken = resolve));
  let exchange!: Exchange;
  const first = new Promise<Attempt>((resolve) => {
    requestsSent += 1;
    exchange = new Exchange(request, options, resolve);
    exchange.start(connections.single(request.url), () => inSlot);
  });
  return limiter.run(async () => {
    writesConnecting -= 1;
    const late = abandoned(request, options);
    if (late) {
      exchange.drop();
      requestsSent -= 1;
      return late;
    }
    slotTaken();
    const attempt = await first;
    const { outcome } = attempt;
    if (outcome.ok || outcome.failure !== 'connection' || attempt.answerStarted || !attempt.connected) return learnt(options, outcome);
    if (attempt.sent) return learnt(options, await afterConnectionFailure(request, options, undefined, attempt, outcome));
    // Its connection closed before the write was given to it.
    return learnt(options, (await sendOnce(request, options, connections.single(request.url))).outcome);
  }, options.rank);
}

function sendHoldingSlot(request: HttpRequest, options: TransportOptions, turns: Turns | undefined): Promise<HttpOutcome> {
  const late = abandoned(request, options);
  if (late) return Promise.resolve(late);
  if (turns) return sendOnTurn(request, options, turns);
  return sendWithRetry(request, options, undefined).then((outcome) => learnt(options, outcome));
}

/** Under --max-rps: sent once its turn came, unless it was abandoned meanwhile. */
async function sendOnTurn(request: HttpRequest, options: TransportOptions, turns: Turns): Promise<HttpOutcome> {
  await turns.turn();
  const stopped = abandoned(request, options);
  if (stopped) return stopped;
  const outcome = await sendWithRetry(request, options, turns);
  if (outcome.ok) turns.answered();
  return learnt(options, outcome);
}

/** The outcome of a request sent, told to who learns from it while the request still holds its slot. */
function learnt(options: TransportOptions, outcome: HttpOutcome): HttpOutcome {
  options.learn?.(outcome);
  exchangeObserver?.(outcome);
  return outcome;
}

/**
 * Sends a read once more, on a connection of its own, when it failed on a reused keep-alive socket before any
 * byte of its answer: that race is the transport's, not the target's. A target that resets a new connection is
 * reported as it is. A write goes out once, on a connection of its own.
 */
function sendWithRetry(request: HttpRequest, options: TransportOptions, turns: Turns | undefined): Promise<HttpOutcome> {
  const writes = options.writes === true;
  return sendOnce(request, options, writes ? connections.single(request.url) : undefined, turns?.onTime).then((first) => {
    const { outcome } = first;
    if (outcome.ok || outcome.failure !== 'connection' || first.answerStarted) return outcome;
    return afterConnectionFailure(request, options, turns, first, outcome);
  });
}

async function afterConnectionFailure(
  request: HttpRequest,
  options: TransportOptions,
  turns: Turns | undefined,
  first: Attempt,
  outcome: HttpOutcome & { ok: false },
): Promise<HttpOutcome> {
  if (options.writes === true) {
    if (!first.connected) return outcome;
    writesLost += 1;
    return { ...outcome, message: `${outcome.message}: answer lost; not resent` };
  }
  if (!first.reused || options.givenUp?.aborted) return outcome;
  resentOnNewConnection += 1;
  await turns?.turn();
  const second = (await sendOnce(request, options, connections.single(request.url), turns?.onTime)).outcome;
  return second.ok ? second : { ...second, message: `${second.message} (sent again on a new connection: the same)` };
}

/** One exchange, and what its socket had been through when it failed. */
interface Attempt {
  readonly outcome: HttpOutcome;
  /** The socket had carried an earlier request. */
  readonly reused: boolean;
  /** A byte of the answer had arrived. */
  readonly answerStarted: boolean;
  /** The request had a connection to go out on (it may have reached the server). */
  readonly connected: boolean;
  /** The request was given to node to write: unless so, nothing of it went out, whatever its connection. */
  readonly sent: boolean;
}

/**
 * Sends `request` once, on `agent` or else the pool of its scheme; under --max-rps, written only once its
 * connection is there and `onTime` says it may go (the time waited for that does not count to its deadline).
 */
function sendOnce(request: HttpRequest, options: TransportOptions, agent?: http.Agent, onTime?: () => Promise<void>): Promise<Attempt> {
  requestsSent += 1;
  return new Promise<Attempt>((resolve) => new Exchange(request, options, resolve).start(agent, onTime));
}

/** The exchange a request (or its answer) belongs to, for the listeners every exchange shares. */
const EXCHANGE = Symbol('exchange');
type Carrying<T> = T & { [EXCHANGE]?: Exchange };

/**
 * One request in flight and its answer: its state, read by listeners that every exchange shares (a dozen
 * closures made for each request cost more than the rest of what this module adds to node's client). Once
 * settled it is the request's Attempt.
 */
class Exchange implements Attempt {
  outcome!: HttpOutcome;
  reused = false;
  answerStarted = false;
  connected = false;
  sent = false;
  private settled = false;
  private readonly started = performance.now();
  private req: Carrying<http.ClientRequest> | undefined = undefined;
  private socket: Socket | undefined = undefined;
  private responded = false;
  private secure = false;
  /** It ended at its deadline (not given up, nor failed otherwise): an answer that took that long, to the window. */
  private deadlineMissed = false;
  /** When the request was written (performance.now()); undefined until then. */
  private writtenAt: number | undefined = undefined;
  /** Ends this answer's turn to be read, once it took one (a large answer). */
  private endTurn: (() => void) | undefined = undefined;
  /**
   * One deadline for the whole exchange (connect, send, the complete answer), as superagent's `deadline`; the
   * time a large answer waits for its turn to be read, or a request under --max-rps for its turn to be
   * written, is the client's, not the target's, and does not count.
   */
  private timer: NodeJS.Timeout | undefined = undefined;
  private timeLeft: number;
  private timerFrom: number;
  private givenUpTogether: InFlight | undefined = undefined;
  /** Its neighbours among the requests in flight under its signal (InFlight). */
  before: Exchange | undefined = undefined;
  after: Exchange | undefined = undefined;
  /** The time a request waited for another turn before it was written: the client's, not the target's. */
  private heldBeforeWriting = 0;
  private chunks: Buffer[] = [];
  private size = 0;
  /** An answer grown large: decoded as it comes, its buffers freed at once. */
  private large: { decoder: StringDecoder; text: string } | undefined = undefined;

  constructor(
    readonly request: HttpRequest,
    private readonly options: TransportOptions,
    private readonly resolve: (attempt: Attempt) => void,
  ) {
    this.timeLeft = options.timeoutMs;
    this.timerFrom = this.started;
  }

  start(agent: http.Agent | undefined, onTime: (() => Promise<void>) | undefined): void {
    const { request, options } = this;
    const target = addressOf(request.url);
    if (target === undefined) return this.fail('protocol', `not a URL: ${request.url}`);
    this.secure = target.secure;
    // The body goes as the string it is, in one `end`: node then states its Content-Length itself and writes it
    // with the head, one write where a Buffer would take two.
    const body = request.body;
    let req: Carrying<http.ClientRequest>;
    try {
      req = (target.secure ? https : http).request({
        ...target.address,
        method: request.method,
        agent: agent ?? (sendsStrays(originOf(request.url)) ? connections.single(request.url) : connections.pooled(request.url)),
        ...(target.secure ? connections.tls : {}),
        headers: request.headers,
      });
    } catch (error) {
      // A method or header node will not put on the wire (a character HTTP does not allow): nothing was sent.
      return this.fail('protocol', (error as Error).message);
    }
    req[EXCHANGE] = this;
    this.req = req;
    this.timer = setTimeout(deadlinePassed, this.timeLeft, this);
    const { givenUp } = options;
    if (givenUp?.aborted) this.giveUp();
    else if (givenUp !== undefined) {
      this.givenUpTogether = inFlightUnder(givenUp);
      this.givenUpTogether.add(this);
    }
    req.on('socket', socketTaken);
    req.once('finish', requestWritten);
    req.on('error', requestFailed);
    req.on('response', answerCame);
    if (!onTime) this.end(body);
    else
      req.once('socket', (taken: Socket) => {
        const write = (): void => {
          this.pauseDeadline();
          const from = performance.now();
          void onTime().then(() => {
            if (this.settled) return;
            this.heldBeforeWriting = performance.now() - from;
            this.resumeDeadline();
            this.end(body);
          });
        };
        if (!taken.connecting) write();
        else taken.once(target.secure ? 'secureConnect' : 'connect', write);
      });
  }

  private end(body: string | undefined): void {
    this.sent = true;
    this.req!.end(body);
  }

  /** Ends the exchange unsent: the run gave the request up before its turn to be written. */
  drop(): void {
    this.fail('timeout', 'not sent');
    this.req?.destroy();
  }

  tookSocket(taken: Socket): void {
    this.socket = taken;
    takeSocket(taken, originOf(this.request.url));
    if (!taken.connecting) this.connectionMade();
    else taken.once(this.secure ? 'secureConnect' : 'connect', () => this.connectionMade());
  }

  private connectionMade(): void {
    this.connected = true;
    const { tlsReady } = this.options;
    if (!this.secure || tlsReady === undefined) return;
    // A proxy's tunnel hands over a socket whose TLS session with the target is still being made.
    const socket = this.socket as TLSSocket;
    if (socket.getProtocol?.() === 'unknown') socket.once('secureConnect', tlsReady);
    else tlsReady();
  }

  giveUp(): void {
    this.fail('timeout', `no answer, given up: ${String(this.options.givenUp?.reason)}`);
    this.req?.destroy();
  }

  /**
   * The request is written (handed to the kernel): the deadline starts again from here, whole. What came
   * before, the connection being made and the time this thread was too busy to write, had a deadline of its
   * own; but the deadline measures the server, not requests waiting behind the run's own busy thread.
   */
  written(): void {
    this.writtenAt = performance.now();
    if (this.timer === undefined || this.settled) return;
    clearTimeout(this.timer);
    this.timeLeft = this.options.timeoutMs;
    this.timerFrom = this.writtenAt;
    this.timer = setTimeout(deadlinePassed, this.timeLeft, this);
  }

  /**
   * The deadline's timer fired: the answer may have come while this thread was busy, and wait unread. Timers
   * run before the reading of what came, so it is looked at once more after that, then judged.
   */
  deadlineReached(): void {
    this.timer = undefined;
    setImmediate(expireUnlessAnswered, this);
  }

  expire(): void {
    if (this.settled || this.timer !== undefined) return;
    this.deadlineMissed = true;
    this.fail('timeout', `no complete answer within ${this.options.timeoutMs} ms`);
    this.req?.destroy();
  }

  answered(res: Carrying<http.IncomingMessage>): void {
    this.responded = true;
    res[EXCHANGE] = this;
    res.on('data', chunkCame);
    res.on('error', answerFailed);
    res.on('aborted', answerCutOff);
    res.on('end', answerEnded);
  }

  /**
   * An answer is kept as its buffers and decoded once at the end; one that grows large is decoded as it comes
   * from then on, so its buffers are freed at once and no copy joins them.
   */
  chunk(res: http.IncomingMessage, chunk: Buffer): void {
    this.size += chunk.length;
    const maxBytes = this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    if (this.size > maxBytes) {
      this.fail('too-large', `response body exceeds ${maxBytes} bytes`);
      this.req?.destroy();
      return;
    }
    if (this.large) this.large.text += this.large.decoder.write(chunk);
    else this.chunks.push(chunk);
    if (this.size > LARGE_ANSWER_BYTES && !this.large) {
      const decoder = new StringDecoder('utf8');
      this.large = { decoder, text: decoder.write(Buffer.concat(this.chunks)) };
      this.chunks = [];
      this.waitForTurn(res);
    }
  }

  private waitForTurn(res: http.IncomingMessage): void {
    this.endTurn = () => undefined;
    res.pause();
    this.pauseDeadline();
    void largeAnswers.run(
      () =>
        new Promise<void>((ended) => {
          if (this.settled) return ended();
          this.endTurn = ended;
          this.resumeDeadline();
          res.resume();
        }),
      this.options.rank,
    );
  }

  ended(res: http.IncomingMessage): void {
    if (this.settled) return;
    const { large } = this;
    const text = large
      ? large.text + large.decoder.end()
      : this.chunks.length === 1
        ? this.chunks[0]!.toString('utf8')
        : Buffer.concat(this.chunks).toString('utf8');
    let json: unknown;
    let jsonError: string | undefined;
    try {
      json = parseExact(text);
    } catch (error) {
      jsonError = text === '' ? 'empty body' : `not JSON: ${(error as Error).message}`;
    }
    const headers = headersOf(res);
    const status = res.statusCode ?? 0;
    this.settle({
      ok: true,
      response: jsonError === undefined ? { status, headers, text, json } : { status, headers, text, json, jsonError },
      request: this.request,
      durationMs: this.duration(),
    });
  }

  fail(failure: TransportFailureKind, message: string): void {
    if (this.settled) return;
    this.settle({ ok: false, failure, message, request: this.request, durationMs: this.duration() });
  }

  private duration(): number {
    return performance.now() - this.started - this.heldBeforeWriting;
  }

  private settle(outcome: HttpOutcome): void {
    if (this.settled) return;
    this.settled = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.endTurn?.();
    this.givenUpTogether?.remove(this);
    if (this.writtenAt !== undefined && (outcome.ok || this.deadlineMissed))
      loadWindow?.answered(this.writtenAt, performance.now() - this.writtenAt, this.options.timeoutMs);
    const { reused, answerStarted } = socketState(this.socket);
    if (reused && outcome.ok && this.socket) {
      const stray = strayAfterAnswer(this.socket, outcome.durationMs, this.options.timeoutMs);
      if (stray) strayWatch.set(outcome, stray);
    } else if (outcome.ok && this.socket) answeredIn(this.socket, outcome.durationMs);
    this.outcome = outcome;
    this.reused = reused;
    this.answerStarted = answerStarted || this.responded;
    this.connected = this.connected || reused;
    this.chunks = [];
    this.large = undefined;
    this.resolve(this);
  }

  private pauseDeadline(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timeLeft -= performance.now() - this.timerFrom;
  }

  private resumeDeadline(): void {
    if (this.timer !== undefined || this.settled) return;
    this.timerFrom = performance.now();
    this.timer = setTimeout(deadlinePassed, Math.max(0, this.timeLeft), this);
  }
}

const TRANSPORT_CODES = /ECONNREFUSED|ECONNRESET|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|socket hang up/;

// The listeners every exchange shares: node calls them with the request (or its answer) as `this`.
function socketTaken(this: Carrying<http.ClientRequest>, taken: Socket): void {
  this[EXCHANGE]?.tookSocket(taken);
}
function requestFailed(this: Carrying<http.ClientRequest>, error: NodeJS.ErrnoException): void {
  const exchange = this[EXCHANGE];
  if (!exchange) return;
  const described = `${error.code ?? ''} ${error.message}`;
  if (TLS_FAILURE.test(described)) exchange.fail('tls', `${error.code ?? 'TLS'}: ${firstLineOf(error.message)}`);
  else if (TRANSPORT_CODES.test(described)) exchange.fail('connection', error.message || error.code || 'connection failed');
  else exchange.fail('protocol', error.message || String(error));
}
function requestWritten(this: Carrying<http.ClientRequest>): void {
  this[EXCHANGE]?.written();
}
function answerCame(this: Carrying<http.ClientRequest>, res: http.IncomingMessage): void {
  this[EXCHANGE]?.answered(res);
}
function chunkCame(this: Carrying<http.IncomingMessage>, chunk: Buffer): void {
  this[EXCHANGE]?.chunk(this, chunk);
}
function answerFailed(this: Carrying<http.IncomingMessage>, error: Error): void {
  this[EXCHANGE]?.fail('connection', error.message);
}
function answerCutOff(this: Carrying<http.IncomingMessage>): void {
  this[EXCHANGE]?.fail('connection', 'the answer was cut off');
}
function answerEnded(this: Carrying<http.IncomingMessage>): void {
  this[EXCHANGE]?.ended(this);
}
function deadlinePassed(exchange: Exchange): void {
  exchange.deadlineReached();
}
function expireUnlessAnswered(exchange: Exchange): void {
  exchange.expire();
}

interface Target {
  readonly secure: boolean;
  readonly address: Pick<http.RequestOptions, 'protocol' | 'hostname' | 'port' | 'path' | 'auth'> & { readonly servername?: string };
}

/**
 * A run sends thousands of requests to a few hundred URLs (an operation on a network): each is parsed once.
 * Bounded, since a caller may send to any number of URLs.
 */
const targets = new Map<string, Target | undefined>();
const TARGETS_REMEMBERED = 4096;

function addressOf(url: string): Target | undefined {
  if (targets.has(url)) return targets.get(url);
  let target: Target | undefined;
  try {
    const parsed = new URL(url);
    target = {
      secure: parsed.protocol === 'https:',
      address: {
        protocol: parsed.protocol,
        // A bracketed IPv6 host is given to the socket without its brackets.
        hostname: parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname,
        ...(parsed.port === '' ? {} : { port: Number(parsed.port) }),
        path: `${parsed.pathname}${parsed.search}`,
        ...(parsed.username === '' && parsed.password === ''
          ? {}
          : { auth: `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}` }),
        // Plain HTTP has no TLS name: said here, node's agent does not work one out of each request's Host header.
        ...(parsed.protocol === 'https:' ? {} : { servername: '' }),
      },
    };
  } catch {
    target = undefined;
  }
  if (targets.size >= TARGETS_REMEMBERED) targets.clear();
  targets.set(url, target);
  return target;
}

const firstLineOf = (text: string): string => text.split('\n')[0]!.trim();

const originOf = (url: string): string => /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? url;

/**
 * The answer's headers, names in lower case, read from its raw lines: node's `res.headers` is built on first
 * use, and copying it cost as much again. A name that comes twice is left to node's rules for joining
 * (set-cookie, cookie, fields that keep their first value), through res.headers.
 */
function headersOf(res: http.IncomingMessage): Record<string, string> {
  const raw = res.rawHeaders;
  const flat: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) flat[raw[i]!.toLowerCase()] = raw[i + 1]!;
  // Fewer names than lines: one came twice (or was no name an object may hold, such as __proto__).
  return Object.keys(flat).length * 2 === raw.length ? flat : flattenHeaders(res.headers);
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    flat[name.toLowerCase()] = typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : String(value);
  }
  return flat;
}
