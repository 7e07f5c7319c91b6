/**
 * The quick profile's share of the full profile's requests. A full run of 39 networks is too slow for a test,
 * so both profiles run every operation on three networks, and each one's requests on 39 networks follow from
 * what each operation (and each service's wire checks) sent per network: the full profile sends on every
 * network what it sends on one; the quick profile sends its home-only checks on one network per operation
 * (src/harness/profile.ts) and on the others what it sends away from home. The units that are not per network
 * are counted once. On the embedded server at seed 7 this estimate is checked against a whole run's numbers
 * in docs/profiles.md.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_SLUGS } from '../src/contract/networks.js';
import { homeNetwork } from '../src/harness/profile.js';
import { withOwnOutputBoundary } from '../src/report/output-boundary.js';
import { checksOf, placeOf } from '../src/report/report-checks.js';
import type { Report } from '../src/report/model.js';
import { parseRunOptions, runConformance } from '../src/runner/run-conformance.js';
import { startReferenceServer } from '../src/server/index.js';

/** The quick profile's requests may be at most this share of the full profile's. */
const REQUIRED_SHARE = 0.15;
const SAMPLE = ['polygon', 'base', 'xai-sepolia'];
const SEED = 7;

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer({ host: '127.0.0.1', port: 0 });
});
afterAll(() => server.close());

async function runProfile(profile: 'full' | 'quick'): Promise<Report> {
  const options = parseRunOptions({
    target: server.origin,
    accessKey: server.accessKey,
    limitedAccessKey: server.limitedAccessKey,
    networks: SAMPLE.join(','),
    seed: SEED,
    profile,
    engine: 'inline',
    // A loaded machine (the whole suite at once) must not turn slow answers into errored checks.
    timeoutMs: 60_000,
    quiet: true,
    reportDir: mkdtempSync(join(tmpdir(), 'conformance-report-')),
  });
  const outcome = await withOwnOutputBoundary(() => runConformance({ ...options, fixtures: server.fixtures }, { log: () => {} }));
  expect(outcome.report.run.profile).toBe(profile);
  return outcome.report;
}

/** Requests of each subject (operation, or service for the wire checks) on each network (`global`: not per network). */
function requestsBySubject(report: Report): Map<string, Map<string, number>> {
  const bySubject = new Map<string, Map<string, number>>();
  for (const check of checksOf(report)) {
    const networks = bySubject.get(check.operation) ?? new Map<string, number>();
    const network = check.network ?? 'global';
    networks.set(network, (networks.get(network) ?? 0) + check.requests);
    bySubject.set(check.operation, networks);
  }
  return bySubject;
}

/** The requests of the run on all 39 networks, from the sample, as explained above. */
function onAllNetworks(report: Report, profile: 'full' | 'quick'): number {
  // The run's own list of networks, in its order: the home network is drawn from it.
  const config = { networks: report.run.networks, seed: SEED, profile };
  let total = 0;
  for (const [subject, networks] of requestsBySubject(report)) {
    if (networks.has('global')) {
      total += networks.get('global')!;
      continue;
    }
    const sent = (slug: string) => networks.get(slug) ?? 0;
    const mean = (slugs: string[]) => slugs.reduce((sum, slug) => sum + sent(slug), 0) / slugs.length;
    if (profile === 'full') total += NETWORK_SLUGS.length * mean(config.networks);
    else {
      const home = homeNetwork(config, subject)!;
      total += sent(home) + (NETWORK_SLUGS.length - 1) * mean(config.networks.filter((slug) => slug !== home));
    }
  }
  return Math.round(total);
}

describe('the quick profile sends a fraction of the full profile’s requests', () => {
  it(`at most ${REQUIRED_SHARE * 100} % of them on all networks and operations`, async () => {
    const full = await runProfile('full');
    const quick = await runProfile('quick');
    for (const report of [full, quick]) {
      // The per-check counts the estimate reads add up to what the run sent.
      expect(checksOf(report).reduce((sum, c) => sum + c.requests, 0)).toBe(report.run.requests);
      const broken = checksOf(report).filter((c) => c.status === 'failed' || c.status === 'errored');
      expect(report.verdict, broken.map((c) => c.message).join('\n')).toBe('pass');
    }
    expect(quick.run.requests).toBeLessThan(full.run.requests);
    // What the quick profile leaves out is not reported, neither as a skip nor as anything else, and the
    // probes it keeps ran once per operation, on its home network.
    const skippedMust = (report: Report) =>
      checksOf(report)
        .filter((c) => c.level === 'MUST' && c.status === 'skipped')
        .map(placeOf);
    const skippedInFull = new Set(skippedMust(full));
    expect(skippedMust(quick).filter((place) => !skippedInFull.has(place))).toEqual([]);
    const probes = checksOf(quick).filter((c) => c.checkId === 'auth-missing-key');
    const probed = probes.filter((c) => c.network !== null);
    expect(probed.length).toBe(new Set(probed.map((c) => c.operation)).size);
    for (const c of probed) expect(c.network).toBe(homeNetwork({ ...quick.run, profile: 'quick' }, c.operation));
    expect(checksOf(full).filter((c) => c.checkId === 'auth-missing-key').length).toBeGreaterThan(probes.length);
    const [fullAll, quickAll] = [onAllNetworks(full, 'full'), onAllNetworks(quick, 'quick')];
    const share = quickAll / fullAll;
    console.log(
      `requests on ${SAMPLE.length} networks: full ${full.run.requests}, quick ${quick.run.requests}; on ${NETWORK_SLUGS.length} networks: full ≈ ${fullAll}, quick ≈ ${quickAll} (${(share * 100).toFixed(1)} %)`,
    );
    expect(share).toBeLessThanOrEqual(REQUIRED_SHARE);
  }, 600_000);
});
