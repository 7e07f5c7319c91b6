/**
 * Throttling: a 429, or a 503 with Retry-After, says "not now", not "wrong" (a 429 is throttling, not a
 * verdict). The request waits as told and is sent again; each origin's pace slows down when it throttles and
 * speeds up again while it does not (additive increase, multiplicative decrease), and `--max-rps` caps the
 * pace from the first request on. A request still throttled after its tries, or whose wait would outlast the
 * run, ends as a transport failure: its check is errored with the reason, never failed.
 */

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
/** Past this, an origin that throttled once is not paced any more (unless `--max-rps` caps it). */
const UNPACED_ABOVE_RPS = 1000;

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

/**
 * The pace of one origin: requests are spaced 1/rate apart; unpaced (rate Infinity) until the origin first
 * throttles, unless capped.
 */
export class OriginPace {
  private rate: number;
  private nextAt = 0;
  /** No request leaves before this (a Retry-After applies to the whole origin). */
  private heldUntil = 0;
  /** Requests sent in the last second: the pace actually reached, which a throttle halves. */
  private readonly recent: number[] = [];

  constructor(private readonly cap: number = Infinity) {
    this.rate = cap;
  }

  get requestsPerSecond(): number {
    return this.rate;
  }

  /** Waits for this request's turn; answers how long it waited (ms). */
  async turn(now: () => number = performance.now.bind(performance)): Promise<number> {
    const start = now();
    let at = Math.max(start, this.heldUntil);
    if (Number.isFinite(this.rate)) {
      at = Math.max(at, this.nextAt);
      this.nextAt = at + 1000 / this.rate;
    }
    this.recent.push(at);
    while (this.recent.length > 0 && this.recent[0]! < at - 1000) this.recent.shift();
    if (at > start) await new Promise((resolve) => setTimeout(resolve, at - start));
    return at - start;
  }

  /** The origin throttled: slow down to half the pace reached, and hold every request for `waitMs`. */
  throttled(waitMs: number, now: number = performance.now()): void {
    const reached = Math.max(this.recent.length, SLOWEST_RPS);
    this.rate = Math.max(SLOWEST_RPS, Math.min(this.rate, reached) / 2);
    this.heldUntil = Math.max(this.heldUntil, now + waitMs);
  }

  /** The origin answered without throttling: speed up a little, up to the cap. */
  answered(): void {
    if (!Number.isFinite(this.rate)) return;
    this.rate = Math.min(this.cap, this.rate + INCREASE_RPS_PER_SECOND / this.rate);
    if (!Number.isFinite(this.cap) && this.rate > UNPACED_ABOVE_RPS) this.rate = Infinity;
  }
}

/** The paces of a process's origins, under one cap. */
export class Paces {
  private readonly byOrigin = new Map<string, OriginPace>();

  constructor(readonly cap: number = Infinity) {}

  of(url: string): OriginPace {
    const origin = originOf(url);
    let pace = this.byOrigin.get(origin);
    if (!pace) {
      pace = new OriginPace(this.cap);
      this.byOrigin.set(origin, pace);
    }
    return pace;
  }
}

function originOf(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? url;
}
