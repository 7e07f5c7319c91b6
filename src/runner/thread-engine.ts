/**
 * The default engine of a run: the checks run in worker threads of this process (one per core, up to two)
 * while this thread collects their findings, writes the progress and (for the embedded run) answers as the
 * reference server.
 * The checks' own work then never delays an answer the run is waiting for, and their heap is bounded: a
 * thread that runs out of it ends the run with an incident, never the process.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RunConfig } from '../config/run-config.js';
import { RUNS_BUNDLED } from '../package-root.js';
import { selectedUnits } from '../harness/work.js';
import type { RunCollector } from './collector.js';
import type { EngineControl } from './engine-control.js';
import type { CheckThreadData, FromCheckThread, ToCheckThread } from './thread-messages.js';
import { rateCapShare } from '../transport/http-client.js';
import { SharedSlots } from '../transport/shared-slots.js';
import { startingWindow } from '../transport/load-window.js';
import { UnitOrder } from './unit-order.js';
import { learnedElsewhere } from '../report/output-boundary.js';
import { CHECK_THREADS_AT_MOST, newCheckThread, takeCheckThreadsStartedEarly } from '../bundle/check-threads.mjs';

/**
 * Checks' threads started ahead of their run: they boot and start their units, whose requests wait until `run`
 * or `openSlots` (nothing is sent before, and nothing at all when the run is cancelled first).
 */
export interface CheckThreads {
  /**
   * Lets the units' requests go before `run`: the target is known to be there (its TLS session made). What
   * the units find meanwhile is kept for `run`'s collector.
   */
  openSlots(): void;
  run(collector: RunCollector, control: EngineControl): Promise<string[]>;
  /** Ends the threads without a run (the run ended before its checks: an unreachable target, a stop). */
  cancel(): void;
}

/**
 * Starts the checks' threads of `config` now: each loads its code and the spec files, then draws units from
 * one counter here; `run` answers the incidents met outside any unit. The run-wide limit on requests in flight
 * is shared by the threads (src/transport/shared-slots.ts), and no slot is given before `run` or `openSlots`.
 * A run starts them before its probe, so that the threads' start, their units' first requests (made on code
 * not yet compiled, a good part of a second's CPU) and the probe's round trip to a distant target are waited
 * through together.
 */
