/**
 * The gate's commands on real runs, through the command line: shards merged equal one unsharded run with the
 * same seed; diff of a clean and a broken run; rerun of the failures against the broken and a fixed server;
 * GitHub step summary and annotations; usage errors and --help of every command.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBroken } from '../../src/report/broken-checks.js';
import type { Report } from '../../src/report/model.js';
import { faultByName } from '../../src/server/faults.js';
import { startReferenceServer } from '../../src/server/index.js';
import type { RunningReferenceServer } from '../../src/server/types.js';
import { readReport, runCliInProcess, targetArgs, type CliResult } from '../support/run-cli.js';

const SCOPE = [
  '--networks',
  'polygon,base',
  '--operations',
  'Marketplace.GetCountOfFilteredCollectibles,API.GetSwapPrice,Relayer.FeeOptions,Builder.GetAudience',
  '--runs',
  '2',
  '--seed',
  '11',
];

let broken: RunningReferenceServer;
let clean: RunningReferenceServer;
let unsharded: CliResult;
let cleanRun: CliResult;
let mergeDir: string;
let merged: CliResult;
let summaryFile: string;

/** (network, operation, check, status) of every check, in report order. */
function checks(report: Report): string[] {
  return [
    ...report.networks.flatMap((n) =>
      n.operations.flatMap((o) => o.checks.map((c) => `${n.slug} ${o.operation} ${c.checkId} ${c.status}`)),
    ),
    ...report.global.operations.flatMap((o) => o.checks.map((c) => `global ${o.operation} ${c.checkId} ${c.status}`)),
  ];
}

beforeAll(async () => {
  broken = await startReferenceServer({ host: '127.0.0.1', port: 0, faults: [faultByName('one-broken-network')!.hooks] });
  clean = await startReferenceServer({ host: '127.0.0.1', port: 0 });
  const target = targetArgs(broken);
  const cleanTarget = targetArgs(clean);
  // Independent runs, side by side: each has its own report folder and output redactor.
  const shards = Promise.all([1, 2, 3].map((i) => runCliInProcess(['run', ...target.args, ...SCOPE, '--shard', `${i}/3`], target.env)));
  [unsharded, cleanRun] = await Promise.all([
    runCliInProcess(['run', ...target.args, ...SCOPE], target.env),
    runCliInProcess(['run', ...cleanTarget.args, ...SCOPE], cleanTarget.env),
  ]);
  mergeDir = mkdtempSync(join(tmpdir(), 'merged-'));
  summaryFile = join(mkdtempSync(join(tmpdir(), 'summary-')), 'summary.md');
  writeFileSync(summaryFile, '');
  merged = await runCliInProcess(['merge', ...(await shards).map((s) => s.reportDir), '--report-dir', mergeDir], {
    GITHUB_ACTIONS: 'true',
    GITHUB_STEP_SUMMARY: summaryFile,
  });
}, 600_000);

afterAll(async () => {
  await Promise.all([broken?.close(), clean?.close()]);
});

