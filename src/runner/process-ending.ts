import { readFileSync } from 'node:fs';
import { watchAncestry, type AncestryWatch } from './ancestry.js';

/**
 * What ends a command of the tool from outside: Ctrl-C (SIGINT), SIGTERM, SIGHUP (the terminal closed), or the
 * processes that started it going away. Every command that may last (run, serve, wait, comment) ends through
 * here, so that none outlives the `npx` or the CI job that started it.
 *
 * The processes that started the command are watched (ancestry.ts) because a cancelled CI job may signal only
 * the process it started: `npx` (npm exec) does not pass the signal on to the tool, which would go on as an
 * orphan. What happened is noticed within PARENT_POLL_MS. A second signal ends the process at once, for a
 * user who will not wait for the first to be honoured.
 */
export interface EndingCause {
  readonly kind: EndingSignal | 'parent-gone';
  /** One line for the report and the terminal. */
  readonly reason: string;
  /** As shells report a death by the signal (128 + its number); a parent gone counts as the hang-up it is. */
  readonly exitCode: number;
}

/** As shells report a death by each signal (128 + its number). */
export const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
export type EndingSignal = keyof typeof SIGNAL_EXIT;
const SIGNALS = Object.keys(SIGNAL_EXIT) as EndingSignal[];
/** How often the parent process is looked for: well within the 2 s a cancelled run has to stop sending. */
const PARENT_POLL_MS = 250;

export interface EndingWatch {
  /** Leaves this watch the only listener of SIGINT, SIGTERM and SIGHUP (a test runner's logger would exit on them). */
  takeSignals(): void;
  stop(): void;
}

/**
 * Calls `onEnd` once, on the first cause that ends the command; `what` names the command in the line said
 * when its parent went away ("the run", "the server").
 */
export function watchEnding(what: string, onEnd: (cause: EndingCause) => void): EndingWatch {
  let ended = false;
  const end = (cause: EndingCause): void => {
    if (ended) return;
    ended = true;
    onEnd(cause);
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    const kind: EndingSignal = signal in SIGNAL_EXIT ? (signal as EndingSignal) : 'SIGINT';
    if (ended) process.exit(SIGNAL_EXIT[kind]);
    end({ kind, reason: `interrupted by ${kind}`, exitCode: SIGNAL_EXIT[kind] });
  };
  // Started under nohup (SIGHUP ignored), the command is meant to outlive the terminal and whoever started it.
  const detached = hangUpIgnored();
  for (const signal of SIGNALS) if (!(detached && signal === 'SIGHUP')) process.on(signal, onSignal);
  let ancestry: AncestryWatch | undefined;
  let parentWatch: NodeJS.Timeout | undefined;
  if (!detached) {
    const watch = watchAncestry();
    ancestry = watch;
    parentWatch = setInterval(() => {
      const event = watch.happened();
      if (event === 'npm-shell-gone')
        end({ kind: 'SIGTERM', reason: 'interrupted by SIGTERM (sent to npx)', exitCode: SIGNAL_EXIT.SIGTERM });
      else if (event === 'npm-shell-woken')
        end({ kind: 'SIGINT', reason: 'interrupted by SIGINT (sent to npx)', exitCode: SIGNAL_EXIT.SIGINT });
      else if (event === 'ancestor-gone')
        end({ kind: 'parent-gone', reason: `interrupted: the process that started ${what} ended`, exitCode: SIGNAL_EXIT.SIGHUP });
    }, PARENT_POLL_MS);
    parentWatch.unref();
  }
  return {
    takeSignals() {
      for (const signal of SIGNALS) {
        for (const listener of process.listeners(signal)) if (listener !== onSignal) process.off(signal, listener);
      }
    },
    stop() {
      for (const signal of SIGNALS) process.off(signal, onSignal);
      clearInterval(parentWatch);
      ancestry?.stop();
    },
  };
}

/** Why `ended` (an AbortSignal aborted with the EndingCause, as command-ending.ts makes) was aborted; undefined while it was not. */
export function endingCause(ended: AbortSignal | undefined): EndingCause | undefined {
  return ended?.aborted ? (ended.reason as EndingCause) : undefined;
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
