/**
 * Where the commands of the loop meet, tried through the command line as a user would:
 * - `rerun` takes every run option but the scope from the run's option schema, the report's remembered
 *   inputs as defaults (rate cap, profile, TLS choices), the flags given as overrides: `--ca-file`, `--insecure`,
 *   `--max-rps` and `--profile` are accepted, and a rerun with none of them repeats the run's;
 * - `rerun DIR --report-dir DIR` (or CONFORMANCE_REPORT_DIR=DIR) is refused, the report left as it was;
 * - a URL with whitespace around it (a copy-paste, a YAML value) and slugs with spaces are read as meant;
 * - `comment --artifact-url` keeps the link it is given to publish.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loopbackCertificate } from '../support/loopback-certificate.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultByName } from '../../src/server/faults.js';
import { startReferenceServer } from '../../src/server/index.js';
import type { RunningReferenceServer } from '../../src/server/types.js';
import {
  commandOptionFlags,
  REMEMBERED_BY_A_REPORT,
  REPLAY_SOURCES,
  RERUN_SOURCES,
  runOptionFlags,
} from '../../src/runner/run-option-schema.js';
import { planRerun } from '../../src/gate/rerun.js';

const RERUN_FLAG_NAMES = new Set<string>(commandOptionFlags(RERUN_SOURCES).map((o) => o.name));
import { readReport, runCli, targetArgs, type CliResult } from '../support/run-cli.js';

const SCOPE = ['--networks', 'polygon', '--operations', 'Marketplace.GetCountOfFilteredCollectibles,API.GetSwapPrice', '--runs', '1'];

let broken: RunningReferenceServer;
let front: https.Server;
let frontOrigin: string;
let caFile: string;
let target: { args: string[]; env: Record<string, string> };
let first: CliResult;
const dirs = (): string => mkdtempSync(join(tmpdir(), 'seams-'));

/** A server breaking one rule on one network, behind a TLS front whose certificate no authority signed. */
beforeAll(async () => {
  broken = await startReferenceServer({ host: '127.0.0.1', port: 0, faults: [faultByName('one-broken-network')!.hooks] });
  const pems = await loopbackCertificate();
  caFile = pems.caFile;
  front = https.createServer({ key: pems.key, cert: pems.cert }, (req, res) => {
    const forward = http.request(`${broken.origin}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  frontOrigin = `https://127.0.0.1:${(front.address() as AddressInfo).port}`;
  target = targetArgs(broken);
  target.args[target.args.indexOf('--target') + 1] = frontOrigin;
  first = await runCli(
    ['run', ...target.args, ...SCOPE, '--networks', 'polygon,base', '--ca-file', caFile, '--max-rps', '400', '--profile', 'quick'],
    target.env,
  );
}, 300_000);

afterAll(async () => {
  front?.closeAllConnections();
  await new Promise<void>((resolve) => front?.close(() => resolve()));
  await broken?.close();
});

describe('report.json remembers every input that changes what is sent', () => {
  it('the rate cap, the profile and the TLS choices (the CA file by its path, never its contents)', () => {
    expect(first.code, first.stdout + first.stderr).toBe(1);
    const report = readReport(first.reportDir);
    expect(report.run.profile).toBe('quick');
    expect(report.run.inputs).toMatchObject({ maxRps: 400, tls: { caFile } });
    expect(readFileSync(join(first.reportDir, 'report.json'), 'utf8')).not.toContain('BEGIN CERTIFICATE');
  });
});

describe('rerun takes the run options of the schema', () => {
  it('accepts --ca-file, --max-rps and --profile, and the re-run report says what it used', async () => {
    const out = dirs();
    const rerun = await runCli(
      ['rerun', first.reportDir, '--ca-file', caFile, '--max-rps', '300', '--profile', 'full', '--report-dir', out],
      target.env,
    );
    expect(rerun.stderr).not.toMatch(/unknown option/);
    expect(rerun.code, rerun.stdout + rerun.stderr).toBe(1);
    expect(rerun.stdout).toMatch(/^STILL FAILING +MUST /m);
    const again = readReport(out);
    expect(again.run.profile).toBe('full');
    expect(again.run.inputs).toMatchObject({ maxRps: 300, tls: { caFile } });
  }, 240_000);

  it('with no flag repeats the remembered ones: the CA file is trusted again, the rate cap and profile kept', async () => {
    const out = dirs();
    const rerun = await runCli(['rerun', first.reportDir, '--report-dir', out], target.env);
    expect(rerun.code, rerun.stdout + rerun.stderr).toBe(1);
    expect(rerun.stdout).toMatch(/^STILL FAILING +MUST /m);
    const again = readReport(out);
    expect(again.run.profile).toBe('quick');
    expect(again.run.inputs).toMatchObject({ maxRps: 400, tls: { caFile } });
  }, 240_000);

  it('accepts --insecure (said in the re-run report)', async () => {
    const out = dirs();
    const rerun = await runCli(['rerun', first.reportDir, '--insecure', '--report-dir', out], target.env);
    expect(rerun.code, rerun.stdout + rerun.stderr).toBe(1);
    expect(readReport(out).run.insecure).toBe(true);
  }, 240_000);

  it('every option the report remembers is the default of the re-run, and a flag given overrides it', () => {
    const report = readReport(first.reportDir);
    const dir = dirs();
    const inputs = {
      ...report.run.inputs!,
      maxRps: 7,
      tls: { caFile, insecure: true, cert: 'c.pem', key: 'k.pem' },
      allowDestructive: true,
    };
    writeFileSync(join(dir, 'report.json'), JSON.stringify({ ...report, run: { ...report.run, strict: true, inputs } }));
    const plan = planRerun(dir, { reportDir: dirs() });
    const remembered = { maxRps: '7', caFile, insecure: true, cert: 'c.pem', key: 'k.pem', allowDestructive: true, strict: true };
    expect(plan.raw).toMatchObject({ ...remembered, profile: 'quick', runs: '1', timeoutMs: '10000' });
    const given = planRerun(dir, { reportDir: dirs(), maxRps: '3', profile: 'full', strict: false, insecure: false }).raw;
    expect(given).toMatchObject({ maxRps: '3', profile: 'full', strict: false, insecure: false, caFile });
    // What the re-run takes from the report is what its help says it remembers.
    const fromReport = Object.keys(plan.raw).filter((name) => RERUN_FLAG_NAMES.has(name) && !['reportDir'].includes(name));
    for (const name of fromReport) expect(REMEMBERED_BY_A_REPORT, name).toContain(name);
  });

  it("rerun's and replay's flags are derived from the schema: every run option of the groups they take, none of the others", async () => {
    /** The flags an option line of `--help` declares (`  --max-rps <n>  …`). */
    const declared = async (command: string): Promise<Set<string>> =>
      new Set([...(await runCli([command, '--help'])).stdout.matchAll(/^ {2}(?:-\w, )?(--[a-z-]+)/gm)].map((m) => m[1]!));
    const rerunFlags = await declared('rerun');
    const replayFlags = await declared('replay');
    for (const { flag, name } of runOptionFlags()) {
      const long = flag.split(' ')[0]!;
      expect(rerunFlags.has(long), `rerun ${long}`).toBe(commandOptionFlags(RERUN_SOURCES).some((o) => o.name === name));
      expect(replayFlags.has(long), `replay ${long}`).toBe(commandOptionFlags(REPLAY_SOURCES).some((o) => o.name === name));
    }
    for (const flag of ['--ca-file', '--insecure', '--max-rps', '--profile', '--cert', '--concurrency']) expect(rerunFlags).toContain(flag);
    for (const flag of ['--seed', '--networks', '--operations']) expect(rerunFlags).not.toContain(flag);
    for (const flag of ['--strict', '--report-dir', '--expectations']) expect(replayFlags).toContain(flag);
    for (const flag of ['--seed', '--profile', '--max-rps', '--target']) expect(replayFlags).not.toContain(flag);
  });
});

describe('a command never writes into the report folder it reads', () => {
  it('rerun DIR --report-dir DIR: exit 2, one line, the report unchanged', async () => {
    const before = readFileSync(join(first.reportDir, 'report.json'), 'utf8');
    const rerun = await runCli(['rerun', first.reportDir, '--report-dir', first.reportDir], target.env);
    expect(rerun.code).toBe(2);
    expect(rerun.stderr.trim().split('\n')).toEqual([
      `conformance: rerun: --report-dir ${first.reportDir} holds the report it reads (${join(first.reportDir, 'report.json')}): writing there would replace it; give another --report-dir`,
    ]);
    expect(readFileSync(join(first.reportDir, 'report.json'), 'utf8')).toBe(before);
  });

  it('CONFORMANCE_REPORT_DIR=DIR conformance rerun DIR/report.json: exit 2, the report unchanged', async () => {
    const before = readFileSync(join(first.reportDir, 'report.json'), 'utf8');
    const rerun = await runCli(['rerun', join(first.reportDir, 'report.json')], { ...target.env, CONFORMANCE_REPORT_DIR: first.reportDir });
    expect(rerun.code).toBe(2);
    expect(rerun.stderr.trim().split('\n')).toHaveLength(1);
    expect(rerun.stderr).toMatch(/^conformance: rerun: --report-dir .* holds the report it reads/);
    expect(readFileSync(join(first.reportDir, 'report.json'), 'utf8')).toBe(before);
  });

  it('merge DIR --report-dir DIR: exit 2, one line, the shard report unchanged', async () => {
    const before = readFileSync(join(first.reportDir, 'report.json'), 'utf8');
    const merge = await runCli(['merge', first.reportDir, '--report-dir', first.reportDir]);
    expect(merge.code).toBe(2);
    expect(merge.stderr.trim().split('\n')).toHaveLength(1);
    expect(merge.stderr).toMatch(/^conformance: merge: --report-dir .* holds the shard report it reads/);
    expect(readFileSync(join(first.reportDir, 'report.json'), 'utf8')).toBe(before);
  });
});

describe('inputs read as users type them', () => {
  let healthy: RunningReferenceServer;
  beforeAll(async () => {
    healthy = await startReferenceServer({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => healthy?.close());

  it("--target 'http://127.0.0.1:PORT ' and --networks ' polygon, base ' are trimmed: nothing invalid reaches the run", async () => {
    const { args, env } = targetArgs(healthy);
    args[args.indexOf('--target') + 1] = `${healthy.origin} `;
    const result = await runCli(['run', ...args, ...SCOPE, '--networks', ' polygon, base '], env);
    expect(result.stdout + result.stderr).not.toMatch(/not a URL/);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const report = readReport(result.reportDir);
    expect(report.run.targets.marketplace).toBe(`${healthy.origin}/marketplace`);
    expect([...report.run.networks].sort()).toEqual(['base', 'polygon']);
  }, 240_000);

  it('a URL in its variable or the config file with whitespace around it (a YAML value) is trimmed too', async () => {
    const { args, env } = targetArgs(healthy);
    args.splice(args.indexOf('--target'), 2);
    const result = await runCli(['run', ...args, ...SCOPE], { ...env, CONFORMANCE_TARGET: `  ${healthy.origin}/\n` });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(readReport(result.reportDir).run.targets.api).toBe(healthy.origin);
    const config = join(dirs(), 'conformance.config.json');
    writeFileSync(config, JSON.stringify({ run: { 'api-url': ` ${healthy.origin} `, networks: [' polygon '] } }));
    const perBase = ['--marketplace-url', `${healthy.origin}/marketplace`, '--metadata-url', healthy.origin];
    const bases = [
      ...perBase,
      '--relayer-url',
      `${healthy.origin}/relayer/{network}`,
      '--indexer-url',
      `${healthy.origin}/indexer/{network}`,
    ];
    const fromFile = await runCli(['run', ...args, ...bases, ...SCOPE.slice(2), '--config', config], env);
    expect(fromFile.code, fromFile.stdout + fromFile.stderr).toBe(0);
    expect(readReport(fromFile.reportDir).run.targets.api).toBe(healthy.origin);
    expect(readReport(fromFile.reportDir).run.networks).toEqual(['polygon']);
  }, 240_000);
});

describe('comment keeps the link it is given to publish', () => {
  for (const link of [
    'https://github.com/acme/market-server/actions/runs/12345678901/artifacts/2345678901',
    // A repository whose name looks like a key to the secret-path rule, as GITHUB_SERVER_URL/GITHUB_REPOSITORY/GITHUB_RUN_ID build it.
    'https://github.com/acme/market-server-2024/actions/runs/12345678901',
  ]) {
    it(link, async () => {
      for (const args of [
        ['comment', first.reportDir, '--artifact-url', link],
        ['comment', first.reportDir, `--artifact-url=${link}`],
      ]) {
        const result = await runCli(args);
        expect(result.code, result.stderr).toBe(0);
        expect(result.stdout).toContain(`](${link})`);
        expect(result.stdout).not.toContain('[redacted]');
      }
    });
  }
});