describe('run --shard i/n and merge', () => {
  it('merges three shards into the verdict, checks and counts of one unsharded run with the same seed', () => {
    expect(merged.code, merged.stdout + merged.stderr).toBe(1);
    const whole = readReport(unsharded.reportDir);
    const fromShards = readReport(mergeDir);
    expect(fromShards.verdict).toBe(whole.verdict);
    expect(fromShards.verdict).toBe('fail');
    expect(checks(fromShards)).toEqual(checks(whole));
    expect(fromShards.counts).toEqual(whole.counts);
    expect(fromShards.networks.map((n) => [n.slug, n.status, n.counts])).toEqual(whole.networks.map((n) => [n.slug, n.status, n.counts]));
    expect(fromShards.global.counts).toEqual(whole.global.counts);
    expect(fromShards.run.shard).toBeUndefined();
    for (const file of ['report.json', 'report.md', 'report.html', 'junit.xml'])
      expect(readFileSync(join(mergeDir, file), 'utf8').length).toBeGreaterThan(0);
  });

  it('publishes the step summary and one annotation per failing check key, naming its networks, under GitHub Actions', () => {
    const summary = readFileSync(summaryFile, 'utf8');
    expect(summary).toBe(readFileSync(join(mergeDir, 'report.md'), 'utf8'));
    const annotations = merged.stdout.split('\n').filter((l) => l.startsWith('::error '));
    const keys = new Set(
      readReport(mergeDir).networks.flatMap((n) =>
        n.operations.flatMap((o) => o.checks.filter((c) => c.level === 'MUST' && c.status === 'failed').map((c) => c.key)),
      ),
    );
    expect(annotations).toHaveLength(keys.size);
    expect(
      annotations.some((a) =>
        a.startsWith('::error title=MUST Marketplace.GetCountOfFilteredCollectibles%3Aresponse-schema::failed on base: '),
      ),
    ).toBe(true);
  });

  it('refuses a set with a missing shard, naming it (exit 2, one line)', async () => {
    const result = await runCliInProcess(['merge', unsharded.reportDir, '--report-dir', mkdtempSync(join(tmpdir(), 'm-'))]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toMatch(/^conformance: merge: .*report\.json is not a shard's report/);
  });
});

describe('diff', () => {
  it('exits 1 on new failures and lists them per check with their networks; the other way round they are fixed', async () => {
    const regress = await runCliInProcess(['diff', cleanRun.reportDir, unsharded.reportDir]);
    expect(regress.code, regress.stderr).toBe(1);
    const newSection = regress.stdout.slice(regress.stdout.indexOf('## New failures'), regress.stdout.indexOf('## Fixed'));
    expect(newSection).toContain('`Marketplace.GetCountOfFilteredCollectibles:response-schema` | MUST | base |');
    expect(newSection).not.toContain('polygon');
    const fixed = await runCliInProcess(['diff', unsharded.reportDir, cleanRun.reportDir, '--format', 'json']);
    expect(fixed.code, fixed.stderr).toBe(0);
    const diff = JSON.parse(fixed.stdout) as {
      fixed: { key: string; network: string }[];
      newFailures: unknown[];
      base: { verdict: string };
      head: { verdict: string };
    };
    expect(diff.newFailures).toEqual([]);
    expect(diff.fixed.some((e) => e.key === 'Marketplace.GetCountOfFilteredCollectibles:response-schema' && e.network === 'base')).toBe(
      true,
    );
    expect([diff.base.verdict, diff.head.verdict]).toEqual(['fail', 'pass']);
  });

  it('refuses reports of different contract versions (exit 2, one line)', async () => {
    const other = mkdtempSync(join(tmpdir(), 'other-'));
    cpSync(join(cleanRun.reportDir, 'report.json'), join(other, 'report.json'));
    const report = JSON.parse(readFileSync(join(other, 'report.json'), 'utf8')) as Report;
    writeFileSync(join(other, 'report.json'), JSON.stringify({ ...report, contractVersion: 'some-other-contract' }));
    const result = await runCliInProcess(['diff', other, cleanRun.reportDir]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('of contract version some-other-contract');
  });
});

describe('rerun', () => {
  it('says STILL FAILING against the same broken server (exit 1) and FIXED against a fixed one (exit 0)', async () => {
    const failures = readReport(unsharded.reportDir);
    const failing = failures.networks.flatMap((n) => n.operations.flatMap((o) => o.checks.filter(isBroken)));
    expect(failing.length).toBeGreaterThan(0);

    const same = await runCliInProcess(['rerun', unsharded.reportDir, '--report-dir', mkdtempSync(join(tmpdir(), 'rerun-'))], {
      CONFORMANCE_ACCESS_KEY: broken.accessKey,
    });
    expect(same.code, same.stdout + same.stderr).toBe(1);
    const stillLines = same.stdout.split('\n').filter((l) => /^(STILL FAILING|FIXED|ERRORED|NOT RUN) /.test(l));
    expect(stillLines).toHaveLength(failing.length);
    for (const line of stillLines) expect(line).toMatch(/^STILL FAILING +MUST .* on base: /);
    // Only the units that failed ran: base's Marketplace operation, not polygon nor the wire checks.
    expect(same.stdout).toContain('in 1 operation × network unit(s) with seed 11');

    const cleanTarget = targetArgs(clean);
    const fixed = await runCliInProcess(
      ['rerun', unsharded.reportDir, '--target', clean.origin, '--report-dir', mkdtempSync(join(tmpdir(), 'rerun-'))],
      cleanTarget.env,
    );
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
    const fixedLines = fixed.stdout.split('\n').filter((l) => /^(STILL FAILING|FIXED|ERRORED|NOT RUN) /.test(l));
    expect(fixedLines).toHaveLength(failing.length);
    for (const line of fixedLines) expect(line).toMatch(/^FIXED +MUST .* on base$/);
    expect(fixed.stdout).toContain(`${failing.length}/${failing.length} fixed`);
  }, 240_000);
});

describe('usage', () => {
  const cli = runCliInProcess;

  it('every gate command has --help (exit 0) and refuses a missing argument (exit 2)', async () => {
    for (const command of ['expectations', 'diff', 'rerun', 'merge', 'history']) {
      const help = await cli([command, '--help']);
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toContain(`Usage: conformance ${command}`);
      const bare = await cli([command]);
      expect(bare.code, command).toBe(2);
      expect(bare.stderr, command).toContain('error: missing required argument');
    }
    const history = await cli(['history', cleanRun.reportDir]);
    expect(history.code).toBe(2);
    expect(history.stderr.trim()).toBe('conformance: history: --out FILE.html is required');
    const missing = await cli(['diff', '/nonexistent/a', cleanRun.reportDir]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toBe('conformance: cannot read the BASE report /nonexistent/a: ENOENT');
    const format = await cli(['diff', cleanRun.reportDir, cleanRun.reportDir, '--format', 'xml']);
    expect(format.code).toBe(2);
    expect(format.stderr.trim()).toBe('conformance: --format: expected markdown or json, got "xml"');
  });

  it('history writes one self-contained page of several runs', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'history-')), 'history.html');
    const result = await runCliInProcess(['history', cleanRun.reportDir, unsharded.reportDir, '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('<td class="net">base</td>');
    expect(html).toContain('Marketplace.GetCountOfFilteredCollectibles:response-schema');
    expect(html).not.toMatch(/<script|<link|src=/);
  });
});
