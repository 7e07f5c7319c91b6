/**
 * The removal rules of RemoveAudienceContacts always judge a removal when an audience has contacts: when the
 * drawn model runs made none, or never repeated one (one property run, seed 11, drew neither), a removal and its
 * repeat are played once more. A conformant server passes the three rules; one that refuses a repeated removal
 * is caught under the same seed (a SHOULD finding).
 */
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/model.js';
import { runOnReferenceServer } from '../support/reference-run.js';
import { readReport } from '../support/run-cli.js';

const REMOVE = 'Builder.RemoveAudienceContacts';
const RULES = ['remove-contacts-removes', 'remove-contacts-count', 'remove-contacts-idempotent'];
/** With one property run, a seed whose drawn model run makes no removal it repeats. */
const SEED = '11';
async function runAgainst(fault?: string): Promise<Report> {
  const args = ['--networks', 'polygon', '--operations', REMOVE, '--runs', '1', '--seed', SEED, '--allow-destructive'];
  const result = await runOnReferenceServer(fault, args);
  // remove-contacts-idempotent is a SHOULD: its finding is reported without failing the run.
  expect(result.code, result.stdout + result.stderr).toBe(0);
  return readReport(result.reportDir);
}

const ruleResults = (report: Report) =>
  report.global.operations
    .filter((o) => o.operation === REMOVE)
    .flatMap((o) => o.checks)
    .filter((c) => RULES.includes(c.checkId));

describe('a removal and its repeat, played when the drawn runs judged none', () => {
  it('judge the three removal rules of a conformant server with one property run', async () => {
    const results = ruleResults(await runAgainst());
    expect(results.map((c) => `${c.checkId} ${c.status}`).sort()).toEqual(RULES.map((id) => `${id} passed`).sort());
  });

  it('catch a server that refuses a repeated removal, naming operation, check and pointer', async () => {
    const results = ruleResults(await runAgainst('repeated-removal-refused'));
    const idempotent = results.find((c) => c.checkId === 'remove-contacts-idempotent')!;
    expect(idempotent).toMatchObject({ status: 'failed', level: 'SHOULD' });
    expect(idempotent.message).toMatch(/Builder\.RemoveAudienceContacts .*\[remove-contacts-idempotent\]/);
    expect(idempotent.message).toMatch(/already gone should be answered 200/);
    expect(idempotent.pointer).toBe('');
  });
});
