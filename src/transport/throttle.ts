/**
 * Throttling: a 429, or a 503 with Retry-After, says "not now", not "wrong" (a 429 is throttling, not a
 * verdict). The request waits as told and is sent again; each origin's pace slows down when it throttles and
 * speeds up again while it does not (additive increase, multiplicative decrease), and `--max-rps` caps the
 * rate from the first request on, with turns every thread of the process takes from one schedule (RateCap).
 * Waiting is bounded (ThrottleBudget): past a request's tries, an operation's time or the run's, the throttling
 * answer is judged as the answer it is. A request whose wait would outlast the run ends as a transport failure:
 * its check is errored with the reason, never failed.
 */

import { madeOnce } from '../made-once.js';

/** Tries of one request in all (the first and its resends) before it gives up as throttled. */
export const THROTTLED_TRIES = 6;
/** The wait when the server names none, doubled at each try: 1 s, 2 s, 4 s, ... */
const FIRST_BACKOFF_MS = 1000;
/** A wait the server names is kept to this: a Retry-After of an hour is no reason to hold a run that long. */
const LONGEST_WAIT_MS = 60_000;
/** A pace never falls below this (requests per second). */
const SLOWEST_RPS = 0.5;
/** Each answer that is not throttled adds this much divided by the pace: about this many requests per second, each second. */
const INCREASE_RPS_PER_SECOND = 2;
/** Throttling answers within this of the first of them are one signal: the pace is halved once for them. */
const ONE_SIGNAL_MS = 1000;
/** Under a declared quota, a signal this long after the last (or the first of all) does not slow the pace. */
const LONE_UNDER_QUOTA_MS = 30_000;
/** Past this, an origin that throttled once is not paced any more (unless `--max-rps` caps it). */
const UNPACED_ABOVE_RPS = 1000;

/**
 * An operation (an origin's path) that has throttled this long without any other answer between has spent
 * its budget: its throttling answers are judged as they come from then on, until it answers otherwise.
 */
export const OPERATION_THROTTLED_MS = 60_000;
/**
 * The run's budget (each checks' thread's): once requests have waited out throttling this long in all (the
 * time during which any request waited, not the sum of the waits side by side), no request waits for it
 * any more.
 */
export const RUN_THROTTLED_MS = 120_000;

/** Why a throttling answer is judged as it came: the budget its wait would have come out of is spent. */
export type BudgetSpent = 'request' | 'operation' | 'run';

/**
 * How much throttling a run waits out. Waiting is right for a target that is busy for a while; a target that
 * answers 429 to every request of an operation (a quota that is never reset, a full project answered 429
 * rather than with its documented status) would hold the run until it is killed, each request waiting out
 * its tries and the next one starting over. So each request has its tries, each operation a time, and the
 * run a time in all; past any of them the throttling answer is the answer, judged as it is.
 */
export class ThrottleBudget {
  /** By operation: since when it has throttled with no other answer (undefined: it answered), and whether that is spent. */
  private readonly operations = new Map<string, { since: number | undefined; spent: boolean }>();
  /** Time any request waited out throttling, in all (ms), and until when the waits counted so far reach. */
  private waited = 0;
  private waitedUntil = 0;

  constructor(private readonly clock: () => number = clockMs) {}

  /**
   * A throttling answer came to the try `tryNumber` of a request to `url`, which would wait `waitMs` for the
   * next: undefined when it may, else which budget is spent (the answer is then judged as it is).
   */
  throttled(url: string, tryNumber: number, waitMs: number): BudgetSpent | undefined {
    const now = this.clock();
    const operation = madeOnce(this.operations, operationOf(url), () => ({ since: undefined, spent: false }));
    operation.since ??= now;
    if (this.waited >= RUN_THROTTLED_MS) return 'run';
    if (operation.spent) return 'operation';
    if (now + waitMs - operation.since > OPERATION_THROTTLED_MS) {
      operation.spent = true;
      return 'operation';
    }
    if (tryNumber >= THROTTLED_TRIES) {
      // One request refused through all its tries: its operation is not waited out again.
      operation.spent = true;
      return 'request';
    }
    const from = Math.max(now, this.waitedUntil);
    const until = now + waitMs;
    if (until > from) {
      this.waited += until - from;
      this.waitedUntil = until;
    }
    return undefined;
  }

