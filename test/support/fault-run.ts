/**
 * One fault of the table run against a reference server broken in that way (the runner as a library, the
 * checks inline): shared by the fault table's tests and `npm run bench`, which counts the faults each profile
 * catches. No test framework here, so that the bench can load it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isBroken } from '../../src/report/broken-checks.js';
import { checksOf } from '../../src/report/report-checks.js';
import { withOwnOutputBoundary } from '../../src/report/output-boundary.js';
import type { Report } from '../../src/report/model.js';
import { parseRunOptions, runConformance } from '../../src/runner/run-conformance.js';
import type { Profile } from '../../src/runner/run-option-schema.js';
import { FAULTS, type Fault } from '../../src/server/faults.js';
import { startReferenceServer } from '../../src/server/index.js';

/** Faults caught only by comparing with a chain node run in test/chain-node.test.ts, against a local node. */
export const TABLE_FAULTS: readonly Fault[] = FAULTS.filter((f) => !f.chainNode);

/** `fault` run with `profile` on its own operations and networks, one reference server for it alone. */
export async function runAgainst(fault: Fault, profile: Profile = 'full') {
  const server = await startReferenceServer({ host: '127.0.0.1', port: 0, faults: [fault.hooks] });
  try {
    const lines: string[] = [];
    const options = parseRunOptions({
      target: server.origin,
      accessKey: server.accessKey,
      limitedAccessKey: server.limitedAccessKey,
      networks: fault.networks.join(','),
      operations: fault.operations.join(','),
      runs: '8',
      seed: '1',
      profile,
      engine: 'inline',
      timeoutMs: String(fault.timeoutMs ?? 10_000),
      ...(fault.allowDestructive ? { allowDestructive: true } : {}),
      reportDir: mkdtempSync(join(tmpdir(), 'conformance-report-')),
    });
    const outcome = await withOwnOutputBoundary(() =>
      runConformance({ ...options, fixtures: server.fixtures }, { log: (line) => lines.push(line) }),
    );
    return { outcome, stdout: lines.join('\n'), accessKey: server.accessKey };
  } finally {
    await server.close();
  }
}

/** Whether `report` caught `fault`: at least one of the checks it lists failed or errored on one of its operations. */
export function caught(fault: Fault, report: Report): boolean {
  const listed = new Set(fault.trips.map((t) => `${t.check} ${t.operation}`));
  return checksOf(report).some((r) => isBroken(r) && listed.has(`${r.checkId} ${r.operation}`));
}

/** The faults of the table `profile` does not catch, running `parallel` of them at a time. */
export async function faultsMissed(profile: Profile, parallel: number): Promise<string[]> {
  const missed: string[] = [];
  const queue = [...TABLE_FAULTS];
  const worker = async () => {
    for (let fault = queue.shift(); fault; fault = queue.shift()) {
      const { outcome } = await runAgainst(fault, profile);
      if (!caught(fault, outcome.report)) missed.push(fault.name);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return missed;
}
