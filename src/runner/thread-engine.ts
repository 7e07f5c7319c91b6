/**
 * The default engine of a run: the checks run in one worker thread of this process while this thread
 * collects their findings, writes the progress and (for the embedded run) answers as the reference server.
 * The checks' own work then never delays an answer the run is waiting for, and their heap is bounded: a
 * thread that runs out of it ends the run with an incident, never the process.
 */
import { Worker } from 'node:worker_threads';
import type { RunConfig } from '../config/run-config.js';
import type { RunCollector } from './collector.js';
import type { FromCheckThread, ToCheckThread } from './thread-messages.js';

/**
 * Ample for a full run (its live heap stays near half of it), small enough that V8 collects as it goes rather
 * than growing the heap: the run's peak memory is what this bounds. A small young generation likewise.
 */
const CHECK_THREAD_HEAP_MB = 96;
const CHECK_THREAD_YOUNG_HEAP_MB = 8;

export interface ThreadEngineControl {
  /** Hands over how to stop the checks: every session stops sending, no further unit starts. */
  readonly onStop: (stop: (why: string) => void) => void;
}

/** Runs the checks of `config` in a worker thread; answers the incidents met outside any unit. */
export function runChecksInThread(config: RunConfig, collector: RunCollector, control: ThreadEngineControl): Promise<string[]> {
  const worker = new Worker(new URL('./thread-boot.mjs', import.meta.url), {
    workerData: { entry: new URL('./check-thread.ts', import.meta.url).href, config },
    resourceLimits: { maxOldGenerationSizeMb: CHECK_THREAD_HEAP_MB, maxYoungGenerationSizeMb: CHECK_THREAD_YOUNG_HEAP_MB },
    // What the checks print (--verbose: a line per request) reaches the terminal through the collector.
    stdout: true,
    stderr: true,
  });
  for (const stream of [worker.stdout, worker.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (text: string) => collector.line(text));
  }
  control.onStop((why) => worker.postMessage({ type: 'stop', why } satisfies ToCheckThread));
  return new Promise((resolve, reject) => {
    let done = false;
    worker.on('message', (message: FromCheckThread) => {
      if (message.type === 'unit') collector.unitFinished(message.unit);
      else {
        done = true;
        resolve([...message.incidents]);
        void worker.terminate();
      }
    });
    worker.on('error', (error) => {
      done = true;
      reject(new Error(`the checks' thread failed: ${error.message}`));
    });
    worker.on('exit', (code) => {
      if (!done) reject(new Error(`the checks' thread ended (exit code ${code}) before the run was over`));
    });
  });
}
