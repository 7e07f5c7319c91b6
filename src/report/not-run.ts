/**
 * The operations of a run that ended early without their results, each as an errored `suite-error` result
 * saying why: a report of a stopped run lists what it did not check instead of passing over it.
 */
import { defineHarnessCheck } from '../checks/definition.js';
import { findOperation, isPerNetwork } from '../contract/operations.js';
import type { CheckResult } from './model.js';

const NOT_RUN = 'not run: ';

/** A result `notRunResults` made: the run ended before this operation was sent at all. */
export const isNotRun = (c: Pick<CheckResult, 'checkId' | 'requests' | 'message'>): boolean =>
  c.checkId === SUITE_ERROR.id && c.requests === 0 && (c.message?.includes(`[${SUITE_ERROR.id}]: ${NOT_RUN}`) ?? false);

export function notRunResults(
  operations: readonly string[],
  networks: readonly string[],
  results: readonly CheckResult[],
  why: string,
): CheckResult[] {
  const seen = new Set(results.map((r) => `${r.operation}|${r.network ?? ''}`));
  const missing: CheckResult[] = [];
  for (const operation of operations) {
    const op = findOperation(operation);
    if (!op) continue;
    for (const network of isPerNetwork(op) ? networks : [null]) {
      if (seen.has(`${operation}|${network ?? ''}`)) continue;
      missing.push(suiteError(operation, network, `${NOT_RUN}${why}`, 0));
    }
  }
  return missing;
}

export const SUITE_ERROR = defineHarnessCheck({
  id: 'suite-error',
  level: 'MUST',
  area: 'harness',
  title: 'The checks of an operation ran to completion',
  basis: 'a check that could not decide is errored, never a silent pass (GUIDE.md example 2)',
  filedBy: 'harness',
});

/** One errored `suite-error` result: the checks of `operation` on `network` could not run, and why. */
export function suiteError(operation: string, network: string | null, why: string, durationMs: number): CheckResult {
  return {
    key: `${operation}:${SUITE_ERROR.id}`,
    checkId: SUITE_ERROR.id,
    operation,
    network,
    level: 'MUST',
    status: 'errored',
    title: SUITE_ERROR.title,
    message: `${operation} on ${network ?? 'no network (global)'} [suite-error]: ${why}`,
    requests: 0,
    durationMs,
  };
}
