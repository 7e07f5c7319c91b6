import { watchEnding, type EndingCause, type EndingWatch } from './process-ending.js';

/**
 * Ends a run early and on purpose: what ends any command (process-ending.ts: a signal, the parent process
 * going away), or --max-duration. The first cause stops sending at once (the caller tells the sessions) and
 * lets the run end with a report marked interrupted; a second signal ends the process at once, for a user who
 * will not wait.
 */
export interface StopCause {
  readonly kind: EndingCause['kind'] | 'max-duration';
  /** One line for the report and the terminal. */
  readonly reason: string;
  /** 130 and 143 as shells report a death by these signals; a run out of time is a failed run. */
  readonly exitCode: number;
}

export class RunStopper {
  cause: StopCause | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ending: EndingWatch | undefined;

  constructor(
    private readonly maxDurationMs: number,
    private readonly onStop: (cause: StopCause) => void,
  ) {}

  arm(): void {
    this.ending = watchEnding('the run', (cause) => {
      // A run already stopping (out of time) is ended at once by a signal, as by a second one.
      if (this.cause && cause.kind !== 'parent-gone') process.exit(cause.exitCode);
      this.stop(cause);
    });
    this.timer = setTimeout(() => {
      this.stop({ kind: 'max-duration', reason: `stopped after --max-duration ${formatDuration(this.maxDurationMs)}`, exitCode: 1 });
    }, this.maxDurationMs);
    this.timer.unref();
  }

  /**
   * Leaves this run the only listener of SIGINT, SIGTERM and SIGHUP: the test runner's logger would otherwise exit the
   * process on them, before the report is written.
   */
  takeSignals(): void {
    this.ending?.takeSignals();
  }

  disarm(): void {
    clearTimeout(this.timer);
    this.ending?.stop();
  }

  private stop(cause: StopCause): void {
    if (this.cause) return;
    this.cause = cause;
    this.onStop(cause);
  }
}

function formatDuration(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}
