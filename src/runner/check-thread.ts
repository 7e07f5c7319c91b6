/**
 * A worker thread of the default engine: runs units of the run it is given, drawing each from the main
 * thread's counter (the other checks' threads draw from it too), and posts each unit's findings to the main
 * thread as the unit ends. A stop message makes every session stop sending.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { stopRun } from '../harness/stop-signal.js';
import { runChecks } from './run-checks.js';
import { loadSpecFiles } from './spec-loader.js';
import { OPERATIONS, operationId } from '../contract/operations.js';
import type { CheckThreadData, FromCheckThread, ToCheckThread } from './thread-messages.js';
import { joinRateCap } from '../transport/http-client.js';
import { SharedSlots } from '../transport/shared-slots.js';
import { learnedElsewhere, shareLearnedPersonal } from '../report/output-boundary.js';

const port = parentPort!;
const waitsForRun = (workerData as { waitsForRun?: boolean }).waitsForRun === true;
// A thread started before its run loads every spec file while it waits for the run: they are most of what a
// thread loads, and the command line is still reading its options. The run's own loading then finds them loaded.
if (waitsForRun) void loadSpecFiles(OPERATIONS.map(operationId));
/** A thread the command line started before its run (src/bundle/check-threads.mjs) is given the run by message. */
const runData = (): Promise<CheckThreadData> =>
  waitsForRun
    ? new Promise((resolve) => {
        const started = (message: ToCheckThread): void => {
          if (message.type !== 'start') return;
          port.off('message', started);
          resolve(message.data);
        };
        port.on('message', started);
      })
    : Promise.resolve(workerData as CheckThreadData);
const { config, reportsLoadFailures, rateCap, slots } = await runData();
if (rateCap && config.maxRps !== undefined) joinRateCap(config.maxRps, rateCap);
const post = (message: FromCheckThread): void => port.postMessage(message);
// What this thread learns of personal data reaches the main thread's output before any result that may hold it.
shareLearnedPersonal((values) => post({ type: 'personal', values }));
let stopped = false;
/** Claims under way, answered in the order they were posted. */
const claims: ((index: number) => void)[] = [];

/**
 * A worker's stdout reaches the main thread as messages of their own, which may arrive after `done` and be
 * dropped with the worker: what the checks printed (--verbose) is flushed before the run is said to be over.
 */
const flushed = (stream: NodeJS.WriteStream): Promise<void> => new Promise((resolve) => stream.write('', () => resolve()));
const finish = async (incidents: string[]): Promise<void> => {
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  post({ type: 'done', incidents });
};

port.on('message', (message: ToCheckThread) => {
  if (message.type === 'unit') {
    claims.shift()?.(message.index);
    return;
  }
  if (message.type === 'personal') {
    learnedElsewhere(message.values);
    return;
  }
  if (message.type !== 'stop') return;
  stopped = true;
  stopRun(config, message.why);
});

const nextUnit = (): Promise<number> =>
  new Promise((resolve) => {
    claims.push(resolve);
    post({ type: 'claim' });
  });

try {
  const incidents = await runChecks(
    config,
    { unitFinished: (unit) => post({ type: 'unit', unit }) },
    {
      stopped: () => stopped,
      nextUnit,
      listUnits: (units) => post({ type: 'units', units }),
      reportsLoadFailures,
      slots: SharedSlots.join(slots),
    },
  );
  await finish(incidents);
} catch (error) {
  await finish([`the checks could not run: ${(error as Error).message}`]);
}
