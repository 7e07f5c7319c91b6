/**
 * The profile option and what the quick profile leaves out: read from the flag, CONFORMANCE_PROFILE or the
 * config file like every option; refused when unknown; one home network per operation, drawn from the seed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/main.js';
import { UsageError } from '../../src/config/usage-error.js';
import { atHome, homeNetwork, judgedEnough, profileHidesSkip, profileRuns, samplesHere, shrinkSteps } from '../../src/harness/profile.js';
import { parseRunOptions } from '../../src/runner/run-options.js';

async function runOptions(argv: string[]): Promise<Record<string, unknown>> {
  const program = buildProgram({ log: () => {}, error: () => {} });
  let received: Record<string, unknown> = {};
  program.commands
    .find((c) => c.name() === 'run')!
    .action((raw: Record<string, unknown>) => {
      received = raw;
    });
  await program.parseAsync(['run', ...argv], { from: 'user' });
  return received;
}

afterEach(() => {
  delete process.env['CONFORMANCE_PROFILE'];
});

describe('--profile', () => {
  it('defaults to full and takes quick from the flag, the environment or the config file', async () => {
    expect(parseRunOptions({}).profile).toBe('full');
    expect(parseRunOptions(await runOptions(['--profile', 'quick'])).profile).toBe('quick');
    process.env['CONFORMANCE_PROFILE'] = 'quick';
    expect(parseRunOptions(await runOptions([])).profile).toBe('quick');
    delete process.env['CONFORMANCE_PROFILE'];
    const file = join(mkdtempSync(join(tmpdir(), 'conformance-config-')), 'config.json');
    writeFileSync(file, JSON.stringify({ run: { profile: 'quick' } }));
    expect(parseRunOptions(await runOptions(['--config', file])).profile).toBe('quick');
    expect(parseRunOptions({ profile: 'full' }).profile).toBe('full');
  });

  it('refuses an unknown profile with one line naming the choices', () => {
    expect(() => parseRunOptions({ profile: 'fast' })).toThrow(UsageError);
    expect(() => parseRunOptions({ profile: 'fast' })).toThrow('--profile: expected one of full, quick, got "fast"');
  });
});

describe('the quick profile', () => {
  const networks = ['polygon', 'base', 'xai-sepolia', 'amoy'];
  const quick = { networks, seed: 7, profile: 'quick' as const };
  const full = { networks, seed: 7, profile: 'full' as const };
  const op = 'Marketplace.GetFloorOrder';

  it('gives each operation one home network among the run’s, the same for the same seed', () => {
    const home = homeNetwork(quick, op)!;
    expect(networks).toContain(home);
    expect(homeNetwork(quick, op)).toBe(home);
    expect(networks.filter((n) => atHome(quick, op, n))).toEqual([home]);
    expect(atHome(quick, op, null)).toBe(true);
    // Over seeds the home moves: runs with other seeds probe other networks.
    const homes = new Set(Array.from({ length: 40 }, (_, seed) => homeNetwork({ ...quick, seed }, op)));
    expect(homes.size).toBeGreaterThan(1);
  });

  it('runs the network-independent probes at home only, and the network-data checks everywhere', () => {
    const home = homeNetwork(quick, op)!;
    const away = networks.find((n) => n !== home)!;
    for (const id of ['auth-missing-key', 'malformed-json', 'bad-method', 'valid-request-not-5xx', 'invalid-request-4xx']) {
      expect(profileRuns(quick, id, op, home)).toBe(true);
      expect(profileRuns(quick, id, op, away)).toBe(false);
      expect(profileRuns(full, id, op, away)).toBe(true);
    }
    for (const id of ['response-schema', 'floor-order-not-above-token-listings', 'error-body-schema']) {
      expect(profileRuns(quick, id, op, away)).toBe(true);
    }
    expect(profileHidesSkip(quick, 'error-body-schema', op, away)).toBe(true);
    expect(profileHidesSkip(quick, 'error-body-schema', op, home)).toBe(false);
    expect(profileHidesSkip(full, 'error-body-schema', op, away)).toBe(false);
    expect(profileHidesSkip(quick, 'response-schema', op, away)).toBe(false);
  });

  it('judges once and samples once away from home, and bounds shrinking', () => {
    const home = homeNetwork(quick, op)!;
    const away = networks.find((n) => n !== home)!;
    expect(judgedEnough(quick, op, away)).toBe(1);
    expect(judgedEnough(quick, op, home)).toBe(Number.POSITIVE_INFINITY);
    expect(judgedEnough(full, op, away)).toBe(Number.POSITIVE_INFINITY);
    expect(samplesHere(quick, op, away, 6)).toBe(1);
    expect(samplesHere(quick, op, home, 6)).toBe(6);
    expect(samplesHere(full, op, away, 6)).toBe(6);
    expect(shrinkSteps(quick)).toBeGreaterThan(0);
    expect(shrinkSteps(full)).toBeUndefined();
  });
});
