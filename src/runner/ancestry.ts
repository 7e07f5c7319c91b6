/**
 * Notices, on Linux, that the processes that started the run went away, where no signal reaches the run
 * itself. `npx conformance` (npm exec) runs the tool under `sh -c`, and a SIGTERM sent to npx ends that shell
 * without reaching the run; a cancelled CI job that ends the job's shell leaves the run an orphan. Either way
 * an ancestor (parent, grandparent, … up to init) ends or is adopted elsewhere: the run is then stopped. The
 * shell of npm exec ending is taken for the SIGTERM npm passed on (the shell dies of it).
 *
 * A SIGINT sent to npx does not end that shell: dash, running `sh -c`, catches SIGINT and keeps it until its
 * child ends, so neither the run nor the shell's end would ever tell. But the shell waits for its one child
 * asleep, and only a signal wakes it (the child's own end aside): each wake-up counts as a voluntary context
 * switch in /proc/PID/status. So a wake-up of npm exec's shell is the SIGINT npm
 * passed on (the other signal npm passes on, SIGTERM, ends the shell and is told by its end).
 * Elsewhere (no /proc) only the parent is watched, through process.ppid.
 */
import { readFileSync } from 'node:fs';

export type AncestryEvent = 'ancestor-gone' | 'npm-shell-gone' | 'npm-shell-woken';

interface Ancestor {
  readonly pid: number;
  readonly ppid: number;
  /** When it started (clock ticks after boot): a pid reused by another process is not the ancestor. */
  readonly startedAt: string;
}

/** Enough to reach init from any CI runner's step; a deeper chain is watched up to here. */
const MAX_ANCESTORS = 16;
const SHELLS = new Set(['sh', 'dash', 'bash', 'ash', 'zsh']);

function statOf(pid: number): { ppid: number; startedAt: string; command: string } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command sits in parentheses and may hold spaces or parentheses itself: the fields follow the last ')'.
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  return { ppid: Number(fields[1]), startedAt: fields[19] ?? '', command: text.slice(text.indexOf('(') + 1, close) };
}

/** How many times `pid` went to sleep of its own (woke since), or undefined when it cannot be read. */
function sleepsOf(pid: number): number | undefined {
  try {
    const match = /^voluntary_ctxt_switches:\s*(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

export interface AncestryWatch {
  /** What happened since the watch began, or undefined: call now and then. */
  happened(): AncestryEvent | undefined;
  /** Ends the watch. */
  stop(): void;
}

/** Watches the processes that started this one (see above). */
export function watchAncestry(env: NodeJS.ProcessEnv = process.env): AncestryWatch {
  const parent = process.ppid;
  const self = statOf(process.pid);
  if (!self) return { happened: () => (process.ppid === parent ? undefined : 'ancestor-gone'), stop: () => undefined };
  const chain: Ancestor[] = [];
  for (let pid = self.ppid; pid > 1 && chain.length < MAX_ANCESTORS;) {
    const stat = statOf(pid);
    if (!stat) break;
    chain.push({ pid, ppid: stat.ppid, startedAt: stat.startedAt });
    pid = stat.ppid;
  }
  const npmShell = env['npm_command'] === 'exec' && SHELLS.has(statOf(parent)?.command ?? '') ? parent : undefined;
  // The shell went to sleep waiting for the tool right after starting it, long before the tool got here.
  let shellSleeps = npmShell === undefined ? undefined : sleepsOf(npmShell);
  // The shell also wakes when the tool is stopped and continued (Ctrl-Z then fg, a debugger): it is told of its
  // child's stop (SIGCHLD). The tool is then sent SIGCONT, which Node runs after the timer that looks: a wake-up
  // is taken for a SIGINT only when it is still unexplained at the next look.
  let continued = false;
  let wokenOnce = false;
  const onContinue = (): void => {
    continued = true;
  };
  if (npmShell !== undefined) process.on('SIGCONT', onContinue);
  return {
    happened() {
      const changed = (ancestor: Ancestor): boolean => {
        const now = statOf(ancestor.pid);
        return !now || now.ppid !== ancestor.ppid || now.startedAt !== ancestor.startedAt;
      };
      for (const ancestor of chain) {
        if (!changed(ancestor)) continue;
        if (ancestor.pid === npmShell) return 'npm-shell-gone';
        // npm exec ending after it passed SIGTERM on: its shell, read a moment earlier, is adopted by now (a
        // process's children are adopted as it ends), and that tells what happened better than npm's end alone.
        const shell = chain.find((a) => a.pid === npmShell);
        return shell && changed(shell) ? 'npm-shell-gone' : 'ancestor-gone';
      }
      if (process.ppid !== parent) return 'ancestor-gone';
      if (npmShell === undefined || shellSleeps === undefined) return undefined;
      const sleeps = sleepsOf(npmShell);
      if (continued) {
        continued = false;
        wokenOnce = false;
        shellSleeps = sleeps;
        return undefined;
      }
      if (sleeps === undefined || sleeps === shellSleeps) return undefined;
      if (!wokenOnce) {
        wokenOnce = true;
        return undefined;
      }
      return 'npm-shell-woken';
    },
    stop() {
      process.off('SIGCONT', onContinue);
    },
  };
}
