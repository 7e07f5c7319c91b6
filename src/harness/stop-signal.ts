/**
 * A run that is stopped (Ctrl-C, SIGTERM, --max-duration) stops sending at once: every session of the run
 * refuses to send from then on. Runs in this thread are stopped one by one (several may share a process); the
 * worker threads of the vitest engine are told through a channel, and each stops its whole thread.
 */
import { BroadcastChannel, isMainThread } from 'node:worker_threads';
import type { RunConfig } from '../config/run-config.js';

const CHANNEL = 'conformance-run-stop';
const stoppedRuns = new WeakMap<RunConfig, string>();
let threadStopped: string | undefined;

if (!isMainThread) {
  // Listening from load on, so no broadcast is missed; the channel never keeps a thread alive.
  const listener = new BroadcastChannel(CHANNEL);
  listener.unref();
  listener.onmessage = (event) => {
    threadStopped = String((event as { data: unknown }).data);
  };
}

/** Why the run of `config` was stopped, or undefined while it runs. */
export function stopReason(config: RunConfig): string | undefined {
  return stoppedRuns.get(config) ?? threadStopped;
}

/** Stops the run of `config` in this thread. */
export function stopRun(config: RunConfig, why: string): void {
  stoppedRuns.set(config, why);
}

/** Tells every worker thread of the process to send nothing more. */
export function broadcastStop(why: string): void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(why);
  channel.close();
}
