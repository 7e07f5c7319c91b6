/** Which operations can report a check, as the catalogue records where each check runs. */
import { operationId, type OperationDef } from '../contract/operations.js';
import { checkDef } from './catalogue.js';

/** Whether a run of `op` (its spec file, and its service's wire checks) can report any of `checkIds`. */
export function operationCarries(op: OperationDef, checkIds: ReadonlySet<string>): boolean {
  const id = operationId(op);
  for (const checkId of checkIds) {
    const check = checkDef(checkId);
    if (check.operations.includes(id) || check.services.includes(op.service)) return true;
  }
  return false;
}
