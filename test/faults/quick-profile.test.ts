/**
 * The quick profile's share of the faults: every fault of the table run with `--profile quick`, caught when at
 * least one of the checks it lists fails (or errors) on one of its operations. The full profile catches every
 * one of them with exactly those checks (part-*.test.ts), so the share caught here is the share of what the
 * full profile catches; the quick profile must keep at least 95 % of it.
 */
import { describe, expect, it } from 'vitest';
import { brokenResults } from '../support/run-cli.js';
import { runAgainst, TABLE_FAULTS } from './fault-table.js';
import type { Fault } from '../../src/server/faults.js';

/** The share of the full profile's catches the quick profile must keep. */
const REQUIRED_SHARE = 0.95;

async function caughtByQuick(fault: Fault): Promise<boolean> {
  const { outcome } = await runAgainst(fault, 'quick');
  expect(outcome.report.run.profile).toBe('quick');
  const listed = new Set(fault.trips.map((t) => `${t.check} ${t.operation}`));
  return brokenResults(outcome.report).some((r) => listed.has(`${r.checkId} ${r.operation}`));
}

describe('the quick profile on the fault table', () => {
  it(`catches at least ${REQUIRED_SHARE * 100} % of the faults the full profile catches`, async () => {
    const missed: string[] = [];
    // A few faults at a time: each starts its own reference server; the machine is shared.
    const queue = [...TABLE_FAULTS];
    const worker = async () => {
      for (let fault = queue.shift(); fault; fault = queue.shift()) if (!(await caughtByQuick(fault))) missed.push(fault.name);
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    const share = (TABLE_FAULTS.length - missed.length) / TABLE_FAULTS.length;
    console.log(
      `quick profile: ${TABLE_FAULTS.length - missed.length}/${TABLE_FAULTS.length} faults caught (${(share * 100).toFixed(1)} %)${missed.length ? `; missed: ${missed.join(', ')}` : ''}`,
    );
    expect(share, `missed: ${missed.join(', ')}`).toBeGreaterThanOrEqual(REQUIRED_SHARE);
  }, 900_000);
});
