/**
 * The fault table, run: for each named fault the suite runs against a reference server broken in exactly
 * that way, and exactly the checks the fault lists fail — on the operations and networks it names, with a
 * message that names them and a JSON pointer. Together with test/certify.test.ts (the clean server fails
 * nothing) this proves every check both ways. The faults are dealt into `PARTS` test files of about equal
 * work, as vitest runs files, not tests, side by side.
 */
import { describe, expect, it } from 'vitest';
import type { Fault } from '../../src/server/faults.js';
import { runAgainst, TABLE_FAULTS } from '../support/fault-run.js';
import { brokenResults } from '../support/run-cli.js';

export const PARTS = 3;

export { TABLE_FAULTS };

/** What a fault's self-test costs, roughly: its operation × network units, and the waiting of a fault that hangs. */
const workOf = (fault: Fault): number => fault.operations.length * fault.networks.length + (fault.timeoutMs ? 4 : 0);

/**
 * The faults of part `part` (1-based): the heaviest first, each to the part with the least work so far (ties to
 * the lowest part), so that the parts are even and a fault's part changes only when the table does.
 */
export function faultsOfPart(part: number): Fault[] {
  const parts: { work: number; faults: Fault[] }[] = Array.from({ length: PARTS }, () => ({ work: 0, faults: [] }));
  const heaviestFirst = [...TABLE_FAULTS].sort((a, b) => workOf(b) - workOf(a) || a.name.localeCompare(b.name));
  for (const fault of heaviestFirst) {
    const lightest = parts.reduce((min, p) => (p.work < min.work ? p : min));
    lightest.work += workOf(fault);
    lightest.faults.push(fault);
  }
  return parts[part - 1]!.faults;
}

/** `check operation network` for every expected trip, a trip without a network standing for all of them. */
function expectedKeys(fault: Fault, globalSubjects: ReadonlySet<string>): string[] {
  return fault.trips.flatMap((t) => {
    if (t.network) return [`${t.check} ${t.operation} ${t.network}`];
    if (globalSubjects.has(t.operation)) return [`${t.check} ${t.operation} global`];
    return fault.networks.map((n) => `${t.check} ${t.operation} ${n}`);
  });
}

/** The tests of part `part`: each of its faults is caught by exactly the checks it names. */
export function describeFaultsOfPart(part: number): void {
  describe.concurrent(`each fault is caught by exactly the checks it names (part ${part} of ${PARTS})`, () => {
    for (const fault of faultsOfPart(part)) {
      it(
        fault.name,
        async () => {
          const { outcome, stdout, accessKey } = await runAgainst(fault);
          const report = outcome.report;
          const broken = brokenResults(report);
          const globalSubjects = new Set(report.global.operations.map((o) => o.operation));
          const actual = [...new Set(broken.map((r) => `${r.checkId} ${r.operation} ${r.network ?? 'global'}`))].sort();
          expect(actual, `${fault.name}: ${fault.description}\n${broken.map((r) => r.message).join('\n')}`).toEqual(
            [...new Set(expectedKeys(fault, globalSubjects))].sort(),
          );
          const mustBroken = broken.some((r) => r.level === 'MUST');
          expect(outcome.exitCode, stdout).toBe(mustBroken ? 1 : 0);
          for (const r of broken) {
            expect(r.message).toContain(r.operation);
            expect(r.message).toContain(`[${r.checkId}]`);
            if (r.network) expect(r.message).toContain(r.network);
            if (r.status === 'failed') expect(r.pointer, r.message).toBeDefined();
            expect(r.reproduction ?? '').not.toContain(accessKey);
            // Failing Builder answers carry contacts: their personal data must be gone from the evidence.
            expect(JSON.stringify(r.exchange ?? {})).not.toMatch(/@example\.com/);
            expect(JSON.stringify(r.exchange ?? {})).not.toContain(accessKey);
          }
        },
        240_000,
      );
    }
  });
}
