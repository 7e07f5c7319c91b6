/** --checks and --skip-checks: which checks a run reports, and so which operations it needs to run at all. */
import { CHECK_CATALOGUE } from '../checks/catalogue.js';
import { operationCarries } from '../checks/check-operations.js';
import { chosenChecks } from '../checks/selection.js';
import { findOperation } from '../contract/operations.js';
import { parseList } from './list-option.js';
import { UsageError } from '../config/usage-error.js';
import { knownNames } from '../config/shown-values.js';

export function chooseChecks(include: unknown, exclude: unknown, operations: string[]): { operations: string[]; checks?: string[] } {
  const ids = CHECK_CATALOGUE.map((c) => c.id);
  const checks = chosenChecks(
    include === undefined ? undefined : parseList(include, ids, '--checks', 'check id', 'conformance checks'),
    exclude === undefined ? [] : parseList(exclude, ids, '--skip-checks', 'check id', 'conformance checks'),
  );
  if (checks === undefined) return { operations };
  if (checks.length === 0) throw new UsageError('--checks and --skip-checks leave no check to run');
  // Operations none of whose checks is chosen would send requests only to report nothing.
  const chosen = new Set(checks);
  const carrying = operations.filter((id) => operationCarries(findOperation(id)!, chosen));
  if (carrying.length === 0)
    throw new UsageError(`none of the chosen checks (${knownNames(checks)}) runs on the chosen operations (${knownNames(operations)})`);
  return { operations: carrying, checks };
}
