/**
 * The commands that wait on something outside — serve, wait, comment — end with the `npx` that started them, as
 * a run does: `npx conformance serve &` then SIGTERM, SIGINT or SIGHUP to that npx, or the npx killed outright
 * (its parent gone). npm does not pass every signal on to the tool (it runs it under `sh -c`), so each case is
 * tried through a real npx. The tests wait for the process to be gone up to a generous bound; they assert no
 * duration (the machine is shared).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../support/run-cli.js';

const ROOT = join(import.meta.dirname, '..', '..');
const started: ChildProcess[] = [];
const toolPids: number[] = [];
afterAll(() => {
  // Whatever a failed test left behind: the tools by their own pid, the npx by its group (spawned detached).
  for (const pid of toolPids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (const child of started) if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
});

/** Whether `pid` still runs (a zombie nobody reaped has ended). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}

function childOf(pid: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) return Number(entry);
    } catch {
      // Ended meanwhile.
    }
  }
  return undefined;
}

async function until(condition: () => boolean, what: string, limitMs = 60_000): Promise<void> {
  for (const from = Date.now(); !condition();) {
    if (Date.now() - from > limitMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `npx conformance ARGS` as a user starts it, its output read until `ready` shows; answers the tool's own pid. */
async function startUnderNpx(args: readonly string[], ready: RegExp): Promise<{ npx: ChildProcess; tool: number; out: () => string }> {
  const npx = spawn('npx', ['--yes', 'conformance', ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  started.push(npx);
  let text = '';
  npx.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  npx.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await until(() => ready.test(text), `${args[0]} to start: ${text}`, 120_000);
  // npx → the shell npm runs it under → the tool.
  const shell = childOf(npx.pid!);
  const tool = shell === undefined ? undefined : childOf(shell);
  expect(tool, 'the tool under npx').toBeDefined();
  toolPids.push(tool!);
  return { npx, tool: tool!, out: () => text };
}

const refused = async (origin: string): Promise<boolean> =>
  fetch(origin, { signal: AbortSignal.timeout(10_000) }).then(
    () => false,
    (error: unknown) => (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED',
  );

describe('npx conformance serve', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGKILL'] as const)(
    '%s sent to the npx: the server ends, its port closed',
    async (signal) => {
      const { npx, tool, out } = await startUnderNpx(['serve'], /Ctrl-C stops it/);
      const origin = /listening at (\S+)/.exec(out())![1]!;
      const node = /embedded chain node at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out())?.[1];
      expect((await fetch(origin)).status).toBe(404);
      process.kill(npx.pid!, signal);
      await until(() => !alive(tool), `serve to end after ${signal} to npx: ${out()}`);
      expect(await refused(origin)).toBe(true);
      if (node) expect(await refused(node)).toBe(true);
      if (signal !== 'SIGKILL') expect(out()).toMatch(/^stopped \(interrupted/m);
    },
    240_000,
  );
});

describe('npx conformance wait and comment', () => {
  const hanging: Server[] = [];
  afterAll(() => {
    for (const server of hanging) server.closeAllConnections();
    for (const server of hanging) server.close();
  });

  /** A server that takes every request and never answers: what keeps `comment --post` waiting. */
  async function neverAnswers(): Promise<string> {
    const server = createServer(() => undefined);
    hanging.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('wait for a server that never comes: SIGTERM to the npx ends it, naming why', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const { npx, tool, out } = await startUnderNpx(['wait', url, '--timeout', '10m'], /waiting for/);
    process.kill(npx.pid!, 'SIGTERM');
    await until(() => !alive(tool), `wait to end: ${out()}`);
    expect(out()).toContain(`✘ interrupted by SIGTERM (sent to npx) before ${url} answered`);
  }, 240_000);

  it('comment --post to an API that never answers: SIGINT to the npx ends it', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'comment-ending-')), 'report');
    const run = await runCliInProcess([
      'run',
      '--networks',
      'polygon',
      '--operations',
      'Relayer.FeeOptions',
      '--runs',
      '1',
      '--report-dir',
      dir,
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const api = await neverAnswers();
    const npx = spawn('npx', ['--yes', 'conformance', 'comment', dir, '--pr', '7', '--post'], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1', GITHUB_API_URL: api, GITHUB_REPOSITORY: 'owner/repo', GITHUB_TOKEN: 'ghs_fake' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    started.push(npx);
    let text = '';
    npx.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    // The comment is printed before it is posted: once it is, the tool waits on the API.
    await until(() => text.includes('Conformance: PASS'), `the comment: ${text}`, 120_000);
    const tool = childOf(childOf(npx.pid!)!)!;
    toolPids.push(tool);
    process.kill(npx.pid!, 'SIGINT');
    await until(() => !alive(tool), `comment to end: ${text}`);
    expect(text).toContain('✘ interrupted by SIGINT (sent to npx) while posting the comment');
  }, 240_000);
});
