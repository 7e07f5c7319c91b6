/**
 * What a user sees in the terminal, run as a user runs it (a child process, stdout not a TTY) against a
 * server with named faults: the failures grouped by check key with their networks and a reproduction line,
 * the SHOULD findings after them, --quiet, --verbose, colour, and --checks narrowing the run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultByName } from '../../src/server/faults.js';
import { startReferenceServer } from '../../src/server/index.js';
import type { RunningReferenceServer } from '../../src/server/types.js';
import { brokenResults, readReport, runCliInProcess, targetArgs } from '../support/run-cli.js';

const FAULTS = ['wrong-field-type', 'verbose-error-message'];
let server: RunningReferenceServer;
let target: { args: string[]; env: Record<string, string> };
const scope = ['--operations', 'Marketplace.GetFloorOrder', '--networks', 'polygon,xai-sepolia', '--runs', '2', '--seed', '3'];

beforeAll(async () => {
  server = await startReferenceServer({ faults: FAULTS.map((name) => faultByName(name)!.hooks) });
  target = targetArgs(server);
});
afterAll(async () => {
  await server.close();
});

describe.concurrent('the terminal after a failing run', () => {
  it('lists each failing check once with its networks and reproduction, MUST before SHOULD, without colour under NO_COLOR', async () => {
    const result = await runCliInProcess(['run', ...target.args, ...scope], target.env);
    expect(result.code, result.stderr).toBe(1);
    const out = result.stdout;
    expect(out).toMatch(/^✘ polygon\s+\d+ passed\s+\d+ MUST failed/m);
    expect(out).toMatch(/MUST failures — \d+ checks?/);
    expect(out).toMatch(/^ {2}✘ Marketplace\.GetFloorOrder:response-schema — 2 networks: polygon, xai-sepolia$/m);
    expect(out).toMatch(/^ {6}Marketplace\.GetFloorOrder on polygon \[response-schema\] at \/collectible\/order\/chainId: /m);
    expect(out).toMatch(/^ {6}reproduce: curl .*\/marketplace\/polygon\/rpc\/Marketplace\/GetFloorOrder/m);
    expect(out).toMatch(/SHOULD findings — \d+ checks? \(reported; they fail the run only with --strict\)/);
    expect(out).toMatch(/^ {2}⚠ Marketplace\.GetFloorOrder:error-default-message — 2 networks: polygon, xai-sepolia$/m);
    expect(out.indexOf('MUST failures')).toBeLessThan(out.indexOf('SHOULD findings'));
    expect(out).toMatch(/✘ FAIL — \d+ passed, \d+ MUST failed\/errored/);
    expect(out).not.toContain('\x1b');
    expect(out).not.toContain(server.accessKey);
  }, 240_000);

  it('--quiet prints the verdict line only; FORCE_COLOR colours it', async () => {
    const result = await runCliInProcess(['run', ...target.args, ...scope, '--quiet'], { ...target.env, FORCE_COLOR: '1' });
    expect(result.code, result.stderr).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('\x1b[31m');
    expect(lines[0]).toMatch(/FAIL.* — \d+ passed, \d+ MUST failed\/errored/);
  }, 240_000);

  // Each engine hands the checks' lines to the terminal its own way (the thread's stdout, or the run's collector).
  it.each(['thread', 'inline'])(
    '--verbose prints every request (%s engine); --checks reports only the chosen checks',
    async (engine) => {
      const result = await runCliInProcess(
        ['run', ...target.args, ...scope, '--verbose', '--checks', 'response-schema,auth-missing-key', '--engine', engine],
        target.env,
      );
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toMatch(
        /^→ POST http:\/\/127\.0\.0\.1:\d+\/marketplace\/(polygon|xai-sepolia)\/rpc\/Marketplace\/GetFloorOrder \[response-schema\] 200 \d+ ms$/m,
      );
      expect(result.stdout).toMatch(/\[auth-missing-key\] 401/);
      expect(result.stdout).not.toContain(server.accessKey);
      const report = readReport(result.reportDir);
      const ids = new Set(
        [...report.networks.flatMap((n) => n.operations), ...report.global.operations].flatMap((o) => o.checks.map((c) => c.checkId)),
      );
      expect([...ids].sort()).toEqual(['auth-missing-key', 'response-schema']);
      expect(report.run.checks).toEqual(['response-schema', 'auth-missing-key']);
      expect(result.stdout).toContain('only the chosen checks ran (2 checks): response-schema, auth-missing-key');
      expect(brokenResults(report).map((r) => r.key)).toEqual([
        'Marketplace.GetFloorOrder:response-schema',
        'Marketplace.GetFloorOrder:response-schema',
      ]);
    },
    240_000,
  );

  it('--skip-checks leaves the skipped check out and the failure it would have shown with it', async () => {
    const result = await runCliInProcess(
      ['run', ...target.args, ...scope, '--skip-checks', 'response-schema,valid-request-not-5xx'],
      target.env,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('✔ PASS');
    const report = readReport(result.reportDir);
    const ids = report.networks.flatMap((n) => n.operations).flatMap((o) => o.checks.map((c) => c.checkId));
    expect(ids).not.toContain('response-schema');
    expect(ids).toContain('auth-missing-key');
  }, 240_000);
});
