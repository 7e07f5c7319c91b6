/**
 * The run while it goes. On a TTY: a live line (networks and checks done, requests per second, elapsed) with
 * a permanent line per finished network above it. Elsewhere (CI logs): plain lines only — one per finished
 * network, one per finished operation of a slow network, and a heartbeat when nothing else was printed for a
 * while, so a log is never silent for minutes.
 */
import type { NetworkFinished, ProgressListener, TestFinished } from '../progress-events.js';
import { countResults } from '../../src/report/build.js';
import { formatDuration, plural } from '../render/view.js';
import { inert, type TerminalOutput } from './output.js';
import type { Style } from './style.js';

/** A test (one operation on one network) this long marks its network slow: its later operations get a line each. */
const SLOW_TEST_MS = 10_000;
/** In a log, a line at least this often. */
const HEARTBEAT_MS = 15_000;
const REDRAW_MS = 250;

export interface ProgressView extends ProgressListener {
  /** Stops the live line and timers; called once the run ended. */
  stop(): void;
}

export interface ProgressOptions {
  readonly out: TerminalOutput;
  readonly style: Style;
  /** With --verbose, the workers' lines (every request) are shown. */
  readonly verbose: boolean;
  /** Networks the run has (known before any finishes). */
  readonly networksTotal?: number;
  readonly now?: () => number;
}

export function progressView({ out, style, verbose, networksTotal = 0, now = Date.now }: ProgressOptions): ProgressView {
  const started = now();
  let lastLineAt = started;
  let tests = { done: 0, total: 0 };
  let networks = { done: 0, total: networksTotal };
  let checks = 0;
  let requests = 0;
  const slowNetworks = new Set<string>();
  const finishedNetworks = new Set<string>();

  const line = (text: string) => {
    lastLineAt = now();
    out.line(text);
  };
  const status = () => {
    const elapsed = (now() - started) / 1000;
    const rate = elapsed > 0 ? Math.round(requests / elapsed) : 0;
    const nets = networks.total > 0 ? `networks ${networks.done}/${networks.total} · ` : '';
    return `${nets}tests ${tests.done}/${tests.total || '?'} · ${plural(checks, 'check')} · ${rate} req/s · ${formatDuration(now() - started)}`;
  };
  const draw = () => out.live?.(style.dim(`… ${status()}`));
  const timer = setInterval(
    () => {
      if (out.live) draw();
      else if (now() - lastLineAt >= HEARTBEAT_MS) line(`… ${status()}`);
    },
    out.live ? REDRAW_MS : 1_000,
  );
  timer.unref();

  return {
    testFinished(event: TestFinished) {
      tests = { done: event.testsDone, total: event.testsTotal };
      checks += event.results.length;
      requests += event.results.reduce((sum, r) => sum + r.requests, 0);
      const network = event.network;
      if (network && event.durationMs >= SLOW_TEST_MS) slowNetworks.add(network);
      // On a TTY the live line already moves; a log gets a line for each operation of a slow network.
      if (!out.live && network && slowNetworks.has(network) && !finishedNetworks.has(network)) {
        const c = countResults(event.results);
        const mark = c.mustFailed > 0 ? style.fail('✘') : c.shouldFailed > 0 ? style.warn('⚠') : style.pass('✔');
        line(
          `  ${mark} ${inert(network)} ${inert(event.operation)}: ${plural(event.results.length, 'check')}, ${c.mustFailed} MUST failed, ${formatDuration(event.durationMs)}`,
        );
      }
      if (out.live) draw();
    },
    networkFinished(event: NetworkFinished) {
      networks = { done: event.networksDone, total: event.networksTotal };
      finishedNetworks.add(event.network);
      const c = event.counts;
      const mark = event.failing ? style.fail('✘') : c.shouldFailed > 0 ? style.warn('⚠') : style.pass('✔');
      line(
        `${mark} ${inert(event.network).padEnd(26)} ${String(c.passed).padStart(4)} passed ${String(c.mustFailed).padStart(3)} MUST failed ${String(c.shouldFailed).padStart(3)} SHOULD ${String(c.skipped).padStart(3)} skipped  [${event.networksDone}/${event.networksTotal}]`,
      );
    },
    workerLine(text: string) {
      if (verbose) line(style.dim(inert(text)));
    },
    stop() {
      clearInterval(timer);
      out.live?.('');
    },
  };
}
