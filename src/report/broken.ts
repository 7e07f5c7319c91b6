import type { CheckResult } from './model.js';

/** A MUST check that failed or could not run: what makes a unit of work, and a run, fail. */
export const isMustBroken = (result: Pick<CheckResult, 'level' | 'status'>): boolean =>
  result.level === 'MUST' && (result.status === 'failed' || result.status === 'errored');
