/**
 * Ends a run early and on purpose: Ctrl-C (SIGINT), SIGTERM, or --max-duration. The first cause stops
 * sending at once (the caller tells the sessions) and lets the run end with a report marked interrupted; a second
 * signal ends the process at once, for a user who will not wait.
 */
export interface StopCause {
  readonly kind: 'SIGINT' | 'SIGTERM' | 'max-duration';
  /** One line for the report and the terminal. */
  readonly reason: string;
  /** 130 and 143 as shells report a death by these signals; a run out of time is a failed run. */
  readonly exitCode: number;
}

const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

export class RunStopper {
  cause: StopCause | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly onSignal = (signal: NodeJS.Signals) => {
    const kind = signal === 'SIGTERM' ? 'SIGTERM' : 'SIGINT';
    if (this.cause) process.exit(SIGNAL_EXIT[kind]);
    this.stop({ kind, reason: `interrupted by ${kind}`, exitCode: SIGNAL_EXIT[kind] });
  };

  constructor(
    private readonly maxDurationMs: number,
    private readonly onStop: (cause: StopCause) => void,
  ) {}

  arm(): void {
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
    this.timer = setTimeout(() => {
      this.stop({ kind: 'max-duration', reason: `stopped after --max-duration ${formatDuration(this.maxDurationMs)}`, exitCode: 1 });
    }, this.maxDurationMs);
    this.timer.unref();
  }

  /**
   * Leaves this run the only listener of SIGINT and SIGTERM: the test runner's logger would otherwise exit the
   * process on them, before the report is written.
   */
  takeSignals(): void {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal)) if (listener !== this.onSignal) process.off(signal, listener);
    }
  }

  disarm(): void {
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
    clearTimeout(this.timer);
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
