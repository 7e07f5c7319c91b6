/**
 * Expectations against real servers, as a user gates a pull request: a server breaking one check on one
 * network fails the run; the expectations file written from its report makes the next run pass; the same file
 * against a conformant server fails the run naming the unexpected pass; against a server breaking that check
 * and another, the run fails naming only the new one.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { faultByName } from '../../src/server/faults.js';
import { startReferenceServer } from '../../src/server/index.js';
import type { RunningReferenceServer } from '../../src/server/types.js';
import { readReport, runCliInProcess, targetArgs } from '../support/run-cli.js';

const servers: RunningReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function server(...faults: string[]): Promise<RunningReferenceServer> {
  const started = await startReferenceServer({ host: '127.0.0.1', port: 0, faults: faults.map((f) => faultByName(f)!.hooks) });
  servers.push(started);
  return started;
}

const SCOPE = [
  '--networks',
  'polygon,xai-sepolia',
  '--operations',
  'Marketplace.GetFloorOrder,Marketplace.GetCountOfFilteredCollectibles',
  '--runs',
  '3',
  '--seed',
  '5',
];

async function run(target: RunningReferenceServer, ...extra: string[]) {
  const t = targetArgs(target);
  return runCliInProcess(['run', ...t.args, ...SCOPE, ...extra], t.env);
}

describe('run --expectations', () => {
  it('turns a known failure expected, fails on an unexpected pass, and names only a new failure', async () => {
    const oneBroken = await server('order-chain-id-of-another-network');
    const first = await run(oneBroken);
    expect(first.code, first.stdout).toBe(1);
    expect(first.stdout).toContain('[order-chain-id]');

    const file = join(mkdtempSync(join(tmpdir(), 'expectations-')), 'expectations.json');
    const written = await runCliInProcess(['expectations', first.reportDir, '--out', file]);
    expect(written.code, written.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).expectations).toEqual([
      { check: 'Marketplace.GetFloorOrder:order-chain-id', networks: ['xai-sepolia'], reason: 'TODO' },
    ]);

    const again = await run(oneBroken, '--expectations', file);
    expect(again.code, again.stdout).toBe(0);
    const expected = readReport(again.reportDir);
    expect(expected.verdict).toBe('pass');
    expect(expected.counts.expectedFailures).toBe(1);
    expect(readFileSync(join(again.reportDir, 'report.md'), 'utf8')).toContain('## Expected failures');

    const conformant = await run(await server(), '--expectations', file);
    expect(conformant.code, conformant.stdout).toBe(1);
    expect(conformant.stdout).toContain(
      'Marketplace.GetFloorOrder on xai-sepolia [order-chain-id]: listed as an expected failure (TODO) but passed',
    );
    expect(readReport(conformant.reportDir).counts.unexpectedPasses).toBe(1);
    expect(readFileSync(join(conformant.reportDir, 'junit.xml'), 'utf8')).toContain('type="unexpected-pass"');

    const twoBroken = await run(await server('order-chain-id-of-another-network', 'negative-count'), '--expectations', file);
    expect(twoBroken.code, twoBroken.stdout).toBe(1);
    const named = twoBroken.stdout.split('\n').filter((l) => l.startsWith('  ✘ '));
    expect(named.length).toBeGreaterThan(0);
    for (const line of named) expect(line).toContain(':count-non-negative-integer');
    expect(twoBroken.stdout).not.toMatch(/✘ .*:order-chain-id\b/);
    const report = readReport(twoBroken.reportDir);
    expect(report.counts.expectedFailures).toBe(1);
    expect(report.counts.mustFailed).toBe(2);
  }, 240_000);

  it('refuses an expectations file naming a check or network that does not exist: exit 2, one line, nothing run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'expectations-'));
    const { writeFileSync } = await import('node:fs');
    const file = join(dir, 'e.json');
    writeFileSync(
      file,
      JSON.stringify({ expectations: [{ check: 'Marketplace.GetFloorOrder:order-chain-id', networks: ['atlantis'], reason: 'x' }] }),
    );
    const result = await runCliInProcess(['run', '--expectations', file]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      `conformance: --expectations: ${file} /expectations/0: unknown network slug: atlantis for Marketplace.GetFloorOrder:order-chain-id`,
    ]);
  }, 60_000);
});
