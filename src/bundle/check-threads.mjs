// The checks' worker threads of a run, as the command line starts them: how many, with which heap, and, for
// `conformance run`, started before the command line itself is loaded. A thread's boot (node's own modules,
// the bundle, the spec files) takes a few hundred milliseconds; started as the process starts, it boots while
// the command line loads and reads its options, instead of after. Plain JavaScript: bin/load-cli.mjs uses it
// before any bundle is loaded, and src/runner/thread-engine.ts adopts the threads it started.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** The main thread answers as the embedded server and collects: more threads would contend for the same cores. */
export const CHECK_THREADS_AT_MOST = 2;

/**
 * Ample for a full run (its live heap stays near half of it), small enough that V8 collects as it goes rather
 * than growing the heap: the run's peak memory is what this bounds. The young generation is where a check's
 * short-lived values die: at 16 MB its collections took ~10 % of a thread; at 48 MB about a third less, for
 * ~30 MB more peak memory.
 */
export const CHECK_THREAD_RESOURCE_LIMITS = Object.freeze({ maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 48 });

/** A checks' thread started with `data` in its workerData; what it prints is read by the run (stdout, stderr). */
export function newCheckThread(url, data) {
  return new Worker(url, {
    // A SharedArrayBuffer in workerData is shared with the thread, not copied.
    workerData: data,
    resourceLimits: CHECK_THREAD_RESOURCE_LIMITS,
    // What the checks print (--verbose: a line per request) reaches the terminal through the collector.
    stdout: true,
    stderr: true,
  });
}

const STARTED_EARLY = Symbol.for('rpc-conformance.check-threads-started-early');

/**
 * Starts the checks' threads of the bundle at `url` now, each waiting for its run (`{ type: 'start', data }`).
 * They do not keep the process alive: a command that ends before its run (bad options: exit 2) exits as it would.
 */
export function startCheckThreadsEarly(url) {
  const threads = Array.from({ length: Math.min(CHECK_THREADS_AT_MOST, availableParallelism()) }, () => {
    const worker = newCheckThread(url, { waitsForRun: true });
    worker.unref();
    const early = { worker, ended: false, markEnded: () => (early.ended = true) };
    // Until a run adopts it, a thread that fails is only marked: the run then starts one of its own.
    worker.on('error', early.markEnded);
    worker.on('exit', early.markEnded);
    return early;
  });
  globalThis[STARTED_EARLY] = { href: String(url), threads };
}

/**
 * Up to `count` threads started early for the bundle at `url` that are still up, held by the process again;
 * the others are ended. Once taken, none are left for another run of the process.
 */
export function takeCheckThreadsStartedEarly(url, count) {
  const early = globalThis[STARTED_EARLY];
  delete globalThis[STARTED_EARLY];
  if (!early) return [];
  const usable = early.href === String(url) ? early.threads.filter((thread) => !thread.ended) : [];
  const taken = usable.slice(0, count).map(({ worker, markEnded }) => {
    worker.off('error', markEnded);
    worker.off('exit', markEnded);
    worker.ref();
    return worker;
  });
  for (const { worker } of early.threads) if (!taken.includes(worker)) void worker.terminate();
  return taken;
}

/** Ends the threads started early that no run took (a run with another engine, a run that ended before its checks). */
export function endCheckThreadsStartedEarly() {
  takeCheckThreadsStartedEarly('', 0);
}
