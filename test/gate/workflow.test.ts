/**
 * examples/github/conformance.yml (the nightly), run locally: its `npx conformance` commands in the order the
 * jobs run them — each shard of the matrix, the artefact transfer the runner does (shard-N uploaded,
 * downloaded into shards/shard-N), the merge, and the history page of the nights (tonight's report copied
 * into nights/, as the step does before downloading the earlier ones). A broken night fails the merge and
 * still makes the page. The workflow's own seed and GITHUB_ACTIONS are used. The pull-request gate,
 * conformance-pr.yml, is exercised in pr-workflow.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { faultByName } from '../../src/server/faults.js';
import { startReferenceServer } from '../../src/server/index.js';
import type { RunningReferenceServer } from '../../src/server/types.js';
import { readReport, runCliInProcess } from '../support/run-cli.js';

const WORKFLOW = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'github', 'conformance.yml'), 'utf8');

/** The workflow's conformance commands, in file order (the order its jobs and steps run). */
const COMMANDS = WORKFLOW.split('\n')
  .map((line) => /(?:^|\s)(npx conformance .*)$/.exec(line)?.[1])
  .filter((c): c is string => c !== undefined);
const SHARDS = JSON.parse(/^\s+shard: (\[[\d, ]+\])$/m.exec(WORKFLOW)![1]!) as number[];
const SEED = /^\s+CONFORMANCE_SEED: '(\d+)'$/m.exec(WORKFLOW)![1]!;

const servers: RunningReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

interface Step {
  readonly command: string;
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Flags whose value is a path, relative to the job's working directory. */
const PATH_FLAGS = new Set(['--report-dir', '--expectations', '--fixtures', '--out', '--config']);

/**
 * Runs a workflow step's `npx conformance …` as the job would: bash expands its words (the `$(…)` of the step)
 * in the job's working directory, and the command line runs in this process with its paths resolved there.
 */
async function sh(command: string, cwd: string, env: Record<string, string>): Promise<Step> {
  const words = execFileSync('bash', ['-c', `printf '%s\\0' ${command.replace(/^npx conformance /, '')}`], { cwd, encoding: 'utf8' })
    .split('\0')
    .slice(0, -1);
  const args = words.map((word, i) => {
    const previous = words[i - 1] ?? '';
    const positional = i > 0 && !word.startsWith('-') && (i === 1 || !previous.startsWith('-'));
    return PATH_FLAGS.has(previous) || positional ? resolve(cwd, word) : word;
  });
  return { command, ...(await runCliInProcess(args, env)) };
}

/** One night of the workflow in `workspace` against `server`: the shard job per matrix value, then the merge job. */
async function runWorkflow(workspace: string, server: RunningReferenceServer): Promise<Step[]> {
  const summary = join(workspace, 'step-summary.md');
  writeFileSync(summary, '');
  const env = {
    CONFORMANCE_TARGET: server.origin,
    CONFORMANCE_ACCESS_KEY: server.accessKey,
    CONFORMANCE_SEED: SEED,
    // Fewer networks and operations than the nightly's full run, so that the test takes seconds.
    CONFORMANCE_NETWORKS: 'polygon,base',
    CONFORMANCE_OPERATIONS: 'Marketplace.GetCountOfFilteredCollectibles,API.GetSwapPrice,Builder.GetAudience',
    CONFORMANCE_RUNS: '2',
    GITHUB_ACTIONS: 'true',
    GITHUB_STEP_SUMMARY: summary,
  };
  const steps: Step[] = [];
  for (const command of COMMANDS) {
    if (command.includes('${{ matrix.shard }}')) {
      for (const shard of SHARDS) {
        // The step sets GITHUB_ACTIONS to 'false' for shards: the merge job publishes.
        steps.push(await sh(command.replaceAll('${{ matrix.shard }}', String(shard)), workspace, { ...env, GITHUB_ACTIONS: 'false' }));
        // upload-artifact shard-N, then download-artifact pattern shard-* into shards/.
        mkdirSync(join(workspace, 'shards'), { recursive: true });
        cpSync(join(workspace, `shard-${shard}`), join(workspace, 'shards', `shard-${shard}`), { recursive: true });
      }
    } else if (command.includes(' history ')) {
      mkdirSync(join(workspace, 'nights'), { recursive: true });
      cpSync(join(workspace, 'conformance-report'), join(workspace, 'nights', 'tonight'), { recursive: true });
      steps.push(await sh(command, workspace, env));
    } else steps.push(await sh(command, workspace, env));
  }
  return steps;
}

describe('examples/github/conformance.yml', () => {
  it('has a sharded run, a merge and a history page, and its commands run in order locally', async () => {
    expect(COMMANDS.map((c) => c.split(' ')[2])).toEqual(['run', 'merge', 'history']);
    expect(SHARDS).toEqual([1, 2, 3]);
    expect(WORKFLOW).toMatch(/^on:\n {2}schedule:/m);

    const clean = await startReferenceServer({ host: '127.0.0.1', port: 0 });
    servers.push(clean);
    const nightly = mkdtempSync(join(tmpdir(), 'workflow-nightly-'));
    const night = await runWorkflow(nightly, clean);
    for (const step of night) expect(step.code, `${step.command}\n${step.stdout}${step.stderr}`).toBe(0);
    const base = readReport(join(nightly, 'conformance-report'));
    expect(base.verdict).toBe('pass');
    expect(String(base.run.seed)).toBe(SEED);
    expect(readFileSync(join(nightly, 'step-summary.md'), 'utf8')).toContain('# ✔ Conformance report: PASS');
    expect(readFileSync(join(nightly, 'history.html'), 'utf8')).toContain('<html');

    const broken = await startReferenceServer({ host: '127.0.0.1', port: 0, faults: [faultByName('one-broken-network')!.hooks] });
    servers.push(broken);
    const badNight = mkdtempSync(join(tmpdir(), 'workflow-bad-night-'));
    const steps = await runWorkflow(badNight, broken);
    const merge = steps.find((s) => s.command.includes(' merge '))!;
    expect(merge.code, merge.stdout + merge.stderr).toBe(1);
    expect(merge.stdout).toMatch(/^::error title=MUST Marketplace\.GetCountOfFilteredCollectibles%3Aresponse-schema::failed on base: /m);
    expect(merge.stdout.split('\n').filter((l) => l.startsWith('::error ')).length).toBeLessThanOrEqual(10);
    expect(existsSync(join(badNight, 'conformance-report', 'junit.xml'))).toBe(true);
    const history = steps.find((s) => s.command.includes(' history '))!;
    expect(history.code, history.stderr).toBe(0);
    expect(readFileSync(join(badNight, 'step-summary.md'), 'utf8')).toContain('# ✘ Conformance report: FAIL');
  }, 600_000);
});
