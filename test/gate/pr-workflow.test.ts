/**
 * examples/github/conformance-pr.yml run as written: its YAML is read and its job's `run:` steps are run in
 * order by bash in a workspace, as a runner would (test/support/workflow-runner.ts). The test stands in for
 * what the runner and the repository do themselves: checkout and setup-node (the workspace is the checkout),
 * `npm ci` (the tool linked into the workspace's node_modules, so `npx conformance` finds it), the two
 * PLACEHOLDER steps (the reference server, `conformance serve`, started with the key the job made up, writing
 * its fixtures where the workflow reads them), upload-artifact (an artefact link) and download-artifact (the
 * nightly's report). GitHub's REST API is a fake on loopback (workflow runs, issue comments). Four pull
 * requests: the first one (no expectations file, no nightly), one from a fork (no secrets, a read-only token),
 * one that breaks a rule, and one that fixes a listed failure.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultByName } from '../../src/server/faults.js';
import { COMMENT_MARKER, MAX_COMMENT_CHARS } from '../../src/gate/pr-comment.js';
import { BIN, runCliInProcess } from '../support/run-cli.js';
import { readWorkflow, runJob, type JobRun, type StandInResult, type WorkflowStep } from '../support/workflow-runner.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FILE = join(ROOT, 'examples', 'github', 'conformance-pr.yml');
const WORKFLOW = readWorkflow(FILE);
const STEPS = WORKFLOW.jobs['gate']!.steps;
const PR = 7;
const ARTIFACT_URL = 'https://github.com/owner/repo/actions/runs/1/artifacts/2';
const TOKEN = 'ghs_faketoken1234567890';
/** A fault the quick profile catches on every network, and the check it trips. */
const FAULT = 'wrong-field-type';
const FAULT_CHECK = `Marketplace.GetFloorOrder:${faultByName(FAULT)!.trips[0]!.check}`;

/** GitHub's REST API, enough of it: the nightly's runs, and the issue comments (list, create, update). */
interface FakeGitHub {
  readonly origin: string;
  readonly comments: { id: number; body: string }[];
  readonly calls: string[];
  readonly tokens: string[];
  /** The nightly run the API lists, when there is one. */
  nightlyRunId: number | undefined;
  /** As for a pull request from a fork: the token may read, not write. */
  readOnly: boolean;
  close(): Promise<void>;
}

