/**
 * The reference server's rate limit (`serve --max-rps N`): at most N requests are served in any one second;
 * the others are answered 429 RateLimited with a Retry-After saying when the next one may come, as a real
 * access-key layer does. For trying a client's throttling against a server that throttles.
 */
export class RateGate {
  /** When the requests served in the last second were let in (ms, oldest first). */
  private readonly served: number[] = [];

  constructor(private readonly perSecond: number) {
    if (!(perSecond > 0)) throw new RangeError(`a rate gate needs a positive rate, got ${perSecond}`);
  }

  /** Undefined: serve it; a number: refuse it, and say to retry after that many whole seconds. */
  refuse(now: number = performance.now()): number | undefined {
    while (this.served.length > 0 && this.served[0]! <= now - 1000) this.served.shift();
    if (this.served.length < this.perSecond) {
      this.served.push(now);
      return undefined;
    }
    return Math.max(1, Math.ceil((this.served[0]! + 1000 - now) / 1000));
  }
}
