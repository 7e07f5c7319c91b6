/**
 * Which operations each check is run on, read from where the checks are run rather than written down a
 * second time: a check id quoted in the common checks (src/harness/) runs on every operation; one quoted in
 * specs/<Service>/<Method>.spec.ts runs on that operation; one quoted in specs/wire.spec.ts runs once per
 * service. test/cli/checks.test.ts proves every catalogue id is found somewhere.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATIONS, operationId, type OperationDef } from '../contract/operations.js';
import { specFileOf } from '../harness/spec-files.js';
import { CHECK_CATALOGUE } from './catalogue.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Files whose checks every operation gets (the harness's suite-error is filed by the reporter). */
const EVERY_OPERATION = [
  'src/harness/common-checks.ts',
  'src/harness/error-answers.ts',
  'src/harness/wrong-requests.ts',
  'src/report/not-run.ts',
];
const PER_SERVICE = 'specs/wire.spec.ts';

export interface CheckScope {
  /** `<Service>.<Method>` ids the check runs on. */
  readonly operations: readonly string[];
  /** Services whose service-wide wire checks include it. */
  readonly services: readonly string[];
}

let scopes: Map<string, CheckScope> | undefined;

function quotedIds(relativePath: string): Set<string> {
  const text = readFileSync(join(ROOT, relativePath), 'utf8');
  return new Set(CHECK_CATALOGUE.map((c) => c.id).filter((id) => text.includes(`'${id}'`)));
}

export function checkScopes(): ReadonlyMap<string, CheckScope> {
  if (scopes) return scopes;
  const everywhere = new Set(EVERY_OPERATION.flatMap((file) => [...quotedIds(file)]));
  const perService = quotedIds(PER_SERVICE);
  const perOperation = OPERATIONS.map((op) => ({ op, ids: quotedIds(specFileOf(op)) }));
  const services = [...new Set(OPERATIONS.map((op) => op.service))];
  scopes = new Map(
    CHECK_CATALOGUE.map((c) => [
      c.id,
      {
        operations: everywhere.has(c.id)
          ? OPERATIONS.map(operationId)
          : perOperation.filter((p) => p.ids.has(c.id)).map((p) => operationId(p.op)),
        services: perService.has(c.id) ? services : [],
      },
    ]),
  );
  return scopes;
}

/** Whether a run of `op` (its spec file, and its service's wire checks) can report any of `checkIds`. */
export function operationCarries(op: OperationDef, checkIds: ReadonlySet<string>): boolean {
  const id = operationId(op);
  for (const checkId of checkIds) {
    const scope = checkScopes().get(checkId);
    if (scope && (scope.operations.includes(id) || scope.services.includes(op.service))) return true;
  }
  return false;
}
