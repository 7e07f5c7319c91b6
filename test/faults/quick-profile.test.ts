/**
 * The quick profile's share of the faults: every fault of the table run with `--profile quick`, caught when at
 * least one of the checks it lists fails (or errors) on one of its operations. The full profile catches every
 * one of them with exactly those checks (part-*.test.ts), so the share caught here is the share of what the
 * full profile catches; the quick profile must keep at least 95 % of it.
 */
import { describe, expect, it } from 'vitest';
import { caught, faultsMissed, runAgainst, TABLE_FAULTS } from '../support/fault-run.js';

/** The share of the full profile's catches the quick profile must keep. */
const REQUIRED_SHARE = 0.95;

describe('the quick profile on the fault table', () => {
  it(`catches at least ${REQUIRED_SHARE * 100} % of the faults the full profile catches`, async () => {
    // A few faults at a time: each starts its own reference server, and the machine is shared.
    const missed = await faultsMissed('quick', 4);
    const share = (TABLE_FAULTS.length - missed.length) / TABLE_FAULTS.length;
    console.log(
      `quick profile: ${TABLE_FAULTS.length - missed.length}/${TABLE_FAULTS.length} faults caught (${(share * 100).toFixed(1)} %)${missed.length ? `; missed: ${missed.join(', ')}` : ''}`,
    );
    expect(share, `missed: ${missed.join(', ')}`).toBeGreaterThanOrEqual(REQUIRED_SHARE);
  }, 900_000);

  it('records the profile, and a fault it leaves uncaught counts as missed', async () => {
    const fault = TABLE_FAULTS.find((f) => f.name === 'get-accepted')!;
    const { outcome } = await runAgainst(fault, 'quick');
    expect(outcome.report.run.profile).toBe('quick');
    expect(caught(fault, outcome.report)).toBe(true);
    // The same report judged against a fault whose checks it did not break: not caught.
    expect(caught({ ...fault, trips: [{ check: 'response-schema', operation: fault.operations[0]! }] }, outcome.report)).toBe(false);
  }, 120_000);
});
