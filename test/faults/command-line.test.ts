/**
 * The fault table around its parts: every fault is in exactly one part, and the command line itself, started
 * as a user starts it, finds a fault end to end.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { FAULTS } from '../../src/server/faults.js';
import { startReferenceServer } from '../../src/server/index.js';
import type { RunningReferenceServer } from '../../src/server/types.js';
import { brokenResults, readReport, runCli, targetArgs } from '../support/run-cli.js';
import { PARTS, TABLE_FAULTS, faultsOfPart } from './fault-table.js';

const servers: RunningReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('the fault table', () => {
  it('names each fault once', () => {
    expect(new Set(FAULTS.map((f) => f.name)).size).toBe(FAULTS.length);
  });

  it('runs every fault in exactly one part', () => {
    const dealt = Array.from({ length: PARTS }, (_, i) => faultsOfPart(i + 1)).flat();
    expect(dealt.map((f) => f.name).sort()).toEqual(TABLE_FAULTS.map((f) => f.name).sort());
    for (let part = 1; part <= PARTS; part++) expect(faultsOfPart(part).length).toBeGreaterThan(0);
  });
});

describe('the command line, end to end', () => {
  it('finds a fault: exit 1, and the report names the checks the fault trips', async () => {
    const fault = FAULTS.find((f) => f.name === 'no-auth')!;
    const server = await startReferenceServer({ host: '127.0.0.1', port: 0, faults: [fault.hooks] });
    servers.push(server);
    const target = targetArgs(server);
    const result = await runCli(
      [
        'run',
        ...target.args,
        '--networks',
        fault.networks.join(','),
        '--operations',
        fault.operations.join(','),
        '--runs',
        '2',
        '--seed',
        '1',
      ],
      target.env,
    );
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toContain('✘ FAIL');
    const tripped = new Set(brokenResults(readReport(result.reportDir)).map((r) => r.checkId));
    expect([...tripped].sort()).toEqual([...new Set(fault.trips.map((t) => t.check))].sort());
    expect(result.stdout + result.stderr).not.toContain(server.accessKey);
  }, 240_000);
});
