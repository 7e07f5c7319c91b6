/**
 * Every ending is an ending, tried through the real command line: inputs that would hang or exhaust the
 * process (a FIFO no one writes, a 200 MB file, a key read from a CRLF file) are one line and exit 2; a run killed with
 * SIGKILL leaves a folder the next run takes over cleanly; a report that cannot be written still prints the
 * verdict and says where it failed (exit 2); a SIGTERM or SIGINT sent to `npx` stops the run, its report interrupted.
 */
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { capped, MAX_PRINTED_LINE } from '../src/cli/main.js';
import { startReferenceServer } from '../src/server/index.js';
import type { RunningReferenceServer } from '../src/server/types.js';
import { BIN, readReport, runCliInProcess, targetArgs } from './support/run-cli.js';

const ROOT = join(import.meta.dirname, '..');
const servers: RunningReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** A reference server that holds every answer `delayMs`: a run against it lasts long enough to be ended. */
async function slowServer(delayMs: number): Promise<RunningReferenceServer> {
  const server = await startReferenceServer({
    host: '127.0.0.1',
    port: 0,
    faults: [{ transform: async (_ctx, response) => new Promise((resolve) => setTimeout(() => resolve(response), delayMs)) }],
  });
  servers.push(server);
  return server;
}

const total = (s: RunningReferenceServer) => Object.values(s.requestCounts()).reduce((a, b) => a + b, 0);
const freshDir = () => join(mkdtempSync(join(tmpdir(), 'conformance-endings-')), 'report');
/** What a run leaves beside its report folder: the lock, staging folders. */
const leftovers = (dir: string) => readdirSync(dirname(dir)).filter((name) => name.startsWith(`.${basename(dir)}.`));

async function until(condition: () => boolean, what: string, limitMs = 60_000): Promise<void> {
  for (const started = Date.now(); !condition();) {
    if (Date.now() - started > limitMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.concurrent('inputs that would hang or exhaust the process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-inputs-'));
  const fifo = join(dir, 'fifo.json');
  execFileSync('mkfifo', [fifo]);
  const big = join(dir, 'big.json');
  writeFileSync(big, '');
  truncateSync(big, 200 * 1024 * 1024);
  const key = 'Kc7Hq2ZpLm4XvB8nR1tY6wQ0sD5gJa';
  const cases: [string, string[], Record<string, string>, RegExp][] = [
    ['a FIFO no one writes as --fixtures', ['run', '--fixtures', fifo], {}, /--fixtures: no one wrote to the pipe .* within 5 s/],
    ['a FIFO no one writes as --config', ['run', '--config', fifo], {}, /--config: no one wrote to the pipe .* within 5 s/],
    ['a folder as --expectations', ['run', '--expectations', dir], {}, /--expectations: .*neither a file nor a pipe/],
    ['200 MB of fixtures', ['run', '--fixtures', big], {}, /--fixtures: .*200 MB, over the limit/],
    ['200 MB of expectations', ['run', '--expectations', big], {}, /--expectations: .*200 MB, over the limit/],
    [
      'a key read from a CRLF file',
      ['run', '--target', 'http://127.0.0.1:9'],
      { CONFORMANCE_ACCESS_KEY: `${key}\r` },
      /the access key ends with a carriage return/,
    ],
    ['a key with a space after it', ['run', '--target', 'http://127.0.0.1:9', '--access-key', `${key} `], {}, /whitespace around it/],
    [
      'a limited key with a control character',
      ['run'],
      { CONFORMANCE_LIMITED_ACCESS_KEY: `${key}\u0007` },
      /the limited access key holds a control character/,
    ],
  ];
  for (const [what, args, env, message] of cases) {
    it(`${what}: one line, exit 2, no stack, the key not shown`, async () => {
      const result = await runCliInProcess(args, env);
      expect(result.code, result.stdout + result.stderr).toBe(2);
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines, result.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stdout + result.stderr).not.toContain(key.slice(0, 12));
    }, 60_000);
  }

  it('every printed line is capped', () => {
    expect(capped('short\nlines')).toBe('short\nlines');
    const out = capped(`ok\n${'x'.repeat(9_000_000)}\nend`).split('\n');
    expect(out[0]).toBe('ok');
    expect(out[1]!.length).toBeLessThan(MAX_PRINTED_LINE + 60);
    expect(out[1]).toContain('8996000 more characters');
    expect(out[2]).toBe('end');
  });
});

