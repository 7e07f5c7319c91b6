/**
 * examples/github/conformance.yml (the nightly) run as written: its YAML is read and each job's `run:` steps
 * run in order in bash (test/support/workflow-runner.ts): the shard job once per matrix value, each in a
 * workspace of its own, then the merge job. The test stands in for what the runner does itself: checkout,
 * setup-node, `npm ci` (the tool linked into the workspace), the artefacts (shard-N uploaded, downloaded into
 * shards/; the report and the history page uploaded) and `gh`, which lists no earlier night. A broken night
 * fails the merge and still makes the page. The pull-request gate is exercised in pr-workflow.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { faultByName } from '../../src/server/faults.js';
import { startReferenceServer } from '../../src/server/index.js';
import type { RunningReferenceServer } from '../../src/server/types.js';
import { readReport } from '../support/run-cli.js';
import { readWorkflow, runJob, type JobRun, type StandInResult, type WorkflowStep } from '../support/workflow-runner.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FILE = join(ROOT, 'examples', 'github', 'conformance.yml');
const WORKFLOW = readWorkflow(FILE);
const SHARD_JOB = WORKFLOW.jobs['shard'] as unknown as { strategy: { matrix: { shard: number[] } } };
const SHARDS = SHARD_JOB.strategy.matrix.shard;
const SEED = String(WORKFLOW.env!['CONFORMANCE_SEED']);

const servers: RunningReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** What `npm ci` leaves for `npx conformance`: the package in node_modules and its bin where npx looks. */
function installTool(workspace: string): void {
  writeFileSync(join(workspace, 'package.json'), JSON.stringify({ private: true, devDependencies: { 'rpc-conformance': '*' } }));
  mkdirSync(join(workspace, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(ROOT, join(workspace, 'node_modules', 'rpc-conformance'));
  symlinkSync(join('..', 'rpc-conformance', 'bin', 'conformance.mjs'), join(workspace, 'node_modules', '.bin', 'conformance'));
}

/** A `gh` that knows no earlier night: `gh run list` lists nothing (the runner has gh; this machine need not). */
function fakeGh(): string {
  const bin = mkdtempSync(join(tmpdir(), 'fake-gh-'));
  writeFileSync(join(bin, 'gh'), '#!/bin/sh\n[ "$1 $2" = "run list" ] && exit 0\necho "gh: not faked: $*" >&2\nexit 1\n');
  chmodSync(join(bin, 'gh'), 0o755);
  return bin;
}

/** One night in `root` against `server`: the shard job per matrix value, then the merge job. */
async function night(
  root: string,
  server: RunningReferenceServer,
): Promise<{ shards: JobRun[]; merge: JobRun; workspace: string; summary: string }> {
  const artefacts = join(root, 'artefacts');
  const summary = join(root, 'step-summary.md');
  writeFileSync(summary, '');
  const runnerEnv = (workspace: string): Record<string, string> => ({
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_REPOSITORY: 'owner/repo',
    GITHUB_STEP_SUMMARY: summary,
    PATH: `${fakeGh()}:${process.env['PATH']}`,
    // Fewer networks and operations than a full night, as repository variables would set them, so the test takes seconds.
    CONFORMANCE_NETWORKS: 'polygon,base',
    CONFORMANCE_OPERATIONS: 'Marketplace.GetCountOfFilteredCollectibles,API.GetSwapPrice,Builder.GetAudience',
    CONFORMANCE_RUNS: '2',
  });
  const expressions = {
    'vars.CONFORMANCE_TARGET': server.origin,
    'secrets.CONFORMANCE_ACCESS_KEY': server.accessKey,
    'github.token': 'ghs_faketoken1234567890',
    'github.workflow': WORKFLOW.name,
  };
  const standIn =
    (workspace: string) =>
    (step: WorkflowStep, env: Record<string, string>, inputs: Record<string, string>): StandInResult | undefined => {
      if (step.uses?.startsWith('actions/checkout@')) {
        expect(step.with?.['persist-credentials']).toBe(false);
        return {};
      }
      if (step.uses?.startsWith('actions/setup-node@')) return {};
      if (step.run === 'npm ci') {
        // The key is not in the environment of the install (its scripts) or of any step but the one that sends.
        expect(env['CONFORMANCE_ACCESS_KEY']).toBeUndefined();
        installTool(workspace);
        return {};
      }
      if (step.uses?.startsWith('actions/upload-artifact@')) {
        const { name, path } = inputs;
        cpSync(join(workspace, path!), join(artefacts, name!, path!), { recursive: true });
        return {};
      }
      if (step.uses?.startsWith('actions/download-artifact@')) {
        // pattern shard-*: each artefact into a folder of its name under `path`.
        for (const shard of SHARDS) {
          const name = `shard-${shard}`;
          if (existsSync(join(artefacts, name)))
            cpSync(join(artefacts, name, name), join(workspace, inputs['path']!, name), { recursive: true });
        }
        return {};
      }
      return undefined;
    };
  const shards: JobRun[] = [];
  for (const shard of SHARDS) {
    const workspace = mkdtempSync(join(root, `shard-${shard}-`));
    shards.push(
      await runJob(WORKFLOW, 'shard', {
        workspace,
        runnerEnv: runnerEnv(workspace),
        expressions: { ...expressions, 'matrix.shard': String(shard) },
        standIn: standIn(workspace),
      }),
    );
  }
  const workspace = mkdtempSync(join(root, 'merge-'));
  const merge = await runJob(WORKFLOW, 'merge', { workspace, runnerEnv: runnerEnv(workspace), expressions, standIn: standIn(workspace) });
  return { shards, merge, workspace, summary };
}

const runSteps = (job: JobRun) => job.steps.filter((s) => s.script !== undefined);

describe('examples/github/conformance.yml', () => {
  it('is valid, keeps no token in the checkout, and gives the key only to the step that sends', () => {
    expect(() => execFileSync(join(ROOT, 'node_modules', '.bin', 'action-validator'), [FILE])).not.toThrow();
    expect(WORKFLOW['on']).toHaveProperty('schedule');
    expect(SHARDS).toEqual([1, 2, 3]);
    const keyed = (env: Record<string, unknown> | undefined) => Object.keys(env ?? {}).filter((k) => /KEY|TOKEN/.test(k));
    expect(keyed(WORKFLOW.env)).toEqual([]);
    for (const [name, job] of Object.entries(WORKFLOW.jobs)) {
      expect(keyed(job.env), name).toEqual([]);
      for (const step of job.steps.filter((s) => s.uses?.startsWith('actions/checkout@')))
        expect(step.with?.['persist-credentials']).toBe(false);
    }
    const sending = Object.values(WORKFLOW.jobs).flatMap((job) => job.steps.filter((s) => s.env?.['CONFORMANCE_ACCESS_KEY'] !== undefined));
    expect(sending.map((s) => s.run?.split(' ').slice(0, 3).join(' '))).toEqual(['npx conformance run']);
  });

  it('a night runs its steps as written: shards, merge, history; a broken night fails the merge and still makes the page', async () => {
    const clean = await startReferenceServer({ host: '127.0.0.1', port: 0 });
    servers.push(clean);
    const good = await night(mkdtempSync(join(tmpdir(), 'workflow-nightly-')), clean);
    for (const job of [...good.shards, good.merge]) {
      for (const step of runSteps(job)) expect(step.exitCode, `${step.script}\n${step.stdout}${step.stderr}`).toBe(0);
      expect(job.failed).toBe(false);
    }
    const base = readReport(join(good.workspace, 'conformance-report'));
    expect(base.verdict).toBe('pass');
    expect(String(base.run.seed)).toBe(SEED);
    expect(readFileSync(good.summary, 'utf8')).toContain('# ✔ Conformance report: PASS');
    expect(readFileSync(join(good.workspace, 'history.html'), 'utf8')).toContain('<html');

    const broken = await startReferenceServer({ host: '127.0.0.1', port: 0, faults: [faultByName('one-broken-network')!.hooks] });
    servers.push(broken);
    const bad = await night(mkdtempSync(join(tmpdir(), 'workflow-bad-night-')), broken);
    const merge = bad.merge.steps.find((s) => s.step.id === 'merge')!;
    expect(merge.exitCode, merge.stdout + merge.stderr).toBe(1);
    expect(merge.stdout).toMatch(/^::error title=MUST Marketplace\.GetCountOfFilteredCollectibles%3Aresponse-schema::failed on base: /m);
    expect(merge.stdout.split('\n').filter((l) => l.startsWith('::error ')).length).toBeLessThanOrEqual(10);
    expect(existsSync(join(bad.workspace, 'conformance-report', 'junit.xml'))).toBe(true);
    const history = bad.merge.byName('History of the last nights');
    expect(history.exitCode, history.stderr).toBe(0);
    expect(readFileSync(bad.summary, 'utf8')).toContain('# ✘ Conformance report: FAIL');
    expect(bad.merge.failed).toBe(true);
  }, 600_000);
});
