/**
 * A run that is stopped (Ctrl-C, SIGTERM, --max-duration) stops sending at once: the CLI broadcasts why, and
 * every worker thread's sessions refuse to send from then on. Threads of one process share the channel.
 */
import { BroadcastChannel } from 'node:worker_threads';

const CHANNEL = 'conformance-run-stop';
let reason: string | undefined;
let listener: BroadcastChannel | undefined;

/** Starts listening (at load, so no broadcast is missed); the channel never keeps a thread alive. */
function listen(): void {
  if (listener) return;
  listener = new BroadcastChannel(CHANNEL);
  listener.unref();
  listener.onmessage = (event) => {
    reason = String((event as { data: unknown }).data);
  };
}
listen();

/** Why the run was stopped, or undefined while it runs. */
export function stopReason(): string | undefined {
  return reason;
}

/** Tells every thread of the process to send nothing more. */
export function broadcastStop(why: string): void {
  reason = why;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(why);
  channel.close();
}
