/**
 * A counting semaphore: at most `limit` holders at once. The run's requests share one, so a run keeps a fixed
 * number of requests in flight whatever the number of checks waiting to send.
 *
 * A freed slot goes to the waiter of lowest `rank` (first come, first served among equals). The run ranks a
 * request by when its unit started, so the units started first — the long, ordered sequences among them — are
 * never held behind the queue of every later unit: served in turn, each step of a 300-request sequence would
 * wait for a slot as long as the answer itself. A rank may be a function, read when the waiter arrives and again
 * by `reorder()`: once every unit has started the run ranks by the requests a unit has left (src/harness/schedule.ts),
 * and the waiters already queued are ranked anew. The order in which a waiter is served never changes what it sends.
 *
 * With `SharedSlots`, `limit` is this thread's share of a limit the run's threads share: once the thread has
 * started its last unit, the slots beyond it that no other thread waits for are taken too
 * (src/transport/shared-slots.ts).
 */
import type { SharedSlots } from './shared-slots.js';

export type Rank = number | (() => number);

interface Waiter {
  key: number;
  readonly rank: Rank;
  readonly arrival: number;
  readonly wake: () => void;
}

const keyOf = (rank: Rank): number => (typeof rank === 'number' ? rank : rank());

export class Limiter {
  private active = 0;
  private arrivals = 0;
  /** A binary min-heap by (rank, arrival). */
  private readonly waiting: Waiter[] = [];

  constructor(
    private limitValue: number,
    readonly shared?: SharedSlots,
  ) {
    if (!Number.isInteger(limitValue) || limitValue < 1)
      throw new RangeError(`a limiter needs a whole limit of at least 1, got ${limitValue}`);
  }

  get limit(): number {
    return this.limitValue;
  }

  /**
   * Moves the limit (the run's window on requests in flight moved, load-window.ts): waiters take the room it
   * gives at once; past a lowered limit, freed slots are not passed on until the holders are within it.
   */
  setLimit(limit: number): void {
    this.limitValue = Math.max(1, Math.floor(limit));
    if (this.shared) {
      if (this.waiting.length > 0) this.takeFreed();
      return;
    }
    while (this.waiting.length > 0 && this.active < this.limitValue) {
      this.active += 1;
      this.pop()!.wake();
    }
  }

  /** Holders now, and callers still waiting for a slot. */
  get load(): { readonly active: number; readonly waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  /**
   * Runs `task` holding a slot: at once when one is free (no promise is awaited for nothing: every request of
   * the run goes through here), else when a slot passes to it.
   */
  run<T>(task: () => Promise<T>, rank: Rank = 0): Promise<T> {
    if (this.mayTake()) {
      this.active += 1;
      return this.holding(task);
    }
    return new Promise<void>((wake) => this.push({ key: keyOf(rank), rank, arrival: this.arrivals++, wake })).then(() =>
      this.holding(task),
    );
  }

  private mayTake(): boolean {
    // Behind waiters a request queues, to be served by rank.
    if (this.shared) return this.waiting.length === 0 && this.shared.take(this.active, this.limitValue);
    return this.active < this.limitValue;
  }

  private holding<T>(task: () => Promise<T>): Promise<T> {
    let running: Promise<T>;
    try {
      running = task();
    } catch (error) {
      this.release();
      return Promise.reject(error as Error);
    }
    return running.then(this.releasing as (value: T) => T, this.releasingOnError);
  }

  private readonly releasing = (value: unknown): unknown => {
    this.release();
    return value;
  };

  private readonly releasingOnError = (error: unknown): never => {
    this.release();
    throw error;
  };

  /** Reads the rank of every waiter again: the order of service changed while they waited. */
  reorder(): void {
    const heap = this.waiting;
    for (const waiter of heap) waiter.key = keyOf(waiter.rank);
    for (let i = (heap.length >> 1) - 1; i >= 0; i -= 1) this.siftDown(i);
  }

  private release(): void {
    const shared = this.shared;
    if (shared) return this.releaseShared(shared);
    const next = this.active <= this.limitValue ? this.pop() : undefined;
    if (next)
      next.wake(); // the slot passes straight to the next waiter
    else this.active -= 1;
  }

  private releaseShared(shared: SharedSlots): void {
    const next = this.waiting.length > 0 && shared.keeps(this.active, this.limitValue) ? this.pop() : undefined;
    if (next) next.wake();
    else {
      this.active -= 1;
      shared.give();
    }
    this.takeFreed();
  }

  /** Gives the waiters the shared slots free to this thread; past that, waits for another thread to free one it is owed. */
  private readonly takeFreed = (): void => {
    const shared = this.shared!;
    this.takeWhileFree(shared);
    // Below its share this thread is owed slots another thread borrowed, and may have no answer of its own to
    // come: it waits for one to be given back, and looks once more, for one given back before it began to wait.
    if (this.waiting.length > 0 && this.active < this.limitValue) {
      shared.whenFreed(this.takeFreed);
      this.takeWhileFree(shared);
    }
  };

  private takeWhileFree(shared: SharedSlots): void {
    while (this.waiting.length > 0 && shared.take(this.active, this.limitValue)) {
      this.active += 1;
      this.pop()!.wake();
    }
    shared.setWaiting(this.waiting.length > 0);
  }

  private static before(a: Waiter, b: Waiter): boolean {
    return a.key < b.key || (a.key === b.key && a.arrival < b.arrival);
  }

  private push(waiter: Waiter): void {
    const heap = this.waiting;
    heap.push(waiter);
    if (this.shared && heap.length === 1) this.takeFreed();
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!Limiter.before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  private pop(): Waiter | undefined {
    const heap = this.waiting;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    heap[0] = last;
    this.siftDown(0);
    return top;
  }

  private siftDown(from: number): void {
    const heap = this.waiting;
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < heap.length && Limiter.before(heap[left]!, heap[least]!)) least = left;
      if (right < heap.length && Limiter.before(heap[right]!, heap[least]!)) least = right;
      if (least === i) return;
      [heap[i], heap[least]] = [heap[least]!, heap[i]!];
      i = least;
    }
  }
}
