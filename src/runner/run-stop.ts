import { readFileSync } from 'node:fs';
import { watchAncestry, type AncestryWatch } from './ancestry.js';

/**
 * Ends a run early and on purpose: Ctrl-C (SIGINT), SIGTERM, SIGHUP (the terminal closed), the parent process
 * going away, or --max-duration. The first cause stops sending at once (the caller tells the sessions) and lets
 * the run end with a report marked interrupted; a second signal ends the process at once, for a user who will
 * not wait.
 *
 * The processes that started the run are watched (ancestry.ts) because a cancelled CI job may signal only
 * the process it started: `npx` (npm exec) does not pass the signal on to the run, which would go on sending
 * as an orphan or to the end. What happened is noticed within PARENT_POLL_MS.
 */
export interface StopCause {
  readonly kind: StopSignal | 'parent-gone' | 'max-duration';
  /** One line for the report and the terminal. */
  readonly reason: string;
  /** 130 and 143 as shells report a death by these signals; a run out of time is a failed run. */
  readonly exitCode: number;
}

/** As shells report a death by each signal (128 + its number). */
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
type StopSignal = keyof typeof SIGNAL_EXIT;
const SIGNALS = Object.keys(SIGNAL_EXIT) as StopSignal[];
/** How often the parent process is looked for: well within the 2 s a cancelled run has to stop sending. */
const PARENT_POLL_MS = 250;

export class RunStopper {
  cause: StopCause | undefined;
  private timer: NodeJS.Timeout | undefined;
  private parentWatch: NodeJS.Timeout | undefined;
  private ancestry: AncestryWatch | undefined;
  private readonly onSignal = (signal: NodeJS.Signals) => {
    const kind: StopSignal = signal in SIGNAL_EXIT ? (signal as StopSignal) : 'SIGINT';
    if (this.cause) process.exit(SIGNAL_EXIT[kind]);
    this.stop({ kind, reason: `interrupted by ${kind}`, exitCode: SIGNAL_EXIT[kind] });
  };

  constructor(
    private readonly maxDurationMs: number,
    private readonly onStop: (cause: StopCause) => void,
  ) {}

  arm(): void {
    // Started under nohup (SIGHUP ignored), the run is meant to outlive the terminal and whoever started it.
    const detached = hangUpIgnored();
    for (const signal of SIGNALS) if (!(detached && signal === 'SIGHUP')) process.on(signal, this.onSignal);
    this.timer = setTimeout(() => {
      this.stop({ kind: 'max-duration', reason: `stopped after --max-duration ${formatDuration(this.maxDurationMs)}`, exitCode: 1 });
    }, this.maxDurationMs);
    this.timer.unref();
    if (detached) return;
    this.ancestry = watchAncestry();
    const ancestry = this.ancestry;
    this.parentWatch = setInterval(() => {
      const event = ancestry.happened();
      if (event === 'npm-shell-gone') this.stop({ kind: 'SIGTERM', reason: 'interrupted by SIGTERM (sent to npx)', exitCode: 143 });
      else if (event === 'npm-shell-woken') this.stop({ kind: 'SIGINT', reason: 'interrupted by SIGINT (sent to npx)', exitCode: 130 });
      else if (event === 'ancestor-gone')
        this.stop({ kind: 'parent-gone', reason: 'interrupted: the process that started the run ended', exitCode: SIGNAL_EXIT.SIGHUP });
    }, PARENT_POLL_MS);
    this.parentWatch.unref();
  }

  /**
   * Leaves this run the only listener of SIGINT, SIGTERM and SIGHUP: the test runner's logger would otherwise exit the
   * process on them, before the report is written.
   */
  takeSignals(): void {
    for (const signal of SIGNALS) {
      for (const listener of process.listeners(signal)) if (listener !== this.onSignal) process.off(signal, listener);
    }
  }

  disarm(): void {
    for (const signal of SIGNALS) process.off(signal, this.onSignal);
    clearTimeout(this.timer);
    clearInterval(this.parentWatch);
    this.ancestry?.stop();
  }

  private stop(cause: StopCause): void {
    if (this.cause) return;
    this.cause = cause;
    this.onStop(cause);
  }
}

/** Whether the process was started with SIGHUP ignored (nohup), as Linux shows before a handler is set. */
function hangUpIgnored(): boolean {
  try {
    const mask = /^SigIgn:\s*([0-9a-f]+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return mask !== undefined && (BigInt(`0x${mask}`) & 1n) === 1n;
  } catch {
    return false;
  }
}

function formatDuration(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}
