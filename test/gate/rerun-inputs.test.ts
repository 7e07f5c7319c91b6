/**
 * Reruns that remember: a run against a server behind a reverse proxy at /staging, with fixtures, then
 * `rerun REPORT --target <origin>/staging` with no other flag repeats exactly the failed checks with the same
 * inputs. Bases with a secret path are never stored and the rerun names the flag to give again; a rerun's exit
 * code follows the run's rule.
 */
import { createServer, request, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBroken } from '../../src/report/broken-checks.js';
import type { CheckResult, Report } from '../../src/report/model.js';
import { faultByName } from '../../src/server/faults.js';
import { startReferenceServer } from '../../src/server/index.js';
import type { RunningReferenceServer } from '../../src/server/types.js';
import { checksOf } from '../../src/report/report-checks.js';
import { judgeRerun, planRerun, rerunExitCode } from '../../src/gate/rerun.js';
import { hasSecretPath } from '../../src/report/run-inputs.js';
import { readReport, runCliInProcess, type CliResult } from '../support/run-cli.js';

const SCOPE = ['--networks', 'polygon,base', '--operations', 'Marketplace.GetCountOfFilteredCollectibles,API.GetSwapPrice', '--runs', '2'];

/** A reverse proxy: /staging/* is forwarded to `origin` without its prefix; anything else is a 404. */
async function stagingProxy(origin: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    if (!req.url?.startsWith('/staging/')) {
      res.writeHead(404).end('not behind /staging');
      return;
    }
    const upstream = request(`${origin}${req.url.slice('/staging'.length)}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const failedPlaces = (report: Report): string[] =>
  checksOf(report)
    .filter(isBroken)
    .map((c) => `${c.key}@${c.network} ${c.status}`)
    .sort();

let broken: RunningReferenceServer;
let proxy: { origin: string; server: Server };
let fixturesFile: string;
let first: CliResult;
let env: Record<string, string>;

beforeAll(async () => {
  broken = await startReferenceServer({ host: '127.0.0.1', port: 0, faults: [faultByName('one-broken-network')!.hooks] });
  proxy = await stagingProxy(broken.origin);
  fixturesFile = join(mkdtempSync(join(tmpdir(), 'fixtures-')), 'fixtures.json');
  writeFileSync(fixturesFile, JSON.stringify(broken.fixtures));
  env = { CONFORMANCE_ACCESS_KEY: broken.accessKey, CONFORMANCE_LIMITED_ACCESS_KEY: broken.limitedAccessKey };
  first = await runCliInProcess(['run', '--target', `${proxy.origin}/staging`, '--fixtures', fixturesFile, ...SCOPE, '--seed', '5'], env);
}, 240_000);

afterAll(async () => {
  await new Promise((resolve) => proxy?.server.close(resolve));
  await broken?.close();
});

describe('a run behind a reverse proxy at /staging', () => {
  it('records its bases with their path, its files with their digests, and that a limited key was given', () => {
    expect(first.code, first.stdout + first.stderr).toBe(1);
    const report = readReport(first.reportDir);
    expect(report.run.targets.marketplace).toBe(`${proxy.origin}/staging/marketplace`);
    expect(report.run.inputs).toMatchObject({ fixtures: { file: fixturesFile }, limitedKey: true, timeoutMs: 10_000 });
    expect(report.run.inputs?.fixtures?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(report.run.inputs?.secretBases).toBeUndefined();
    const failure = checksOf(report).find(isBroken)!;
    expect(failure.reproduction).toContain(`'${proxy.origin}/staging/marketplace/base/rpc/Marketplace/GetCountOfFilteredCollectibles'`);
    expect(readFileSync(join(first.reportDir, 'report.json'), 'utf8')).not.toContain(broken.limitedAccessKey);
  });

  it('reruns with --target <origin>/staging alone: the same failed checks, the fixtures read again', async () => {
    const before = readReport(first.reportDir);
    const rerunDir = mkdtempSync(join(tmpdir(), 'rerun-'));
    const rerun = await runCliInProcess(['rerun', first.reportDir, '--target', `${proxy.origin}/staging`, '--report-dir', rerunDir], env);
    expect(rerun.code, rerun.stdout + rerun.stderr).toBe(1);
    const lines = rerun.stdout.split('\n').filter((l) => /^(STILL FAILING|FIXED|ERRORED|NOT RUN) /.test(l));
    expect(lines.length).toBe(checksOf(before).filter(isBroken).length);
    for (const line of lines) expect(line).toMatch(/^STILL FAILING +MUST Marketplace\.GetCountOfFilteredCollectibles:.* on base: /);
    const again = readReport(rerunDir);
    expect(failedPlaces(again)).toEqual(failedPlaces(before));
    expect(again.run.inputs?.fixtures).toEqual(before.run.inputs?.fixtures);
    // The unit it repeated judged every check as the first run did: the same fixtures gave the same skips.
    const unit = (r: Report) =>
      checksOf(r)
        .filter((c) => c.network === 'base' && c.operation === 'Marketplace.GetCountOfFilteredCollectibles')
        .map((c) => `${c.checkId} ${c.status}`);
    expect(unit(again)).toEqual(unit(before));
  }, 240_000);

  it('reruns against the stored bases when no target is given (the path kept, not redacted)', async () => {
    const rerun = await runCliInProcess(['rerun', first.reportDir, '--report-dir', mkdtempSync(join(tmpdir(), 'rerun-'))], env);
    expect(rerun.code, rerun.stdout + rerun.stderr).toBe(1);
    expect(rerun.stdout).toMatch(/^STILL FAILING +MUST /m);
  }, 240_000);
});

describe('what a rerun cannot take from the report', () => {
  const withRun = (run: Partial<Report['run']>): string => {
    const report = readReport(first.reportDir);
    const dir = mkdtempSync(join(tmpdir(), 'crafted-'));
    writeFileSync(join(dir, 'report.json'), JSON.stringify({ ...report, run: { ...report.run, ...run } }));
    return dir;
  };

  it('a base with a secret path is not stored: the rerun names the flag to give again (exit 2, one line)', async () => {
    const report = readReport(first.reportDir);
    const dir = withRun({
      targets: { ...report.run.targets, relayer: 'http://127.0.0.1:1[redacted]' },
      inputs: { ...report.run.inputs!, secretBases: ['relayer'] },
    });
    const result = await runCliInProcess(['rerun', dir], env);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      'conformance: rerun: the report does not store this base (a secret path): give --relayer-url again, or --target',
    );
    expect(() => planRerun(dir, { relayerUrl: `${proxy.origin}/staging/relayer/{network}` })).not.toThrow();
  });

  it('a fixtures file that is gone is named, with the flag to give (exit 2); a changed one is noted', async () => {
    const report = readReport(first.reportDir);
    const gone = withRun({ inputs: { ...report.run.inputs!, fixtures: { file: '/nonexistent/fixtures.json', sha256: '0'.repeat(64) } } });
    const result = await runCliInProcess(['rerun', gone], env);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      'conformance: rerun: the run read --fixtures /nonexistent/fixtures.json, which cannot be read from here: give --fixtures again',
    );
    const changed = withRun({ inputs: { ...report.run.inputs!, fixtures: { file: fixturesFile, sha256: '0'.repeat(64) } } });
    expect(planRerun(changed, { limitedAccessKey: 'k' }).notes).toEqual([
      `note: ${fixturesFile} changed since the run (its sha256 differs): the re-run reads it as it is now`,
    ]);
    expect(planRerun(changed, {}).raw.fixtures).toBe(fixturesFile);
  });

  it('a fixtures pipe brought text that is not kept: the rerun names the flag to give again (exit 2, one line)', async () => {
    const report = readReport(first.reportDir);
    const piped = { file: '/dev/fd/63', sha256: report.run.inputs!.fixtures!.sha256, piped: true as const };
    const dir = withRun({ inputs: { ...report.run.inputs!, fixtures: piped } });
    const result = await runCliInProcess(['rerun', dir], env);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      'conformance: rerun: the run read --fixtures from a pipe (/dev/fd/63), whose text is not kept: give --fixtures again',
    );
    expect(planRerun(dir, { fixtures: fixturesFile, limitedAccessKey: 'k' }).raw.fixtures).toBe(fixturesFile);
  });

  it('a report with nothing to re-run says so, though its inputs cannot be read here (exit 0)', async () => {
    const gone = join(mkdtempSync(join(tmpdir(), 'fixtures-')), 'fixtures.json');
    writeFileSync(gone, JSON.stringify(broken.fixtures));
    const passed = await runCliInProcess(
      ['run', '--target', broken.origin, '--fixtures', gone, '--networks', 'polygon', '--operations', 'API.GetSwapPrice'],
      env,
    );
    expect(passed.code, passed.stdout + passed.stderr).toBe(0);
    rmSync(gone);
    const rerun = await runCliInProcess(['rerun', passed.reportDir], env);
    expect(rerun.code, rerun.stdout + rerun.stderr).toBe(0);
    expect(rerun.stdout).toContain('no check failed or errored; nothing to re-run');
  }, 240_000);

  it('a chain node URL is never stored: the rerun says to give it again', () => {
    const report = readReport(first.reportDir);
    const dir = withRun({ inputs: { ...report.run.inputs!, chainNode: true } });
    expect(planRerun(dir, { limitedAccessKey: 'k' }).notes).toEqual([
      'note: the run cross-checked a chain node, whose URL is never stored: give --chain-rpc-url again to re-run those checks',
    ]);
    expect(planRerun(dir, { limitedAccessKey: 'k', chainRpcUrl: 'http://127.0.0.1:1' }).notes).toEqual([]);
  });

  it('a limited key is never stored: the rerun says to give it again when it is not', () => {
    expect(planRerun(first.reportDir, {}).notes).toEqual([
      'note: the run had a limited key, which is never stored: set CONFORMANCE_LIMITED_ACCESS_KEY (or --limited-access-key) to re-run its checks',
    ]);
    expect(planRerun(first.reportDir, { limitedAccessKey: 'k' }).notes).toEqual([]);
  });
});

describe("a rerun's exit code follows the run's rule", () => {
  const check = (level: 'MUST' | 'SHOULD', status: CheckResult['status'], extra: Partial<CheckResult> = {}): CheckResult => ({
    key: `API.GetSwapPrice:${level === 'MUST' ? 'response-schema' : 'some-should'}`,
    checkId: 'x',
    operation: 'API.GetSwapPrice',
    network: 'polygon',
    level,
    status,
    title: 't',
    requests: 1,
    durationMs: 1,
    ...extra,
  });
  const reportOf = (strict: boolean, checks: CheckResult[]): Report => {
    const report = readReport(first.reportDir);
    return {
      ...report,
      run: { ...report.run, strict },
      networks: [
        { ...report.networks[0]!, operations: [{ operation: 'API.GetSwapPrice', status: 'failed', counts: report.counts, checks }] },
      ],
      global: { ...report.global, operations: [] },
    };
  };

  it('a SHOULD finding still failing fails the rerun only in a strict run', () => {
    for (const strict of [false, true]) {
      const was = reportOf(strict, [check('SHOULD', 'failed')]);
      const now = reportOf(strict, [check('SHOULD', 'failed')]);
      expect(rerunExitCode(judgeRerun(checksOf(was).filter(isBroken), was, now)), `strict ${strict}`).toBe(strict ? 1 : 0);
    }
  });

  it('a MUST failure still failing fails it; fixed passes it; an expected failure still failing does not; one now passing does', () => {
    const was = reportOf(false, [check('MUST', 'failed')]);
    expect(rerunExitCode(judgeRerun(checksOf(was).filter(isBroken), was, reportOf(false, [check('MUST', 'failed')])))).toBe(1);
    expect(rerunExitCode(judgeRerun(checksOf(was).filter(isBroken), was, reportOf(false, [check('MUST', 'passed')])))).toBe(0);
    const expected = { expectation: { outcome: 'expected-failure', reason: 'ticket' } } as const;
    const listed = reportOf(false, [check('MUST', 'failed', expected)]);
    const stillExpected = reportOf(false, [check('MUST', 'failed', expected)]);
    expect(rerunExitCode(judgeRerun(checksOf(listed).filter(isBroken), listed, stillExpected))).toBe(0);
    const nowPasses = reportOf(false, [check('MUST', 'passed', { expectation: { outcome: 'unexpected-pass', reason: 'ticket' } })]);
    expect(rerunExitCode(judgeRerun(checksOf(listed).filter(isBroken), listed, nowPasses))).toBe(1);
  });
});

describe('secret paths', () => {
  it('a path of routes is not secret; one holding a key-like segment is', () => {
    expect(hasSecretPath('https://host.example/staging')).toBe(false);
    expect(hasSecretPath('https://host.example/staging/relayer/{network}')).toBe(false);
    expect(hasSecretPath('https://node.example/v3/9aa3d95b3bc440fa88ea12eaa4456161')).toBe(true);
    expect(hasSecretPath('https://relayer.example/tenant/abcdef1234')).toBe(true);
  });
});
