/**
 * A counting semaphore with a first-come, first-served queue: at most `limit` holders at once. The run's
 * requests share one, so a run keeps a fixed number of requests in flight whatever the number of checks
 * waiting to send; the order in which a waiting check is served never changes what it sends.
 */
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private head = 0;

  constructor(private limitValue: number) {
    if (!Number.isInteger(limitValue) || limitValue < 1)
      throw new RangeError(`a limiter needs a whole limit of at least 1, got ${limitValue}`);
  }

  get limit(): number {
    return this.limitValue;
  }

  /** Holders now, and callers still waiting for a slot. */
  get load(): { readonly active: number; readonly waiting: number } {
    return { active: this.active, waiting: this.waiting.length - this.head };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.limitValue) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    if (this.head < this.waiting.length) {
      const next = this.waiting[this.head]!;
      this.head += 1;
      // Compact now and then: a long run would otherwise keep every resolved waiter.
      if (this.head > 1024 && this.head * 2 > this.waiting.length) {
        this.waiting.splice(0, this.head);
        this.head = 0;
      }
      next(); // the slot passes straight to the next waiter
      return;
    }
    this.active -= 1;
  }
}
