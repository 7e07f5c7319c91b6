/**
 * The fault table, run: for each named fault the suite runs against a reference server broken in exactly
 * that way, and exactly the checks the fault lists fail — on the operations and networks it names, with a
 * message that names them and a JSON pointer. Together with test/certify.test.ts (the clean server fails
 * nothing) this proves every check both ways.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRunOptions, runConformance } from '../src/runner/run-conformance.js';
import { FAULTS, type Fault } from '../src/server/faults.js';
import { startReferenceServer } from '../src/server/index.js';
import type { RunningReferenceServer } from '../src/server/types.js';
import { brokenResults, readReport, runCli, targetArgs } from './support/run-cli.js';

const servers: RunningReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** `check operation network` for every expected trip, a trip without a network standing for all of them. */
function expectedKeys(fault: Fault, globalSubjects: ReadonlySet<string>): string[] {
  return fault.trips.flatMap((t) => {
    if (t.network) return [`${t.check} ${t.operation} ${t.network}`];
    if (globalSubjects.has(t.operation)) return [`${t.check} ${t.operation} global`];
    return fault.networks.map((n) => `${t.check} ${t.operation} ${n}`);
  });
}

describe.concurrent('each fault is caught by exactly the checks it names', () => {
  // Faults caught only by comparing with a chain node run in test/chain-node.test.ts, against a local node.
  for (const fault of FAULTS.filter((f) => !f.chainNode)) {
    it(
      fault.name,
      async () => {
        // The runner as a library, one reference server per fault: the command line around it is proven once,
        // below, rather than started again for every fault.
        const server = await startReferenceServer({ host: '127.0.0.1', port: 0, faults: [fault.hooks] });
        servers.push(server);
        const lines: string[] = [];
        const options = parseRunOptions({
          target: server.origin,
          accessKey: server.accessKey,
          limitedAccessKey: server.limitedAccessKey,
          networks: fault.networks.join(','),
          operations: fault.operations.join(','),
          runs: '8',
          seed: '1',
          timeoutMs: String(fault.timeoutMs ?? 10_000),
          reportDir: mkdtempSync(join(tmpdir(), 'conformance-report-')),
        });
        const outcome = await runConformance({ ...options, fixtures: server.fixtures }, { log: (line) => lines.push(line) });
        await server.close();
        const report = outcome.report;
        const result = { code: outcome.exitCode, stdout: lines.join('\n'), stderr: '' };
        const broken = brokenResults(report);
        const globalSubjects = new Set(report.global.operations.map((o) => o.operation));
        const actual = [...new Set(broken.map((r) => `${r.checkId} ${r.operation} ${r.network ?? 'global'}`))].sort();
        expect(actual, `${fault.name}: ${fault.description}\n${broken.map((r) => r.message).join('\n')}`).toEqual(
          [...new Set(expectedKeys(fault, globalSubjects))].sort(),
        );
        const mustBroken = broken.some((r) => r.level === 'MUST');
        expect(result.code, result.stdout + result.stderr).toBe(mustBroken ? 1 : 0);
        for (const r of broken) {
          expect(r.message).toContain(r.operation);
          expect(r.message).toContain(`[${r.checkId}]`);
          if (r.network) expect(r.message).toContain(r.network);
          if (r.status === 'failed') expect(r.pointer, r.message).toBeDefined();
          expect(r.reproduction ?? '').not.toContain(server.accessKey);
          // Failing Builder answers carry contacts: their personal data must be gone from the evidence.
          expect(JSON.stringify(r.exchange ?? {})).not.toMatch(/@example\.com/);
          expect(JSON.stringify(r.exchange ?? {})).not.toContain(server.accessKey);
        }
      },
      240_000,
    );
  }
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

describe('the fault table', () => {
  it('names each fault once', () => {
    expect(new Set(FAULTS.map((f) => f.name)).size).toBe(FAULTS.length);
  });
});
