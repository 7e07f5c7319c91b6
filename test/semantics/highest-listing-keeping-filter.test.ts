/**
 * The filter checks of GetHighestPriceListingForCollectible always judge one filtered answer when the collectible
 * has a listing: the filter naming that listing's own maker, marketplace and currency, asked every run. The
 * drawn filters alone may all exclude the listing and find nothing, which decides nothing: a conformant server
 * was then reported incomplete under some seeds: with one property run, seed 27 drew a filter that judged
 * nothing on each of polygon, base and xai-sepolia.
 */
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/model.js';
import { runOnReferenceServer } from '../support/reference-run.js';
import { readReport } from '../support/run-cli.js';

const HIGHEST = 'Marketplace.GetHighestPriceListingForCollectible';
const FILTER_CHECKS = ['highest-listing-honours-filter', 'highest-listing-not-below-filtered'];
const NETWORKS = ['polygon', 'base', 'xai-sepolia'];
/** With one property run, a seed whose drawn filters alone judge nothing on any of NETWORKS. */
const SEED = '27';

async function runAgainst(fault?: string): Promise<Report> {
  const result = await runOnReferenceServer(fault, [
    '--networks',
    NETWORKS.join(','),
    '--operations',
    HIGHEST,
    '--runs',
    '1',
    '--seed',
    SEED,
  ]);
  expect(result.code, result.stdout + result.stderr).toBe(fault ? 1 : 0);
  return readReport(result.reportDir);
}

const filterChecks = (report: Report) =>
  report.networks
    .flatMap((n) => n.operations.flatMap((o) => o.checks.map((c) => ({ ...c, network: n.slug, operation: o.operation }))))
    .filter((c) => FILTER_CHECKS.includes(c.checkId));

describe('the filter that keeps the highest listing', () => {
  it('is judged by both filter checks against a conformant server, whatever the drawn filters find', async () => {
    const checks = filterChecks(await runAgainst());
    expect(checks.map((c) => `${c.network} ${c.checkId} ${c.status}`).sort()).toEqual(
      NETWORKS.flatMap((network) => FILTER_CHECKS.map((id) => `${network} ${id} passed`)).sort(),
    );
  });

  it('catches a server whose filtered requests find nothing, on the first request, naming operation, network, check and pointer', async () => {
    const checks = filterChecks(await runAgainst('highest-listing-filtered-finds-nothing'));
    const honours = checks.find((c) => c.checkId === 'highest-listing-honours-filter' && c.network === 'polygon')!;
    expect(honours).toMatchObject({ status: 'failed', network: 'polygon', operation: HIGHEST });
    expect(honours.message).toMatch(/keeps the unfiltered highest listing, yet the filtered request found none/);
    expect(honours.pointer).toBe('/order');
  });
});
