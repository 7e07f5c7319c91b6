/**
 * A report is never lost, stale or mixed: an unusable or foreign --report-dir, or one another run is using, is
 * refused with exit 2 before anything is sent; a run stopped by SIGINT, SIGTERM or --max-duration leaves a
 * report marked interrupted (the operations not run errored) and stops sending; a closed stdout costs lines,
 * not the report.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ReportFolder } from '../reporters/report-folder.js';
import type { Report } from '../src/report/model.js';
import { startReferenceServer } from '../src/server/index.js';
import type { RunningReferenceServer } from '../src/server/types.js';
import { BIN, readReport, runCliInProcess, targetArgs } from './support/run-cli.js';

const servers: RunningReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** A reference server that answers every request after `delayMs`, so a run lasts long enough to stop. */
async function server(delayMs = 0): Promise<RunningReferenceServer> {
  const started = await startReferenceServer({
    host: '127.0.0.1',
    port: 0,
    faults:
      delayMs > 0 ? [{ transform: async (_ctx, response) => new Promise((resolve) => setTimeout(() => resolve(response), delayMs)) }] : [],
  });
  servers.push(started);
  return started;
}

const total = (s: RunningReferenceServer) => Object.values(s.requestCounts()).reduce((a, b) => a + b, 0);
const freshDir = () => join(mkdtempSync(join(tmpdir(), 'conformance-folder-')), 'report');

describe.concurrent('an unusable report folder is refused before anything is sent', () => {
  const cases: [string, () => string][] = [
    [
      'under a regular file',
      () => {
        const file = join(mkdtempSync(join(tmpdir(), 'conformance-folder-')), 'a-file');
        writeFileSync(file, 'x');
        return join(file, 'report');
      },
    ],
    ['in /proc', () => '/proc/x'],
    [
      'holding files the tool did not write',
      () => {
        const dir = freshDir();
        mkdirSync(dir);
        writeFileSync(join(dir, 'notes.txt'), 'mine');
        return dir;
      },
    ],
    [
      'in use by another run',
      () => {
        const dir = freshDir();
        // A live process other than this one (the runs here share this process, whose own lock is its to take).
        writeFileSync(join(dirname(dir), `.${basename(dir)}.lock`), String(process.ppid));
        return dir;
      },
    ],
    [
      'in use by another run of this process',
      () => {
        const dir = freshDir();
        // An earlier run of this process (the library called twice at once) holds it to the end of the file.
        ReportFolder.claim(dir, ['report.json']);
        return dir;
      },
    ],
  ];
  for (const [name, make] of cases) {
    it(
      name,
      async () => {
        const target = await server();
        const dir = make();
        const { args, env } = targetArgs(target);
        const result = await runCliInProcess(
          ['run', ...args, '--networks', 'polygon', '--operations', 'Marketplace.GetFloorOrder', '--report-dir', dir],
          env,
        );
        expect(result.code, result.stdout + result.stderr).toBe(2);
        expect(result.stderr.trim().split('\n')).toHaveLength(1);
        expect(result.stderr).toMatch(/^conformance: .*--report-dir/);
        expect(total(target)).toBe(0);
        if (name.startsWith('holding')) expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('mine');
      },
      240_000,
    );
  }
});

interface Spawned {
  readonly code: Promise<number | null>;
  readonly stdout: () => string;
  kill(signal: NodeJS.Signals): void;
}

function spawnCli(args: readonly string[], env: Record<string, string>, closeStdout = false): Spawned {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  if (closeStdout) child.stdout.destroy();
  else child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return {
    code: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
    stdout: () => out,
    kill: (signal) => child.kill(signal),
  };
}

async function until(condition: () => boolean, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function expectInterrupted(report: Report, why: RegExp): void {
  expect(report.verdict).toBe('errored');
  expect(report.run.interrupted).toMatch(why);
  const all = [...report.networks.flatMap((n) => n.operations), ...report.global.operations].flatMap((o) => o.checks);
  // An operation not started is one errored `suite-error` (not run); one under way when the run stopped ends its
  // remaining checks errored (not sent).
  expect(all.some((c) => c.status === 'errored' && /not run|not sent/.test(c.message ?? ''))).toBe(true);
  // Nothing that did not run is a pass: every check is either a result the server earned or errored.
  expect(report.counts.mustFailed).toBeGreaterThan(0);
}

describe.concurrent('a stopped run still leaves its report', () => {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${signal}: stops sending, removes the stale report at once, writes one marked interrupted, exits ${code}`, async () => {
      const target = await server(150);
      const dir = freshDir();
      mkdirSync(dir);
      writeFileSync(join(dir, 'report.json'), JSON.stringify({ verdict: 'pass' }));
      const { args, env } = targetArgs(target);
      const run = spawnCli(['run', ...args, '--networks', 'polygon,base,mainnet', '--runs', '10', '--seed', '9', '--report-dir', dir], env);
      await until(() => total(target) > 40);
      expect(existsSync(join(dir, 'report.json'))).toBe(false);
      run.kill(signal);
      expect(await run.code, run.stdout()).toBe(code);
      const sent = total(target);
      const report = readReport(dir);
      expectInterrupted(report, new RegExp(signal));
      expect(readdirSync(dirname(dir)).sort()).toEqual(['report']);
      await new Promise((r) => setTimeout(r, 1000));
      expect(total(target)).toBe(sent);
    }, 180_000);
  }

  it('--max-duration ends the run with a report, the operations not run errored, exit 1', async () => {
    const target = await server(150);
    const { args, env } = targetArgs(target);
    const result = await runCliInProcess(['run', ...args, '--networks', 'polygon,base', '--runs', '10', '--seed', '9'], {
      ...env,
      CONFORMANCE_MAX_DURATION: '8s',
    });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expectInterrupted(readReport(result.reportDir), /--max-duration 8 s/);
    expect(result.stdout).toMatch(/INTERRUPTED/);
  }, 180_000);

  it('a closed stdout (| head) loses lines, not the report', async () => {
    const target = await server();
    const dir = freshDir();
    const { args, env } = targetArgs(target);
    const run = spawnCli(
      ['run', ...args, '--networks', 'polygon', '--operations', 'Marketplace.GetFloorOrder', '--runs', '2', '--report-dir', dir],
      env,
      true,
    );
    expect(await run.code, run.stdout()).toBe(0);
    expect(readReport(dir).verdict).toBe('pass');
  }, 120_000);
});
