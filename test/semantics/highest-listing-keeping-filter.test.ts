/**
 * The filter checks of GetHighestPriceListingForCollectible always judge one filtered answer when the collectible
 * has a listing: the filter naming that listing's own maker, marketplace and currency, asked every run. The
 * drawn filters alone may all exclude the listing and find nothing, which decides nothing: a conformant server
 * was then reported incomplete under some seeds: with one property run, seed 27 drew a filter that judged
 * nothing on each of polygon, base and xai-sepolia.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { faultByName } from '../../src/server/faults.js';
import { startReferenceServer } from '../../src/server/index.js';
import type { RunningReferenceServer } from '../../src/server/types.js';
import type { Report } from '../../src/report/model.js';
import { readReport, runCliInProcess, targetArgs } from '../support/run-cli.js';

const HIGHEST = 'Marketplace.GetHighestPriceListingForCollectible';
const FILTER_CHECKS = ['highest-listing-honours-filter', 'highest-listing-not-below-filtered'];
const NETWORKS = ['polygon', 'base', 'xai-sepolia'];
/** With one property run, a seed whose drawn filters alone judge nothing on any of NETWORKS. */
const SEED = '27';
const servers: RunningReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function runAgainst(fault?: string): Promise<Report> {
  const server = await startReferenceServer({ host: '127.0.0.1', port: 0, faults: fault ? [faultByName(fault)!.hooks] : [] });
  servers.push(server);
  const target = targetArgs(server);
  const result = await runCliInProcess(
    ['run', ...target.args, '--networks', NETWORKS.join(','), '--operations', HIGHEST, '--runs', '1', '--seed', SEED],
    target.env,
  );
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
