/**
 * examples/github/conformance-pr.yml, its steps exercised locally: the reference server (with a fault) stands
 * in for the pull request's build, started where the placeholder starts it; `conformance wait` waits for it;
 * the run gates with the committed expectations file; on the first push there is no nightly report, on the
 * second the nightly's report is downloaded and compared with; the comment step posts to a fake GitHub API on
 * loopback: one comment, created on the first push and updated on the second. What the runner does itself
 * (checkout, upload, gh) is stood in for by the test, as the comments say.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultByName } from '../../src/server/faults.js';
import { startReferenceServer } from '../../src/server/index.js';
import type { RunningReferenceServer } from '../../src/server/types.js';
import { COMMENT_MARKER, MAX_COMMENT_CHARS } from '../../src/gate/pr-comment.js';
import { runCliInProcess } from '../support/run-cli.js';

const WORKFLOW = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'github', 'conformance-pr.yml'), 'utf8');
const COMMANDS = WORKFLOW.split('\n')
  .map((line) => /(?:^|\s)(npx conformance .*)$/.exec(line)?.[1])
  .filter((c): c is string => c !== undefined);
const SEED = /^\s+CONFORMANCE_SEED: '(\d+)'$/m.exec(WORKFLOW)![1]!;
const PR = 7;
const ARTIFACT_URL = 'https://github.com/owner/repo/actions/runs/1/artifacts/2';
const PATH_FLAGS = new Set(['--report-dir', '--expectations', '--fixtures', '--out', '--config', '--baseline']);
const SCOPE = {
  CONFORMANCE_NETWORKS: 'polygon,base',
  CONFORMANCE_OPERATIONS: 'Marketplace.GetCountOfFilteredCollectibles,API.GetSwapPrice',
  CONFORMANCE_RUNS: '2',
};

interface Step {
  readonly command: string;
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * A step's `npx conformance …` as the job runs it: bash expands its words (`$(…)`, `"$VAR"`) in the job's
 * directory with the job's environment, `${{ … }}` having been replaced by the runner; a `>> "$GITHUB_STEP_SUMMARY"`
 * appends the output to the summary.
 */
async function sh(command: string, cwd: string, env: Record<string, string>): Promise<Step> {
  const [line, redirect] = command.replaceAll('${{ github.event.pull_request.number }}', String(PR)).split(' >> ');
  const words = execFileSync('bash', ['-c', `printf '%s\\0' ${line!.replace(/^npx conformance /, '')}`], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  })
    .split('\0')
    .slice(0, -1);
  const args = words.map((word, i) => {
    const previous = words[i - 1] ?? '';
    const positional = i > 0 && !word.startsWith('-') && !/^https?:/.test(word) && (i === 1 || !previous.startsWith('-'));
    return PATH_FLAGS.has(previous) || positional ? resolve(cwd, word) : word;
  });
  const result = await runCliInProcess(args, env);
  if (redirect) writeFileSync(env['GITHUB_STEP_SUMMARY']!, result.stdout, { flag: 'a' });
  return { command, ...result };
}

/** GitHub's issue comments API, enough of it: list, create, update; every call recorded. */
interface FakeGitHub {
  readonly origin: string;
  readonly comments: { id: number; body: string }[];
  readonly calls: string[];
  readonly tokens: string[];
  close(): Promise<void>;
}

