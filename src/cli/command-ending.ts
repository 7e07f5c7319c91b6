/**
 * The commands that wait on something outside (serve, wait, comment) end as a run does: on SIGINT, SIGTERM,
 * SIGHUP and when the process that started them goes away (process-ending.ts), so none outlives the `npx` or
 * the CI step that started it.
 */
import { watchEnding } from '../runner/process-ending.js';

/**
 * Runs `task` with a signal that is aborted, its reason the EndingCause, when the command is ended from
 * outside; the task decides how it ends then. `what` names the command ("the server").
 */
export async function untilEnded<T>(what: string, task: (ended: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const watch = watchEnding(what, (cause) => controller.abort(cause));
  try {
    return await task(controller.signal);
  } finally {
    watch.stop();
  }
}