  /** `url`'s operation answered without throttling: its budget is whole again. */
  answered(url: string): void {
    if (this.operations.size === 0) return;
    const operation = this.operations.get(operationOf(url));
    if (operation) {
      operation.since = undefined;
      operation.spent = false;
    }
  }
}

/** An operation of an origin: its URL without the query. */
function operationOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** A throttling answer: 429 whatever it says, or 503 with a Retry-After. */
export function isThrottling(status: number, headers: Readonly<Record<string, string>>): boolean {
  return status === 429 || (status === 503 && headers['retry-after'] !== undefined);
}

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP-date; undefined when it is neither. */
export function retryAfterMs(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP-date is an IMF-fixdate (RFC 9110), which Date.parse reads; a bare number it would also read is excluded above.
  if (!/^[A-Za-z]{3},/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** How long to wait before try `tryNumber` + 1 (1-based), told `retryAfter` (ms) or not. */
export function waitBeforeResend(tryNumber: number, retryAfter: number | undefined): number {
  const wait = retryAfter ?? FIRST_BACKOFF_MS * 2 ** (tryNumber - 1);
  return Math.min(wait, LONGEST_WAIT_MS);
}

const clockMs = (): number => performance.now();

/**
 * The pace of one origin in one thread: requests are spaced 1/rate apart; unpaced (rate Infinity) until the
 * origin first throttles, unless capped. Under --max-rps the cap itself is kept by RateCap, shared by the threads.
 */
export class OriginPace {
  private rate: number;
  private nextAt = 0;
  /** No request leaves before this (a Retry-After applies to the whole origin). */
  private heldUntil = 0;
  /** When the origin last started throttling (the first throttling answer of a signal). */
  private signalAt = -Infinity;
  /** Requests sent in the last second: the pace actually reached, which a throttle halves. */
  private readonly recent: number[] = [];

  constructor(
    private readonly cap: number = Infinity,
    /** Requests to the origin keep to a quota the user declared (--max-rps). */
    private readonly underQuota = false,
  ) {
    this.rate = cap;
  }

  get requestsPerSecond(): number {
    return this.rate;
  }

  /**
   * Waits for this request's turn; answers how long it waited (ms): at once, not as a promise, when it need
   * not wait (an origin that never throttled: nearly every request).
   */
  turn(now: () => number = clockMs): number | Promise<number> {
    const start = now();
    let at = Math.max(start, this.heldUntil);
    if (Number.isFinite(this.rate)) {
      at = Math.max(at, this.nextAt);
      this.nextAt = at + 1000 / this.rate;
    }
    this.recent.push(at);
    while (this.recent.length > 0 && this.recent[0]! < at - 1000) this.recent.shift();
    if (at <= start) return 0;
    return new Promise((resolve) => setTimeout(() => resolve(at - start), at - start));
  }

  /**
   * The origin throttled: slow down to half the pace reached, and hold every request for `waitMs`. The
   * requests in flight when a target starts refusing are refused together: that is one signal, and the pace
   * is halved once for it (halved for each, it would fall to its floor and take minutes to recover). Under a
   * quota the requests already keep to, a lone signal is the target's own unevenness (arrivals bunched up on
   * the way), which waiting as told covers; a signal again soon after says the quota is less than declared,
   * and the pace is halved from then on as for any origin.
   */
  throttled(waitMs: number, now: number = performance.now()): void {
    if (now - this.signalAt >= ONE_SIGNAL_MS) {
      const lone = this.underQuota && now - this.signalAt > LONE_UNDER_QUOTA_MS;
      this.signalAt = now;
      if (!lone) {
        const reached = Math.max(this.recent.length, SLOWEST_RPS);
        this.rate = Math.max(SLOWEST_RPS, Math.min(this.rate, reached) / 2);
      }
    }
    this.heldUntil = Math.max(this.heldUntil, now + waitMs);
  }

  /** The origin answered without throttling: speed up a little, up to the cap. */
  answered(): void {
    if (!Number.isFinite(this.rate)) return;
    this.rate = Math.min(this.cap, this.rate + INCREASE_RPS_PER_SECOND / this.rate);
    if (!Number.isFinite(this.cap) && this.rate > UNPACED_ABOVE_RPS) this.rate = Infinity;
  }
}

/**
 * A target counts a request in its second at some moment between the request's send and its answer: on a busy
 * machine its event loop stalls for tens of milliseconds, even 150 ms, then handles what waited at once, so a
 * request may count that long after it was sent. Each request holds its place in the window until it is
 * answered (the target has counted it by then), or this long after its send at the most: waiting for slow
 * answers would cost a far target its round trip in every second.
 */
export const CAP_COUNTED_WITHIN_MS = 200;
/** Added to the window: the target's clock and ours round differently. */
export const CAP_WINDOW_MARGIN_MS = 5;
/**
 * How early against its turn on the timeline a request may go: a thread's timer firing a little early or
 * another thread taking turns then costs nothing, and after a pause a few requests go at once at the most,
 * never a second's worth.
 */
export const CAP_BURST_MS = 10;
/**
 * The requests a schedule remembers to keep its window: N of them (the one N back fixes the earliest the next
 * may go). Above this N, any this many + 1 requests span this many Nths of the window instead, which keeps
 * N + 1 of them just as far apart.
 */
const CAP_WINDOW_REQUESTS = 2048;
/** Origins with a schedule of their own; past that many, origins share one (which only paces them slower). */
const CAPPED_ORIGINS = 16;
/**
 * A schedule's words (Float64) before its window: its lock, its origin's key, its next turn on the timeline,
 * the turns taken, the last turn's time. The window's words say until when each of the last N requests may be counted.
 */
const SCHEDULE_HEAD_WORDS = 5;
/**
 * Turns the timeline has fallen behind by (a late answer held the window, a timer fired late) are made up, at
 * twice the rate at the most, up to this much of them: a pause no thread used is not.
 */
const CAP_CATCH_UP_MS = 250;

/** Milliseconds on a clock every thread of the process reads alike (a worker's `performance.now()` starts at its own start). */
export const processClockMs = (): number => Number(process.hrtime.bigint() / 1000n) / 1000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A turn under --max-rps: how long its request waited for it, and what to call once the request is answered. */
export interface CapTurn {
  readonly waitedMs: number;
  readonly answered: () => void;
}

/** A thread's requests waiting for turns to one origin, and whether they are being let go. */
interface Waiting {
  readonly requests: ((slot: number, countedUntil: number) => void)[];
  letting: boolean;
}

/**
 * --max-rps kept by every thread of a run together. Each origin's schedule lives in memory the threads share,
 * a SharedArrayBuffer, so their requests together keep to the cap, and they take turns by demand: whichever
 * thread has a request waiting when a turn comes sends it, so one busy with other work (or with nothing to
 * send) leaves the rate to the other.
 *
 * Two rules, both kept by every turn taken:
 * - Turns are on a timeline N a second apart (turn k at t0 + k/N). A turn taken late moves the timeline on
 *   from when it was due, not from when it was taken: a thread whose timer fires late (tens of milliseconds
 *   on a busy machine, a large part of a turn at a low N) would otherwise lose that at every turn. The turns
 *   after a late one catch up, half a turn apart at the least; the timeline falls behind by CAP_CATCH_UP_MS
 *   at the most, so a pause no thread used is not made up with a burst.
 * - The window: a request goes no sooner than a second after the one N before it may have been counted by the
 *   target (its answer, or CAP_COUNTED_WITHIN_MS after its send), so no second of the target's holds more
 *   than N, however the target counts (a sliding second is the strictest) and however late its event loop
 *   counts them.
 *
 * In each thread one loop per origin lets its requests go in order: it takes a turn when one is due and
 * otherwise sleeps until then. The schedule is read and written under a lock, held for a few statements,
 * never across a wait.
 */
export class RateCap {
  /** The schedules' memory, to share with the run's other threads. */
  readonly buffer: SharedArrayBuffer;
  private readonly words: Float64Array;
  private readonly locks: Int32Array;
  private readonly scheduleOf = new Map<string, number>();
  private readonly waiting = new Map<number, Waiting>();
  /** Between turns on the timeline (ms). */
  private readonly turnMs: number;
  /** The requests the window holds, and the least time from the counting of the first of them to the next send (ms). */
  private readonly windowRequests: number;
  private readonly windowMs: number;
  private readonly scheduleWords: number;

  constructor(
    readonly cap: number,
    /** The schedules' memory: new, or the one another thread of the run made. */
    shared?: SharedArrayBuffer,
    private readonly clock: () => number = processClockMs,
    private readonly wait: (ms: number) => Promise<void> = sleep,
  ) {
    if (!(cap > 0)) throw new RangeError(`a rate cap needs a positive rate, got ${cap}`);
    this.turnMs = 1000 / cap;
    this.windowRequests = Math.max(1, Math.min(Math.floor(cap), CAP_WINDOW_REQUESTS));
    this.windowMs = (this.windowRequests * 1000) / cap + CAP_WINDOW_MARGIN_MS;
    this.scheduleWords = SCHEDULE_HEAD_WORDS + this.windowRequests;
    this.buffer = shared ?? new SharedArrayBuffer(CAPPED_ORIGINS * this.scheduleWords * Float64Array.BYTES_PER_ELEMENT);
    this.words = new Float64Array(this.buffer);
    this.locks = new Int32Array(this.buffer);
  }

  /**
   * Waits for a turn to send to `url`'s origin; answers how long it waited (ms), and the turn, to say when its
   * request is answered. `again`: a request whose turn came and went before it could be written (its
   * connection still being made) takes the next, before the requests of its thread that wait for their first.
   */
  turn(url: string, again = false): Promise<CapTurn> {
    const schedule = this.scheduleFor(originOf(url));
    const start = this.clock();
    let waiting = this.waiting.get(schedule);
    if (!waiting) {
      waiting = { requests: [], letting: false };
      this.waiting.set(schedule, waiting);
    }
    const turn = new Promise<CapTurn>((resolve) => {
      const go = (slot: number, countedUntil: number): void =>
        resolve({ waitedMs: this.clock() - start, answered: () => this.answered(slot, countedUntil) });
      if (again) waiting.requests.unshift(go);
      else waiting.requests.push(go);
    });
    if (!waiting.letting) void this.letGo(schedule, waiting);
    return turn;
  }

  /**
   * The request of a turn was answered (or failed): the target has counted it, if at all, by now. Its place
   * in the window is kept no longer, unless a later turn has taken that place already.
   */
  private answered(slot: number, countedUntil: number): void {
    const schedule = slot - (slot % this.scheduleWords);
    this.locked(schedule, () => {
      if (this.words[slot] === countedUntil) this.words[slot] = Math.min(countedUntil, this.clock());
    });
  }

  /** The origin said to wait (Retry-After): no thread's request goes to it for `waitMs`, and none in a burst after. */
  hold(url: string, waitMs: number): void {
    const schedule = this.scheduleFor(originOf(url));
    this.locked(schedule, () => {
      this.words[schedule + 2] = Math.max(this.words[schedule + 2]!, this.clock() + waitMs + CAP_BURST_MS);
    });
  }

  /** Lets this thread's requests to one origin go, each when a turn is due, until none waits. */
  private async letGo(schedule: number, waiting: Waiting): Promise<void> {
    waiting.letting = true;
    try {
      while (waiting.requests.length > 0) {
        const taken = this.locked(schedule, () => this.take(schedule));
        if (typeof taken !== 'number') {
          waiting.requests.shift()!(taken.slot, taken.countedUntil);
          continue;
        }
        const due = taken;
        // Node keeps its timers in whole milliseconds, so one may fire a little early: never before the turn.
        for (let now = this.clock(); now < due; now = this.clock()) await this.wait(due - now);
      }
    } finally {
      waiting.letting = false;
    }
  }

  /** Takes the turn when one is due (its place in the window), moving the schedule on; otherwise answers when one will be. */
  private take(schedule: number): number | { readonly slot: number; readonly countedUntil: number } {
    const now = this.clock();
    const next = this.words[schedule + 2]!;
    const sent = this.words[schedule + 3]!;
    // The place of the request `windowRequests` back, which this one takes over.
    const slot = schedule + SCHEDULE_HEAD_WORDS + (sent % this.windowRequests);
    let due = Math.max(next - CAP_BURST_MS, this.words[schedule + 4]! + this.turnMs / 2);
    if (sent >= this.windowRequests) due = Math.max(due, this.words[slot]! + this.windowMs);
    if (due > now) return due;
    const countedUntil = now + CAP_COUNTED_WITHIN_MS;
    this.words[slot] = countedUntil;
    this.words[schedule + 3] = sent + 1;
    this.words[schedule + 4] = now;
    // The first turn starts the timeline; a late one keeps its place on it.
    this.words[schedule + 2] = (sent === 0 ? now : Math.max(next, now - CAP_CATCH_UP_MS)) + this.turnMs;
    return { slot, countedUntil };
  }

  /**
   * Runs `critical` holding the schedule's lock. A thread ended while holding it (a run stopped) must not hang
   * the others: a lock held far longer than any critical section is taken over.
   */
  private locked<T>(schedule: number, critical: () => T): T {
    const lock = 2 * schedule;
    let since: number | undefined;
    for (let spins = 1; Atomics.compareExchange(this.locks, lock, 0, 1) !== 0; spins += 1) {
      if (spins % 1024 !== 0) continue;
      since ??= this.clock();
      if (this.clock() - since > 100) break;
    }
    try {
      return critical();
    } finally {
      Atomics.store(this.locks, lock, 0);
    }
  }

  /** The origin's schedule in the shared memory: found by its key, or taken (every thread finds the same one). */
  private scheduleFor(origin: string): number {
    let schedule = this.scheduleOf.get(origin);
    if (schedule !== undefined) return schedule;
    const key = keyOf(origin);
    const home = key % CAPPED_ORIGINS;
    schedule = home * this.scheduleWords;
    for (let probe = 0; probe < CAPPED_ORIGINS; probe += 1) {
      const candidate = ((home + probe) % CAPPED_ORIGINS) * this.scheduleWords;
      const mine = this.locked(candidate, () => {
        const held = this.words[candidate + 1]!;
        if (held === 0) this.words[candidate + 1] = key;
        return held === 0 || held === key;
      });
      if (mine) {
        schedule = candidate;
        break;
      }
    }
    this.scheduleOf.set(origin, schedule);
    return schedule;
  }
}

/** A 52-bit FNV-1a hash of an origin, never 0: two origins sharing one would only share a schedule. */
function keyOf(origin: string): number {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < origin.length; i += 1) hash = ((hash ^ BigInt(origin.charCodeAt(i))) * 0x100000001b3n) & 0xfffffffffffffn;
  return Number(hash) || 1;
}

/**
 * The paces of a thread's origins, under one cap: the cap is kept by the run-wide RateCap (made here, or
 * joined through `shared`, the buffer another thread's made); each origin's own pace only slows down when it
 * throttles.
 */
export class Paces {
  private readonly byOrigin = new Map<string, OriginPace>();
  readonly rateCap: RateCap | undefined;

  constructor(
    readonly cap: number = Infinity,
    shared?: SharedArrayBuffer,
  ) {
    this.rateCap = Number.isFinite(cap) ? new RateCap(cap, shared) : undefined;
  }

  of(url: string): OriginPace {
    const origin = originOf(url);
    let pace = this.byOrigin.get(origin);
    if (!pace) {
      pace = new OriginPace(Infinity, this.rateCap !== undefined);
      this.byOrigin.set(origin, pace);
    }
    return pace;
  }
}

function originOf(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? url;
}
