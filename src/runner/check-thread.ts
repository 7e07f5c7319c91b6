/**
 * The worker thread side of the default engine: runs the checks of the run it is given and posts each
 * unit's findings to the main thread as the unit ends. A stop message makes every session stop sending.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { RunConfig } from '../config/run-config.js';
import { stopRun } from '../harness/stop-signal.js';
import { runChecks } from './run-checks.js';
import type { FromCheckThread, ToCheckThread } from './thread-messages.js';

const port = parentPort!;
const config = (workerData as { config: RunConfig }).config;
const post = (message: FromCheckThread): void => port.postMessage(message);
let stopped = false;

port.on('message', (message: ToCheckThread) => {
  if (message.type !== 'stop') return;
  stopped = true;
  stopRun(config, message.why);
});

try {
  const incidents = await runChecks(config, { unitFinished: (unit) => post({ type: 'unit', unit }) }, { stopped: () => stopped });
  post({ type: 'done', incidents });
} catch (error) {
  post({ type: 'done', incidents: [`the checks could not run: ${(error as Error).message}`] });
}