async function fakeGitHub(): Promise<FakeGitHub> {
  const comments: { id: number; body: string }[] = [{ id: 1, body: 'a reviewer said something' }];
  const calls: string[] = [];
  const tokens: string[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      calls.push(`${req.method} ${req.url}`);
      tokens.push(req.headers.authorization ?? '');
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const list = /^\/repos\/owner\/repo\/issues\/(\d+)\/comments(\?.*)?$/.exec(req.url ?? '');
      const one = /^\/repos\/owner\/repo\/issues\/comments\/(\d+)$/.exec(req.url ?? '');
      if (list && Number(list[1]) === PR && req.method === 'GET') return json(200, comments);
      if (list && Number(list[1]) === PR && req.method === 'POST') {
        const created = { id: comments.length + 1, body: (JSON.parse(text) as { body: string }).body };
        comments.push(created);
        return json(201, created);
      }
      if (one && req.method === 'PATCH') {
        const found = comments.find((c) => c.id === Number(one[1]));
        if (!found) return json(404, { message: 'Not Found' });
        found.body = (JSON.parse(text) as { body: string }).body;
        return json(200, found);
      }
      json(404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    comments,
    calls,
    tokens,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

let pullRequestBuild: RunningReferenceServer;
let nightlyServer: RunningReferenceServer;
let github: FakeGitHub;

beforeAll(async () => {
  pullRequestBuild = await startReferenceServer({ host: '127.0.0.1', port: 0, faults: [faultByName('one-broken-network')!.hooks] });
  nightlyServer = await startReferenceServer({ host: '127.0.0.1', port: 0 });
  github = await fakeGitHub();
});

afterAll(async () => {
  await Promise.all([pullRequestBuild?.close(), nightlyServer?.close(), github?.close()]);
});

/** One push: the job's steps in order, in `workspace`; `nightly` is the report the "find the nightly" step downloads. */
async function push(workspace: string, nightly: string | undefined): Promise<Map<string, Step>> {
  const summary = join(workspace, 'step-summary.md');
  writeFileSync(summary, '');
  const env = {
    ...SCOPE,
    CONFORMANCE_TARGET: pullRequestBuild.origin,
    CONFORMANCE_ACCESS_KEY: pullRequestBuild.accessKey,
    CONFORMANCE_SEED: SEED,
    GITHUB_ACTIONS: 'true',
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_API_URL: github.origin,
    GITHUB_REPOSITORY: 'owner/repo',
    GITHUB_TOKEN: 'ghs_faketoken1234567890',
    ARTIFACT_URL,
  };
  // The committed expectations file: one failure of this pull request's server is known.
  writeFileSync(
    join(workspace, 'conformance-expectations.json'),
    JSON.stringify({
      expectations: [{ check: 'Marketplace.GetCountOfFilteredCollectibles:valid-request-not-5xx', networks: ['base'], reason: 'ticket 9' }],
    }),
  );
  // "Find the latest nightly report": gh run download, or the line saying there is none.
  if (nightly) cpSync(nightly, join(workspace, 'nightly-report'), { recursive: true });
  else writeFileSync(summary, 'No nightly report to compare with yet\n', { flag: 'a' });
  const steps = new Map<string, Step>();
  for (const command of COMMANDS) {
    const name = command.split(' ')[2]!;
    if (name === 'diff' && !nightly) continue;
    steps.set(name, await sh(command, workspace, env));
  }
  return steps;
}

describe('examples/github/conformance-pr.yml', () => {
  it('gates the pull request build: placeholders, current action majors, the steps in order', () => {
    expect(WORKFLOW).toMatch(/^on:\n {2}pull_request:/m);
    expect(WORKFLOW).toContain('Build the server under test (PLACEHOLDER)');
    expect(WORKFLOW).toContain('Start the server under test (PLACEHOLDER)');
    expect(WORKFLOW).toContain('pull-requests: write');
    expect(COMMANDS.map((c) => c.split(' ')[2])).toEqual(['wait', 'run', 'diff', 'comment']);
    const uses = [...WORKFLOW.matchAll(/uses: (actions\/[\w-]+)@v(\d+)/g)].map((m) => [m[1], Number(m[2])] as const);
    const minimum: Record<string, number> = { 'actions/checkout': 5, 'actions/setup-node': 5, 'actions/upload-artifact': 6 };
    for (const [action, major] of uses) expect(major, action).toBeGreaterThanOrEqual(minimum[action!] ?? 0);
    expect(uses.map(([a]) => a)).toEqual(['actions/checkout', 'actions/setup-node', 'actions/upload-artifact']);
    for (const file of ['conformance-pr.yml', 'conformance.yml']) {
      const validator = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'action-validator');
      expect(() => execFileSync(validator, [join(import.meta.dirname, '..', '..', 'examples', 'github', file)])).not.toThrow();
    }
  });

  it('waits for the build, gates with the expectations, compares with the nightly when there is one, and keeps one comment', async () => {
    const first = mkdtempSync(join(tmpdir(), 'pr-push-1-'));
    const one = await push(first, undefined);
    expect(one.get('wait')!.code, one.get('wait')!.stdout).toBe(0);
    expect(one.get('wait')!.stdout).toMatch(/answered HTTP \d+ after/);
    const run = one.get('run')!;
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toContain('Expected failures — 1 check');
    // How many checks the broken build fails beyond the expected one depends on the requests the seed generates.
    const newFailures = /— fails: (\d+ new failures?)$/m.exec(run.stdout)?.[1];
    expect(newFailures, run.stdout).toBeDefined();
    const annotations = run.stdout.split('\n').filter((l) => l.startsWith('::error '));
    expect(annotations.length).toBeGreaterThan(0);
    expect(annotations.length).toBeLessThanOrEqual(10);
    const comment = one.get('comment')!;
    expect(comment.code, comment.stderr).toBe(0);
    expect(comment.stdout).toContain(`comment created on pull request #${PR}`);
    expect(comment.stdout).not.toContain('ghs_faketoken1234567890');
    expect(github.comments).toHaveLength(2);
    const posted = github.comments[1]!.body;
    expect(posted.startsWith(COMMENT_MARKER)).toBe(true);
    expect(posted).toContain(`## ✘ Conformance: FAIL — fails: ${newFailures}`);
    expect(posted).toContain('No nightly report to compare with');
    expect(posted).toContain('`Marketplace.GetCountOfFilteredCollectibles:response-schema`');
    expect(posted).toContain(`(${ARTIFACT_URL})`);
    expect(posted.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS);
    expect(github.tokens.every((t) => t === 'Bearer ghs_faketoken1234567890')).toBe(true);

    // The nightly of the default branch: a conformant server, the workflow's seed.
    const nightly = await runCliInProcess(['run', '--target', nightlyServer.origin], {
      ...SCOPE,
      CONFORMANCE_ACCESS_KEY: nightlyServer.accessKey,
      CONFORMANCE_SEED: SEED,
    });
    expect(nightly.code, nightly.stdout + nightly.stderr).toBe(0);

    const second = mkdtempSync(join(tmpdir(), 'pr-push-2-'));
    const two = await push(second, nightly.reportDir);
    expect(two.get('diff')!.code).toBe(1);
    expect(readFileSync(join(second, 'step-summary.md'), 'utf8')).toContain('**HEAD has new failures.**');
    expect(two.get('comment')!.stdout).toContain(`comment updated on pull request #${PR}`);
    expect(github.comments).toHaveLength(2);
    const updated = github.comments[1]!.body;
    expect(updated).toContain('Compared with the latest nightly report');
    expect(updated).toContain(`### New failures since the nightly (${Number.parseInt(newFailures!, 10)})`);
    expect(github.calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
    expect(github.calls.filter((c) => c.startsWith('PATCH'))).toEqual([`PATCH /repos/owner/repo/issues/comments/2`]);
  }, 600_000);

  it('wait gives up at its deadline with one line, exit 1; a bad URL is a usage error', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const result = await runCliInProcess(['wait', `http://127.0.0.1:${port}`, '--timeout', '2s']);
    expect(result.code).toBe(1);
    expect(result.stdout.trim().split('\n').at(-1)).toBe(
      `✘ http://127.0.0.1:${port} did not answer within 2 s (last attempt: ECONNREFUSED)`,
    );
    const bad = await runCliInProcess(['wait', 'ftp://x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe('conformance: wait URL: only http and https URLs are supported, got ftp:');
  });

  it('comment --post without its environment names what is missing (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'comment-'));
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
    expect(run.code).toBe(0);
    const result = await runCliInProcess(['comment', dir, '--post'], { GITHUB_REPOSITORY: '', GITHUB_TOKEN: '' });
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe('conformance: comment --post needs --pr N, GITHUB_REPOSITORY, GITHUB_TOKEN');
    const printed = await runCliInProcess(['comment', dir]);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain('## ✔ Conformance: PASS');
  }, 240_000);
});
