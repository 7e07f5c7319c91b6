/**
 * How many requests a run keeps in flight, following how fast they are answered, as a congestion window
 * does. A fixed 128 in flight against a server that needs the CPU the run itself uses (the embedded server, a
 * server on the same busy CI runner) makes every answer wait behind 127 others: on a loaded machine a
 * conformant server then answered after more than the deadline, and was reported as not answering.
 *
 * The window starts below the run's limit and grows each round while answers come about as fast as the
 * fastest seen (slow start): by as much as their time may grow and stay within an eighth of the deadline, at
 * least doubled and at most quadrupled (a target 150 ms away is at 128 from 32 after one round); once answers
 * take more than an eighth of the deadline, it is cut in proportion (at most by half, once a round); while they
 * are within it, it grows again by an eighth each round, up to the limit. Only the deadline's part says
 * "slowed": answers slower than the fastest round but far within the deadline are queueing, not danger, and
 * cutting the window for them costs a run its pace (a full run against the embedded server, whose answers wait
 * behind the run's own work, took a quarter longer that way). A round is as many answers as the window, of
 * requests sent after the window last moved: those it made. A timed-out request counts as an answer that
 * took the deadline.
 *
 * The run's checks' threads share one window (SharedSlots), each with its own LoadWindow that sees only its own
 * answers: a thread's round is its part of the window, and a window another thread moved is taken up by this
 * thread at its next answer (its share of slots follows, and its round starts again). A thread that heard of a
 * move only through its own moves kept its first share: against a target 150 ms away, one thread stayed at 16
 * slots while the other had 64, and the run took half as long again as its bound.
 */
import { noteSlowedDown } from './notes.js';

/** The window a run starts with, when its limit is larger. */
export const START_WINDOW = 32;
/** The window a cell starts with: the cell's maker sets it, as the run's threads join a cell already in use. */
export const startingWindow = (limit: number): number => Math.min(limit, START_WINDOW);
/** The window is never cut below this. */
export const LEAST_WINDOW = 4;
/** Answers slower than this part of the deadline have slowed: the tail of a round is several times its mean. */
export const DEADLINE_PART = 1 / 8;
/** Slow start goes on while answers take less than this many times the fastest round. */
const SLOW_START_FACTOR = 1.5;
/** A round of slow start multiplies the window by at most this much. */
const MOST_GROWTH = 4;

/** Where the window is kept: this thread's own, or the run's, shared by its threads (SharedSlots). */
export interface WindowCell {
  get window(): number;
  setWindow(window: number): void;
}

export class LoadWindow {
  private slowStart = true;
  /** The fastest round's mean answer time (ms). */
  private fastest = Infinity;
  /** Requests sent from this time on (performance.now()) count to the round: the window had moved before. */
  private roundFrom: number;
  private roundAnswers = 0;
  private roundTotalMs = 0;
  /** The window this thread last keeps to (told through `moved`). */
  private applied = 0;
  private readonly clock: () => number;
  private readonly part: number;

  constructor(
    /** The run's limit on requests in flight (--concurrency). */
    readonly limit: number,
    private readonly cell: WindowCell,
    /** Told the window whenever this thread is to keep to another one (moved by it or by another thread). */
    private readonly moved: (window: number) => void,
    {
      clock = () => performance.now(),
      part = 1,
    }: {
      clock?: () => number;
      /** The part of the run's answers this thread sees (its share of the limit): 1 when the window is its own. */
      part?: number;
    } = {},
  ) {
    this.clock = clock;
    this.part = part;
    this.roundFrom = clock();
    // Not reset to the start: another thread may have moved the shared window already.
    this.set(cell.window);
  }

  get window(): number {
    return this.cell.window;
  }

  /** A request sent at `sentAt` (performance.now()) was answered in `answerMs` (or timed out after its deadline, `deadlineMs`). */
  answered(sentAt: number, answerMs: number, deadlineMs: number): void {
    const window = this.cell.window;
    if (window !== this.applied) {
      // Another thread moved the shared window: keep to it, and measure it afresh.
      this.apply(window);
      return;
    }
    if (sentAt < this.roundFrom) return;
    this.roundAnswers += 1;
    this.roundTotalMs += answerMs;
    if (this.roundAnswers < Math.max(LEAST_WINDOW, Math.round(window * this.part))) return;
    const mean = this.roundTotalMs / this.roundAnswers;
    this.fastest = Math.min(this.fastest, mean);
    const slowed = deadlineMs * DEADLINE_PART;
    if (mean > slowed) {
      this.slowStart = false;
      const cut = Math.min(window, Math.max(LEAST_WINDOW, Math.floor(window * Math.max(0.5, slowed / mean))));
      if (cut < window) noteSlowedDown(this.limit, cut);
      this.set(cut);
    } else if (window < this.limit) {
      // Multiplying the requests in flight may multiply the answers' time as much (a server out of CPU): never
      // past the deadline's part. Answers far within it (a distant target's) let a round quadruple the window.
      const growth = Math.min(MOST_GROWTH, slowed / mean);
      const slowStarting = this.slowStart && mean < this.fastest * SLOW_START_FACTOR && growth >= 2;
      if (!slowStarting) this.slowStart = false;
      this.set(slowStarting ? window * growth : window + Math.max(1, Math.floor(window / 8)));
    } else this.startRound();
  }

  private set(window: number): void {
    const next = Math.min(this.limit, Math.max(LEAST_WINDOW, Math.floor(window)));
    if (next !== this.cell.window) this.cell.setWindow(next);
    if (next !== this.applied) this.apply(next);
    else this.startRound();
  }

  private apply(window: number): void {
    this.applied = window;
    this.moved(window);
    this.startRound();
  }

  private startRound(): void {
    this.roundFrom = this.clock();
    this.roundAnswers = 0;
    this.roundTotalMs = 0;
  }
}

/** A window kept by this thread alone. */
export class OwnWindow implements WindowCell {
  constructor(public window: number) {}
  setWindow(window: number): void {
    this.window = window;
  }
}
