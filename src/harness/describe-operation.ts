/**
 * Registers one vitest test per operation and network (or one, for operations that are not per network).
 * The test runs every check of the operation in order and hands the results to the reporter through the
 * test's meta; it fails (for vitest's own output) when a MUST check failed or errored.
 */
import { describe, test } from 'vitest';
import { networkBySlug, type Network } from '../contract/networks.js';
import { isPerNetwork, operationId, type OperationDef } from '../contract/operations.js';
import { runCommonChecks } from './common-checks.js';
import type { OperationSpec } from './operation-spec.js';
import { ownsGlobalChecks, runConfig } from './run-config.js';
import { CheckSession } from './session.js';
import { isSelected } from './work.js';

/** Generous: each request is bounded by --timeout-ms, so a test ends on its own; this only catches suite bugs. */
const TEST_TIMEOUT_MS = 10 * 60 * 1000;

export function describeOperation<O extends OperationDef>(spec: OperationSpec<O>): void {
  const config = runConfig();
  const id = operationId(spec.op);
  const networks: (Network | null)[] = (isPerNetwork(spec.op) ? config.networks.map(networkBySlug) : ownsGlobalChecks() ? [null] : []).filter((n) =>
    isSelected(config, id, n?.slug ?? null),
  );
  // A suite without tests is a failure to vitest: this worker has no share of this operation.
  if (networks.length === 0) return;
  describe(id, () => {
    for (const network of networks) {
      test.concurrent(network?.slug ?? 'global', async ({ task }) => {
        const session = new CheckSession(spec.op, network, config);
        // Under --read-only an operation that writes runs through the same checks, each reported skipped
        // with the reason; none sends anything (CheckSession.send refuses it besides).
        if (spec.op.writes && config.readOnly) session.blockAll(`--read-only: ${id} writes, so none of its checks is run`);
        await runCommonChecks(session, spec);
        for (const [checkId, check] of Object.entries(spec.checks ?? {})) {
          if (check) await session.check(checkId as never, check);
        }
        task.meta.conformance = { results: session.results, personal: [...session.personal], keyAnswers: session.keyAnswers };
        const broken = session.results.filter((r) => r.level === 'MUST' && (r.status === 'failed' || r.status === 'errored'));
        if (broken.length > 0) throw new Error(broken.map((r) => r.message).join('\n'));
      }, TEST_TIMEOUT_MS);
    }
  });
}
