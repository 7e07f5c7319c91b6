/**
 * Before a run: can the target be reached at all? Sending thousands of requests into a dead address would
 * take long and say nothing more than this one line does. Any answer, even a hang, counts as reachable; only
 * a connection failure on every base counts as unreachable. Under --read-only it sends nothing to an operation
 * that writes.
 */
import type { RunConfig } from '../config/run-config.js';
import { findNetwork, NETWORKS } from '../contract/networks.js';
import { findOperation, type OperationDef } from '../contract/operations.js';
import { operationUrl } from '../harness/endpoints.js';
import { send } from '../transport/http-client.js';

/** A description of why the target is unreachable, or undefined when some base answered. */
export async function probeTargets(config: RunConfig): Promise<string | undefined> {
  const network = findNetwork(config.networks[0] ?? '') ?? NETWORKS[0]!;
  // Under --read-only not even the probe goes to an operation that writes: with only those selected, none is sent.
  const ops = config.operations.map((id) => findOperation(id)!).filter((op) => op && !(config.readOnly && op.writes));
  const byBase = new Map<string, OperationDef>();
  for (const op of ops) if (!byBase.has(op.base)) byBase.set(op.base, op);
  const failures: string[] = [];
  for (const op of byBase.values()) {
    const url = operationUrl(config.targets, op, op.network.kind === 'none' ? null : network);
    const outcome = await send(
      { method: 'POST', url, headers: { 'Content-Type': 'application/json' }, body: '{}' },
      { timeoutMs: config.timeoutMs },
    );
    // Only a refused or unresolvable connection means "not there". A target that hangs or answers garbage is
    // there and broken: the checks report that, each with its own timeout.
    if (outcome.ok || outcome.failure !== 'connection') return undefined;
    failures.push(`${url}: ${outcome.failure} (${outcome.message})`);
  }
  return failures.length > 0 ? failures.join('; ') : undefined;
}