async function fakeGitHub(): Promise<FakeGitHub> {
  const state = { nightlyRunId: undefined as number | undefined, readOnly: false };
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
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'GET' && url.pathname === '/repos/owner/repo/actions/workflows/conformance.yml/runs') {
        const listed = url.searchParams.get('branch') === 'main' && url.searchParams.get('status') === 'completed';
        return json(200, { total_count: 0, workflow_runs: listed && state.nightlyRunId ? [{ id: state.nightlyRunId }] : [] });
      }
      const list = /^\/repos\/owner\/repo\/issues\/(\d+)\/comments$/.exec(url.pathname);
      const one = /^\/repos\/owner\/repo\/issues\/comments\/(\d+)$/.exec(url.pathname);
      if ((req.method === 'POST' || req.method === 'PATCH') && state.readOnly)
        return json(403, { message: 'Resource not accessible by integration' });
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
  return Object.assign(state, {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    comments,
    calls,
    tokens,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}

let github: FakeGitHub;
const servers: ChildProcess[] = [];
beforeAll(async () => {
  github = await fakeGitHub();
});
afterAll(async () => {
  for (const server of servers) if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  await github?.close();
});

/** `conformance serve` as the start step's stand-in: its origin once it listens. */
async function startServer(args: readonly string[]): Promise<string> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  servers.push(child);
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => text.includes('Ctrl-C stops it') && resolve());
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${text}`)));
  });
  return /listening at (\S+)/.exec(text)![1]!;
}

interface PullRequest {
  /** Files committed in the pull request's tree (the checkout). */
  readonly committed?: Record<string, string>;
  /** Named faults of the pull request's server. */
  readonly faults?: readonly string[];
  /** Whether the job gets the repository's secrets: not for a pull request from a fork. */
  readonly fork?: boolean;
  /** The nightly's report folder the API's latest run has as its artefact. */
  readonly nightly?: string;
}

/** One push of a pull request: the job as written, in a fresh workspace. */
async function push(pr: PullRequest): Promise<{ job: JobRun; workspace: string; summary: string }> {
  const workspace = mkdtempSync(join(tmpdir(), 'pr-job-'));
  for (const [name, content] of Object.entries(pr.committed ?? {})) writeFileSync(join(workspace, name), content);
  const summary = join(workspace, '..', `${workspace.split('/').pop()}-summary.md`);
  writeFileSync(summary, '');
  github.nightlyRunId = pr.nightly ? 4242 : undefined;
  github.readOnly = pr.fork === true;
  const standIn = async (
    step: WorkflowStep,
    env: Record<string, string>,
    inputs: Record<string, string>,
  ): Promise<StandInResult | undefined> => {
    if (step.uses?.startsWith('actions/checkout@')) {
      expect(step.with?.['persist-credentials']).toBe(false);
      return {};
    }
    if (step.uses?.startsWith('actions/setup-node@')) return {};
    if (step.run === 'npm ci') {
      // What npm ci leaves for `npx conformance`: the package in node_modules and its bin on the path npx reads.
      writeFileSync(join(workspace, 'package.json'), JSON.stringify({ private: true, devDependencies: { 'rpc-conformance': '*' } }));
      mkdirSync(join(workspace, 'node_modules', '.bin'), { recursive: true });
      symlinkSync(ROOT, join(workspace, 'node_modules', 'rpc-conformance'));
      symlinkSync(join('..', 'rpc-conformance', 'bin', 'conformance.mjs'), join(workspace, 'node_modules', '.bin', 'conformance'));
      return {};
    }
    if (step.name?.startsWith('Build the server under test (PLACEHOLDER)')) return {};
    if (step.name?.startsWith('Start the server under test (PLACEHOLDER)')) {
      // The key this step was given is the one the job made up; the server writes the fixtures of its data.
      const key = env['CONFORMANCE_ACCESS_KEY']!;
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      const origin = await startServer([
        '--access-key',
        key,
        '--fixtures-out',
        join(workspace, 'conformance-fixtures.json'),
        ...(pr.faults?.length ? ['--fault', pr.faults.join(',')] : []),
      ]);
      // The workflow's fixed port is the example's; a test listens on a free one.
      return { env: { CONFORMANCE_TARGET: origin } };
    }
    if (step.uses?.startsWith('actions/download-artifact@')) {
      // The run the API listed as the latest nightly, found by the step before.
      expect(inputs['run-id']).toBe(String(github.nightlyRunId));
      if (!pr.nightly) return { outcome: 'failure' };
      cpSync(pr.nightly, join(workspace, inputs['path']!), { recursive: true });
      return {};
    }
    if (step.uses?.startsWith('actions/upload-artifact@')) {
      expect(existsSync(join(workspace, 'conformance-report', 'report.json'))).toBe(true);
      return { outputs: { 'artifact-url': ARTIFACT_URL } };
    }
    return undefined;
  };
  const job = await runJob(WORKFLOW, 'gate', {
    workspace,
    runnerEnv: {
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      GITHUB_REPOSITORY: 'owner/repo',
      GITHUB_API_URL: github.origin,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_STEP_SUMMARY: summary,
      RUNNER_TEMP: mkdtempSync(join(tmpdir(), 'runner-temp-')),
    },
    expressions: {
      'github.token': TOKEN,
      'github.event.pull_request.number': String(PR),
      'github.event.repository.default_branch': 'main',
      // No `secrets.*`: the workflow names none, so a fork's job, which gets none, runs the same steps.
    },
    standIn,
  });
  return { job, workspace, summary };
}

const stepOf = (job: JobRun, name: string) => job.byName(name);
const lastComment = () => github.comments.at(-1)!.body;

describe('examples/github/conformance-pr.yml', () => {
  it('is valid, keeps no token in the checkout and no key in the workflow or job environment', () => {
    expect(() => execFileSync(join(ROOT, 'node_modules', '.bin', 'action-validator'), [FILE])).not.toThrow();
    // No secret anywhere in what runs (the header's comment shows how a remote target would take one).
    expect(JSON.stringify(WORKFLOW)).not.toMatch(/\$\{\{\s*secrets\./);
    const keyed = (env: Record<string, unknown> | undefined) => Object.keys(env ?? {}).filter((k) => /KEY|TOKEN/.test(k));
    expect(keyed(WORKFLOW.env)).toEqual([]);
    expect(keyed(WORKFLOW.jobs['gate']!.env)).toEqual([]);
    const checkout = STEPS.find((s) => s.uses?.startsWith('actions/checkout@'))!;
    expect(checkout.with?.['persist-credentials']).toBe(false);
    // The key reaches the server that accepts it and the step that sends with it, nothing else.
    expect(STEPS.filter((s) => s.env?.['CONFORMANCE_ACCESS_KEY'] !== undefined).map((s) => s.id ?? s.name)).toEqual([
      'Start the server under test (PLACEHOLDER)',
      'certify',
    ]);
    const certify = STEPS.find((s) => s.id === 'certify')!;
    expect(certify.run).toContain('--profile quick');
    expect(certify.run).toContain('--fixtures conformance-fixtures.json');
  });

  let brokenReport: string;
  let firstReport: string;

  it('a first pull request (no expectations file, no nightly): a report, a comment, the job passes', async () => {
    const { job, workspace, summary } = await push({});
    const certify = stepOf(job, 'Certify it with the committed expectations');
    expect(certify.exitCode, certify.stdout + certify.stderr).toBe(0);
    expect(existsSync(join(workspace, 'conformance-report', 'report.json'))).toBe(true);
    expect(readFileSync(summary, 'utf8')).toContain('No nightly report to compare with yet');
    const comment = stepOf(job, 'Comment on the pull request (one comment, updated on each push)');
    expect(comment.exitCode, comment.stdout + comment.stderr).toBe(0);
    expect(comment.stdout).toContain(`comment created on pull request #${PR}`);
    expect(comment.stdout).not.toContain(TOKEN);
    expect(lastComment().startsWith(COMMENT_MARKER)).toBe(true);
    expect(lastComment()).toContain('## ✔ Conformance: PASS');
    expect(lastComment()).toContain(`(${ARTIFACT_URL})`);
    expect(github.tokens.every((t) => t === `Bearer ${TOKEN}`)).toBe(true);
    expect(stepOf(job, "The gate's verdict").outcome).toBe('skipped');
    expect(job.failed).toBe(false);
    firstReport = join(workspace, 'conformance-report');
  }, 600_000);

  it('a pull request from a fork (no secrets, a read-only token): gated all the same, the comment step warns', async () => {
    const before = github.comments.length;
    const { job } = await push({ fork: true });
    const certify = stepOf(job, 'Certify it with the committed expectations');
    expect(certify.exitCode, certify.stdout + certify.stderr).toBe(0);
    const comment = stepOf(job, 'Comment on the pull request (one comment, updated on each push)');
    expect(comment.exitCode).toBe(0);
    expect(comment.stdout).toContain('::warning title=pull request comment::not posted');
    expect(github.comments).toHaveLength(before);
    expect(job.failed).toBe(false);
  }, 600_000);

  it('a pull request that breaks a rule: the gate fails, the comment names the new failure and links the report', async () => {
    const { job, workspace, summary } = await push({ faults: [FAULT], nightly: firstReport });
    const certify = stepOf(job, 'Certify it with the committed expectations');
    expect(certify.exitCode, certify.stdout).toBe(1);
    expect(stepOf(job, "Download the nightly's report").outcome).toBe('success');
    expect(readFileSync(summary, 'utf8')).toContain('**HEAD has new failures.**');
    const comment = stepOf(job, 'Comment on the pull request (one comment, updated on each push)');
    expect(comment.exitCode, comment.stdout + comment.stderr).toBe(0);
    expect(comment.stdout).toContain(`comment updated on pull request #${PR}`);
    const posted = lastComment();
    expect(posted).toContain('## ✘ Conformance: FAIL');
    expect(posted).toContain('Compared with the latest nightly report');
    expect(posted).toMatch(/### New failures since the nightly \(\d+\)/);
    expect(posted).toContain(`\`${FAULT_CHECK}\``);
    expect(posted).toContain(`(${ARTIFACT_URL})`);
    expect(posted.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS);
    expect(stepOf(job, "The gate's verdict").outcome).toBe('failure');
    expect(job.failed).toBe(true);
    brokenReport = join(workspace, 'conformance-report');
  }, 600_000);

  it('a pull request that fixes a listed failure: an unexpected pass fails the gate until its line is removed', async () => {
    // The expectations file committed while the failure was known: written from the broken run's report.
    const listed = await runCliInProcess(['expectations', brokenReport]);
    expect(listed.code, listed.stderr).toBe(0);
    const { job } = await push({ committed: { 'conformance-expectations.json': listed.stdout } });
    const certify = stepOf(job, 'Certify it with the committed expectations');
    expect(certify.exitCode, certify.stdout).toBe(1);
    const posted = lastComment();
    expect(posted).toContain('### Unexpected passes (listed as expected failures: remove their lines)');
    expect(posted).toContain(`\`${FAULT_CHECK}\``);
    expect(job.failed).toBe(true);
  }, 600_000);
});

describe('the commands the gate uses', () => {
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
