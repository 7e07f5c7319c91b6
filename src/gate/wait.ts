/**
 * `conformance wait URL --timeout S`: waits until a freshly started server answers, so a workflow can start
 * the server under test in the background and certify it as soon as it is up, not after a guessed sleep. Any
 * HTTP answer counts (a 404 or a 401 is a server that is up); a refused connection, a reset or a request
 * that takes too long is tried again every half second until the deadline. Exit 0 when it answered, 1 when
 * the deadline passed (the line says what the last attempt met); stopped from outside (`ended`), the exit code
 * of what stopped it.
 */
import { parseDuration, parseUrl } from '../runner/run-options.js';
import { armOutputRedactor } from '../report/output-boundary.js';
import { hasSecretPath } from '../report/run-inputs.js';
import { endingCause } from '../runner/process-ending.js';

export const DEFAULT_WAIT = '60s';
const RETRY_MS = 500;
/** One attempt may not take longer than this, so that a server that accepts and never answers is retried. */
const ATTEMPT_MS = 5000;

/** Waits `ms`, or less when `ended` is aborted first. */
const sleep = (ms: number, ended: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      ended.removeEventListener('abort', done);
      resolve();
    }
    ended.addEventListener('abort', done, { once: true });
  });

function failureOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if ((error as Error).name === 'TimeoutError') return `no answer within ${ATTEMPT_MS / 1000} s`;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

export async function waitCommand(
  urlArg: string,
  raw: { timeout?: string },
  io: { log: (line: string) => void },
  now: () => number = Date.now,
  ended: AbortSignal = new AbortController().signal,
): Promise<number> {
  const url = parseUrl(urlArg, 'wait URL', false);
  const timeoutMs = parseDuration(raw.timeout ?? DEFAULT_WAIT, '--timeout');
  if (hasSecretPath(url)) armOutputRedactor({ keys: [], urls: [url] });
  const started = now();
  const deadline = started + timeoutMs;
  let last = 'not tried';
  io.log(`waiting for ${url} to answer (up to ${timeoutMs / 1000} s)`);
  while (now() < deadline && !ended.aborted) {
    try {
      const attempt = AbortSignal.timeout(Math.max(1, Math.min(ATTEMPT_MS, deadline - now())));
      const answer = await fetch(url, { signal: AbortSignal.any([attempt, ended]) });
      await answer.body?.cancel();
      io.log(`${url} answered HTTP ${answer.status} after ${((now() - started) / 1000).toFixed(1)} s`);
      return 0;
    } catch (error) {
      last = failureOf(error);
    }
    await sleep(Math.max(0, Math.min(RETRY_MS, deadline - now())), ended);
  }
  const stopped = endingCause(ended);
  if (stopped) {
    io.log(`✘ ${stopped.reason} before ${url} answered (last attempt: ${last})`);
    return stopped.exitCode;
  }
  io.log(`✘ ${url} did not answer within ${timeoutMs / 1000} s (last attempt: ${last})`);
  return 1;
}
