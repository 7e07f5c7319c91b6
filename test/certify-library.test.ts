/**
 * certify() both ways, in-process: a conformant server passes, a broken one fails with the check that caught
 * it; bad options are refused like the command line refuses them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certify } from '../src/lib/index.js';
import { FAULTS } from '../src/server/faults.js';
import { startReferenceServer } from '../src/server/index.js';
import type { RunningReferenceServer } from '../src/server/types.js';
import { runCliInProcess } from './support/run-cli.js';

const FLOOR = 'Marketplace.GetFloorOrder';
let clean: RunningReferenceServer;
let broken: RunningReferenceServer;

beforeAll(async () => {
  clean = await startReferenceServer({ host: '127.0.0.1', port: 0 });
  broken = await startReferenceServer({ host: '127.0.0.1', port: 0, faults: [FAULTS.find((f) => f.name === 'wrong-field-type')!.hooks] });
});
afterAll(async () => {
  await Promise.all([clean?.close(), broken?.close()]);
});

function options(server: RunningReferenceServer) {
  const dir = mkdtempSync(join(tmpdir(), 'certify-'));
  writeFileSync(join(dir, 'fixtures.json'), JSON.stringify(server.fixtures));
  return {
    target: server.origin,
    accessKey: server.accessKey,
    fixtures: join(dir, 'fixtures.json'),
    reportDir: join(dir, 'report'),
    networks: ['polygon'],
    operations: [FLOOR],
    runs: 2,
    seed: 3,
  };
}

describe('certify()', () => {
  it('resolves to a passing report for a conformant server', async () => {
    const report = await certify(options(clean));
    expect(report.verdict).toBe('pass');
    expect(report.networks.map((n) => n.slug)).toEqual(['polygon']);
  }, 120_000);

  it('resolves to a failing report naming the check for a broken one', async () => {
    const report = await certify(options(broken));
    expect(report.verdict).toBe('fail');
    const failed = report.networks
      .flatMap((n) => n.operations)
      .flatMap((o) => o.checks)
      .filter((c) => c.status === 'failed');
    expect(failed.map((c) => c.key)).toContain(`${FLOOR}:response-schema`);
  }, 120_000);

  it('refuses options the command line refuses, with its message', async () => {
    await expect(certify({ networks: ['nowhere'] })).rejects.toThrow('--networks: unknown network slug: nowhere');
    await expect(certify({ target: clean.origin })).rejects.toThrow(/a target needs an access key/);
    await expect(certify({ networks: [] })).rejects.toThrow('--networks: empty');
  });

  it('checks the typed options themselves, with the messages of the flags they stand for', async () => {
    const cli = await runCliInProcess(['run', '--runs', '1.5']);
    expect(cli.stderr).toContain('--runs: expected a whole number, got "1.5"');
    await expect(certify({ runs: 1.5 })).rejects.toThrow('--runs: expected a whole number, got 1.5');
    await expect(certify({ runs: 0 })).rejects.toThrow('--runs: must be between 1 and 10000, got 0');
    await expect(certify({ network: ['polygon'] } as never)).rejects.toThrow('certify: unknown option: network');
    await expect(certify({ engine: 'fast' as never })).rejects.toThrow('--engine: expected one of thread, inline, vitest, got "fast"');
  });
});
