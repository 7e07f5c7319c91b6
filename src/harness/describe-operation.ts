/**
 * Registers the suite of one operation: a unit per network (or one, for an operation that is not per
 * network), each running every check of the operation in order on a session of its own.
 */
import { networkBySlug, type Network } from '../contract/networks.js';
import { isPerNetwork, operationId, type OperationDef } from '../contract/operations.js';
import type { RunConfig } from '../config/run-config.js';
import { runCommonChecks } from './common-checks.js';
import type { OperationSpec } from './operation-spec.js';
import { CheckSession, unitOutcomeOf } from './session.js';
import { registerSuite, type UnitOutcome } from './suites.js';
import { isSelected } from './work.js';

/** Every operation described so far, by id: the catalogue generator reads their checks from here. */
const described = new Map<string, OperationSpec<OperationDef>>();

export function describedOperations(): ReadonlyMap<string, OperationSpec<OperationDef>> {
  return described;
}

export function describeOperation<O extends OperationDef>(spec: OperationSpec<O>): void {
  const id = operationId(spec.op);
  described.set(id, spec as unknown as OperationSpec<OperationDef>);
  registerSuite({
    name: id,
    units: (config, ownsGlobal) =>
      (isPerNetwork(spec.op) ? config.networks.map(networkBySlug) : ownsGlobal ? [null] : []).filter((n) =>
        isSelected(config, id, n?.slug ?? null),
      ),
    run: (network, config) => runOperation(spec, network, config),
  });
}

async function runOperation<O extends OperationDef>(
  spec: OperationSpec<O>,
  network: Network | null,
  config: RunConfig,
): Promise<UnitOutcome> {
  const session = new CheckSession(spec.op, network, config);
  // Under --read-only an operation that writes runs through the same checks, each reported skipped with the
  // reason; none sends anything (CheckSession.send refuses it besides).
  if (spec.op.writes && config.readOnly) session.blockAll(`--read-only: ${operationId(spec.op)} writes, so none of its checks is run`);
  await runCommonChecks(session, spec);
  const own = spec.checks ?? [];
  if (spec.checksSideBySide?.(config)) await session.checkSideBySide(own);
  else for (const check of own) await session.check(check);
  return unitOutcomeOf([session]);
}