describe.concurrent('a run that dies or cannot finish its report', () => {
  it('SIGKILL mid-run leaves its lock and staging folder; the next run into the folder works and they are gone', async () => {
    const server = await slowServer(100);
    const dir = freshDir();
    const target = targetArgs(server);
    const child = spawn(process.execPath, [BIN, 'run', ...target.args, '--networks', 'polygon', '--report-dir', dir], {
      env: { ...process.env, ...target.env, NO_COLOR: '1' },
      stdio: 'ignore',
    });
    const ended = new Promise((resolve) => child.on('exit', resolve));
    await until(() => leftovers(dir).some((name) => name.endsWith('.staging')) && total(server) > 0, 'the run to start');
    child.kill('SIGKILL');
    await ended;
    expect(leftovers(dir).sort()).toEqual([`.${basename(dir)}.${child.pid}.staging`, `.${basename(dir)}.lock`]);

    const fast = await startReferenceServer({ host: '127.0.0.1', port: 0 });
    servers.push(fast);
    const again = targetArgs(fast);
    const result = await runCliInProcess(
      ['run', ...again.args, '--networks', 'polygon', '--operations', 'Indexer.GetNativeTokenBalance', '--report-dir', dir],
      again.env,
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(existsSync(join(dir, 'report.json'))).toBe(true);
    expect(leftovers(dir)).toEqual([]);
  }, 240_000);

  it('a report that cannot be written: the verdict is printed, with where the writing failed, exit 2', async () => {
    const server = await slowServer(30);
    const dir = freshDir();
    const target = targetArgs(server);
    const staging = join(dirname(dir), `.${basename(dir)}.${process.pid}.staging`);
    const run = runCliInProcess(
      ['run', ...target.args, '--networks', 'polygon', '--operations', 'Indexer.GetNativeTokenBalance', '--report-dir', dir],
      target.env,
    );
    // As a full disk would: the place the files go can no longer take them.
    await until(() => existsSync(staging), 'the staging folder');
    rmSync(staging, { recursive: true, force: true });
    writeFileSync(staging, 'not a folder');
    const result = await run;
    rmSync(staging, { force: true });
    expect(result.code, result.stdout + result.stderr).toBe(2);
    expect(result.stdout).toMatch(/PASS|FAIL/);
    expect(result.stdout + result.stderr).toContain(`the report could not be written to ${dir}`);
  }, 240_000);
});

describe('npx conformance', () => {
  it('the tool stopped and continued under npx (Ctrl-Z, fg) is not taken for a SIGINT: the run goes on to its verdict', async () => {
    const server = await slowServer(20);
    const dir = freshDir();
    const target = targetArgs(server);
    const npx = spawn('npx', ['--yes', 'conformance', 'run', ...target.args, '--networks', 'polygon', '--report-dir', dir], {
      cwd: ROOT,
      env: { ...process.env, ...target.env, NO_COLOR: '1' },
      stdio: 'ignore',
      detached: true,
    });
    await until(() => total(server) > 20, 'the run to send', 120_000);
    // npx → the shell npm runs it under → the tool.
    const childOf = (pid: number): number => {
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        let stat: string;
        try {
          stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        } catch {
          continue;
        }
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) return Number(entry);
      }
      throw new Error(`no child of ${pid}`);
    };
    const tool = childOf(childOf(npx.pid!));
    process.kill(tool, 'SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    process.kill(tool, 'SIGCONT');
    await until(() => existsSync(join(dir, 'report.json')), 'the report', 120_000);
    const report = readReport(dir);
    expect(report.run.interrupted).toBeUndefined();
    expect(report.verdict).toBe('pass');
  }, 240_000);

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s sent to the npx process: the run stops sending within 2 s and writes an interrupted report',
    async (signal) => {
      const server = await slowServer(50);
      const dir = freshDir();
      const target = targetArgs(server);
      const npx = spawn('npx', ['--yes', 'conformance', 'run', ...target.args, '--networks', 'polygon,mainnet', '--report-dir', dir], {
        cwd: ROOT,
        env: { ...process.env, ...target.env, NO_COLOR: '1' },
        stdio: 'ignore',
        detached: true,
      });
      await until(() => total(server) > 20, 'the run to send', 120_000);
      process.kill(npx.pid!, signal);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const sentBy2s = total(server);
      await until(() => existsSync(join(dir, 'report.json')), 'the report', 120_000);
      expect(total(server)).toBe(sentBy2s);
      expect(readReport(dir).run.interrupted).toBe(`interrupted by ${signal} (sent to npx)`);
      const exitCode = await new Promise<number | null>((resolve) =>
        npx.exitCode !== null || npx.signalCode !== null ? resolve(npx.exitCode) : npx.once('exit', resolve),
      );
      // npm hands on the tool's own exit code, or ends of the signal itself (no code) once its shell did.
      expect([null, signal === 'SIGINT' ? 130 : 143]).toContain(exitCode);
    },
    240_000,
  );
});