export function startCheckThreads(config: RunConfig): CheckThreads {
  const threads = checkThreadsFor(config);
  // Each thread has an even share of the run's limit on requests in flight, and at the end borrows what the others leave.
  const threadConfig: RunConfig = { ...config, concurrency: Math.max(1, Math.floor(config.concurrency / threads)) };
  const shared = SharedSlots.forRun(config.concurrency, startingWindow(config.concurrency), { closed: true });
  const slots = shared.buffer;
  // The threads take turns under --max-rps from one schedule with this thread's (the probe's): by demand, so a
  // thread with nothing left to send leaves the whole rate to the other, and together they keep to the cap.
  const rateCap = config.maxRps === undefined ? undefined : rateCapShare(config.maxRps);
  const workers: Worker[] = [];
  const order = new UnitOrder();
  let failed = false;
  let cancelled = false;
  let stoppedWhy: string | undefined;
  /**
   * Set by `run`: until then what the threads print or report (the units of a spec file that did not load, a
   * unit that sent nothing) is kept for it, in order.
   */
  let collector: RunCollector | undefined;
  const kept: ((collector: RunCollector) => void)[] = [];
  const toCollector = (tell: (collector: RunCollector) => void): void => {
    if (collector) tell(collector);
    else kept.push(tell);
  };
  const line = (text: string): void => toCollector((c) => c.line(text));
  const handOut = (worker: Worker): void => worker.postMessage({ type: 'unit', index: order.next() } satisfies ToCheckThread);
  const stop = (worker: Worker, why: string): void => worker.postMessage({ type: 'stop', why } satisfies ToCheckThread);
  const ended = checkThreadScript().then((script) => {
    const early = script.entry === undefined ? takeCheckThreadsStartedEarly(script.url, threads) : [];
    return Promise.all(
      Array.from({ length: threads }, (_, index) => {
        const data = { config: threadConfig, reportsLoadFailures: index === 0, rateCap, slots };
        const worker = startCheckThread(script, data, line, early[index]);
        workers.push(worker);
        // Cancelled or stopped while the script was being found: the thread is ended, or told, at once.
        if (cancelled) void worker.terminate();
        if (stoppedWhy !== undefined) stop(worker, stoppedWhy);
        return new Promise<string[]>((resolve, reject) => {
          let done = false;
          worker.on('message', (message: FromCheckThread) => {
            // Once a thread has failed, the run's report is being made without the others: nothing more goes into it.
            if (failed) return;
            if (message.type === 'claim') handOut(worker);
            else if (message.type === 'units') order.list(message.units);
            else if (message.type === 'unit') {
              order.finished(message.unit.suite, message.unit.durationMs);
              toCollector((c) => c.unitFinished(message.unit));
            } else if (message.type === 'personal') {
              learnedElsewhere(message.values);
              for (const other of workers) if (other !== worker) other.postMessage(message satisfies ToCheckThread);
            } else {
              done = true;
              resolve([...message.incidents]);
              void worker.terminate();
            }
          });
          worker.on('error', (error) => {
            done = true;
            failed = true;
            reject(new Error(`the checks' thread failed: ${error.message}`));
          });
          worker.on('exit', (code) => {
            if (done) return;
            failed = true;
            reject(new Error(`the checks' thread ended (exit code ${code}) before the run was over`));
          });
        });
      }),
    );
  });
  // A thread that fails before `run` is told so by `run` (or by no one, once cancelled): not an unhandled rejection.
  ended.catch(() => undefined);
  return {
    openSlots: () => shared.open(),
    run(runCollector, control) {
      collector = runCollector;
      for (const tell of kept.splice(0)) tell(runCollector);
      control.onStop((why) => {
        stoppedWhy = why;
        for (const worker of workers) stop(worker, why);
      });
      shared.open();
      // One thread failing ends the run: the others are ended too, rather than left to add results to a report
      // that is already being written.
      return ended.then(
        (incidents) => [...new Set(incidents.flat())],
        (error: unknown) => {
          for (const worker of workers) void worker.terminate();
          throw error;
        },
      );
    },
    cancel() {
      if (collector || cancelled) return;
      cancelled = true;
      failed = true;
      for (const worker of workers) void worker.terminate();
    },
  };
}

/**
 * One thread per core, up to two: the main thread answers as the embedded server and collects, so more would
 * only contend for the same cores, and each thread adds its heap to the run's memory.
 */
function checkThreadsFor(config: RunConfig): number {
  return Math.max(1, Math.min(CHECK_THREADS_AT_MOST, availableParallelism(), config.concurrency, selectedUnits(config).length));
}

interface CheckThreadScript {
  readonly url: URL;
  /** For the TypeScript loader's boot script: the module it then loads. */
  readonly entry?: string;
}

/**
 * What a checks' thread runs: the checks' bundle beside the command line's, or, for a run started from the
 * TypeScript sources (the library, the tool's tests), the bundle of the current sources built as the command
 * line builds it; where none can be written, the sources through a TypeScript loader booted in the thread.
 */
async function checkThreadScript(): Promise<CheckThreadScript> {
  if (RUNS_BUNDLED) return { url: new URL('./check-thread.mjs', import.meta.url) };
  const { checkThreadBundle } = await import('../bundle/current.mjs');
  const bundled = await checkThreadBundle();
  if (bundled) return { url: bundled };
  return { url: new URL('./thread-boot.mjs', import.meta.url), entry: new URL('./check-thread.ts', import.meta.url).href };
}

/**
 * A checks' thread for `data`: one the command line started early for this script (it then gets its run by
 * message), or else a new one.
 */
function startCheckThread(
  script: CheckThreadScript,
  data: CheckThreadData,
  line: (text: string) => void,
  early: Worker | undefined,
): Worker {
  let worker: Worker;
  if (early) {
    worker = early;
    worker.postMessage({ type: 'start', data } satisfies ToCheckThread);
  } else worker = newCheckThread(script.url, { entry: script.entry, ...data });
  for (const stream of [worker.stdout, worker.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', line);
  }
  return worker;
}
