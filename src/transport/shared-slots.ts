/**
 * The run-wide limit on requests in flight, shared by the checks' threads of one run through memory they all
 * see (a SharedArrayBuffer). Each thread has an even share of the limit and never waits for a slot while it
 * holds less than its share. Once a thread has started its last unit (`borrowFromNowOn`), it may borrow
 * beyond its share the slots no other thread is waiting for, and gives a borrowed slot back as it frees it
 * once another thread waits.
 *
 * Split once, the limit leaves a thread whose units ran out first with its share idle while the other
 * thread's last units queue for slots: against a target 150 ms away, one thread's 64 slots were idle for the
 * last 0.8 s of a run. Borrowing only at the end keeps the start as it was: a thread that starts first does
 * not take the whole limit (against a target that never answers, each thread then judges it down after one
 * round of its own share, not of the whole limit).
 */

const IN_FLIGHT = 0;
/** How many threads have requests waiting for a slot. */
const WANTING = 1;
const TOTAL = 2;
/** The run's window on requests in flight, at most TOTAL: cut back as answers slow (load-window.ts). */
const WINDOW = 3;
/** 1 once requests may be sent: a run's threads start their units before its probe has heard the target. */
const OPEN = 4;
const CELLS = 5;

export class SharedSlots {
  private readonly cells: Int32Array;
  private wanting = false;
  private waitingForFreed = false;
  private borrows = false;

  private constructor(readonly buffer: SharedArrayBuffer) {
    this.cells = new Int32Array(buffer);
  }

  /**
   * The slots of a run that keeps at most `total` requests in flight across its threads, starting with `window`
   * of them; `closed`, none is taken until `open()`.
   */
  static forRun(total: number, window = total, { closed = false }: { closed?: boolean } = {}): SharedSlots {
    const slots = new SharedSlots(new SharedArrayBuffer(CELLS * Int32Array.BYTES_PER_ELEMENT));
    slots.cells[TOTAL] = total;
    slots.cells[WINDOW] = Math.max(1, Math.min(total, window));
    slots.cells[OPEN] = closed ? 0 : 1;
    return slots;
  }

  /** From now on slots may be taken: the threads waiting for one are woken. */
  open(): void {
    if (Atomics.exchange(this.cells, OPEN, 1) === 0) Atomics.notify(this.cells, IN_FLIGHT);
  }

  /** This thread's view of the slots another thread made with `forRun`. */
  static join(buffer: SharedArrayBuffer): SharedSlots {
    return new SharedSlots(buffer);
  }

  get total(): number {
    return this.cells[TOTAL]!;
  }

  /** The run's window on requests in flight now (at most `total`). */
  get window(): number {
    return Atomics.load(this.cells, WINDOW);
  }

  /** Moves the run's window: every thread keeps to it from its next request on. */
  setWindow(window: number): void {
    const before = Atomics.exchange(this.cells, WINDOW, Math.max(1, Math.min(this.total, Math.floor(window))));
    // A window opened wider frees room a waiting thread may take.
    if (window > before) Atomics.notify(this.cells, IN_FLIGHT);
  }

  /** Requests in flight across the run's threads now. */
  get inFlight(): number {
    return Atomics.load(this.cells, IN_FLIGHT);
  }

  /** This thread has started its last unit: from now on it borrows the slots the others leave unused. */
  borrowFromNowOn(): void {
    this.borrows = true;
  }

  /** Takes a slot for a thread that holds `held` slots of its `share`: false when none is free to it. */
  take(held: number, share: number): boolean {
    if (Atomics.load(this.cells, OPEN) === 0) return false;
    if (held >= share && (!this.borrows || this.othersWait())) return false;
    const total = Math.min(this.cells[TOTAL]!, Atomics.load(this.cells, WINDOW));
    for (;;) {
      const inFlight = Atomics.load(this.cells, IN_FLIGHT);
      if (inFlight >= total) return false;
      if (Atomics.compareExchange(this.cells, IN_FLIGHT, inFlight, inFlight + 1) === inFlight) return true;
    }
  }

  /** Whether a thread holding `held` slots passes the one it frees to its own next request, rather than giving it back. */
  keeps(held: number, share: number): boolean {
    if (Atomics.load(this.cells, IN_FLIGHT) > Atomics.load(this.cells, WINDOW)) return false;
    return held <= share || !this.othersWait();
  }

  /** A slot given back: a thread waiting for one is woken. */
  give(): void {
    Atomics.sub(this.cells, IN_FLIGHT, 1);
    Atomics.notify(this.cells, IN_FLIGHT);
  }

  /** Tells the other threads whether this one has requests waiting for a slot. */
  setWaiting(waiting: boolean): void {
    if (waiting === this.wanting) return;
    this.wanting = waiting;
    Atomics.add(this.cells, WANTING, waiting ? 1 : -1);
  }

  /**
   * Calls `freed` once a thread gives a slot back (`give`), or at once, in a microtask, if the number in flight
   * changed as the wait began. One call is pending at a time; it does not keep the thread alive.
   */
  whenFreed(freed: () => void): void {
    if (this.waitingForFreed) return;
    this.waitingForFreed = true;
    const waited = Atomics.waitAsync(this.cells, IN_FLIGHT, Atomics.load(this.cells, IN_FLIGHT));
    const wake = (): void => {
      this.waitingForFreed = false;
      freed();
    };
    if (waited.async) void waited.value.then(wake);
    else queueMicrotask(wake);
  }

  private othersWait(): boolean {
    return Atomics.load(this.cells, WANTING) > (this.wanting ? 1 : 0);
  }
}
