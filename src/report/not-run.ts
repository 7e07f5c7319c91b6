/**
 * The operations of a run that ended early without their results, each as an errored `suite-error` result
 * saying why: a report of a stopped run lists what it did not check instead of passing over it.
 */
import { checkDef } from '../checks/catalogue.js';
import { findOperation, isPerNetwork } from '../contract/operations.js';
import type { CheckResult } from './model.js';

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
      missing.push(suiteError(operation, network, `not run: ${why}`, 0));
    }
  }
  return missing;
}

/** One errored `suite-error` result: the checks of `operation` on `network` could not run, and why. */
export function suiteError(operation: string, network: string | null, why: string, durationMs: number): CheckResult {
  return {
    key: `${operation}:suite-error`,
    checkId: 'suite-error',
    operation,
    network,
    level: 'MUST',
    status: 'errored',
    title: checkDef('suite-error').title,
    message: `${operation} on ${network ?? 'no network (global)'} [suite-error]: ${why}`,
    requests: 0,
    durationMs,
  };
}
