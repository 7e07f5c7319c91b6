/**
 * Runs a job of a GitHub Actions workflow here, as the runner would: its steps in order, each `run:` written to
 * a file and run by `bash -e` (the runner's default shell on Linux when a step names none) in the job's
 * workspace, with the workflow's, the job's and the step's `env`, the GITHUB_* variables a runner sets, and the
 * step's `$GITHUB_OUTPUT` read back as its outputs. `${{ … }}` is replaced from a small table (the expressions
 * the example workflows use; any other is an error, so the table and the workflows cannot drift apart), and
 * `if:` is judged from the same table and the steps' outcomes. What only the runner does (the `uses:` actions,
 * and steps a test stands in for, such as a placeholder) is the test's `standIn`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

export interface WorkflowStep {
  readonly name?: string;
  readonly id?: string;
  readonly if?: string;
  readonly run?: string;
  readonly uses?: string;
  readonly env?: Record<string, string | number | boolean>;
  readonly with?: Record<string, string | number | boolean>;
  readonly 'continue-on-error'?: boolean;
}

export interface Workflow {
  readonly name: string;
  readonly env?: Record<string, string | number | boolean>;
  readonly jobs: Record<string, { readonly env?: Record<string, string>; readonly steps: readonly WorkflowStep[] }>;
  readonly [key: string]: unknown;
}

export function readWorkflow(file: string): Workflow {
  return parse(readFileSync(file, 'utf8')) as Workflow;
}

export interface StepRecord {
  readonly step: WorkflowStep;
  /** success, failure or skipped, before continue-on-error (what `steps.<id>.outcome` says). */
  readonly outcome: 'success' | 'failure' | 'skipped';
  readonly exitCode?: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly outputs: Record<string, string>;
  /** The script as it ran, its expressions replaced. */
  readonly script?: string;
}

/** What a stand-in answers for a step it takes over. */
export interface StandInResult {
  readonly outcome?: 'success' | 'failure';
  readonly outputs?: Record<string, string>;
  /** Variables the steps after it see (as a server started by a placeholder makes its origin known). */
  readonly env?: Record<string, string>;
}

export interface JobContext {
  readonly workspace: string;
  /** The values of `${{ … }}` other than the steps' own: `github.token`, `secrets.X`, `vars.X`, `matrix.X`, … */
  readonly expressions: Record<string, string>;
  /** The GITHUB_* variables and the like that the runner sets in every step. */
  readonly runnerEnv: Record<string, string>;
  /**
   * Takes over a step (a `uses:` one or one the test replaces), given the step's environment and its `with:`
   * with the expressions replaced: undefined leaves `run:` steps to run as written.
   */
  readonly standIn: (
    step: WorkflowStep,
    env: Record<string, string>,
    inputs: Record<string, string>,
  ) => Promise<StandInResult | undefined> | StandInResult | undefined;
}

export interface JobRun {
  readonly steps: StepRecord[];
  /** What the job ends as: failed when a step failed without continue-on-error. */
  readonly failed: boolean;
  byName(name: string): StepRecord;
}

const EXPRESSION = /\$\{\{\s*(.+?)\s*\}\}/g;

/** The environment a step starts from: this process's, without what a runner's step would not have. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || /^(CONFORMANCE_|GITHUB_|RUNNER_|npm_|VITEST|NODE_OPTIONS$)/.test(key)) continue;
    env[key] = value;
  }
  return env;
}

/** The longest a step may take here; its whole process group is ended then. */
const STEP_LIMIT_MS = 600_000;

/**
 * Runs a step's script without blocking this process (the fake servers a test gives the job live here), in
 * a process group of its own, so that what it leaves running in the foreground is ended with it at the limit.
 */
function runScript(file: string, cwd: string, env: Record<string, string>): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-e', file], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const limit = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), STEP_LIMIT_MS);
    child.once('close', (code) => {
      clearTimeout(limit);
      resolve({ status: code ?? -1, stdout, stderr });
    });
  });
}

export async function runJob(workflow: Workflow, jobName: string, context: JobContext): Promise<JobRun> {
  const job = workflow.jobs[jobName]!;
  const records: StepRecord[] = [];
  const byId = new Map<string, StepRecord>();
  let failed = false;
  let carried: Record<string, string> = {};

  const value = (expression: string): string => {
    const step = /^steps\.([\w-]+)\.(outputs\.([\w-]+)|outcome)$/.exec(expression);
    if (step) {
      const record = byId.get(step[1]!);
      return step[3] ? (record?.outputs[step[3]] ?? '') : (record?.outcome ?? '');
    }
    const known = context.expressions[expression];
    if (known === undefined) throw new Error(`the test's table has no value for \${{ ${expression} }}`);
    return known;
  };
  const substitute = (text: string): string => text.replace(EXPRESSION, (_, expression: string) => value(expression));
  const condition = (text: string | undefined): boolean => {
    if (text === undefined) return !failed;
    const inner = text.trim().replace(/^\$\{\{\s*|\s*\}\}$/g, '');
    return inner.split('&&').every((term) => {
      const t = term.trim();
      if (t === '!cancelled()' || t === 'always()') return true;
      if (t === 'success()') return !failed;
      if (t === 'failure()') return failed;
      const comparison = /^([\w.-]+)\s*(==|!=)\s*'([^']*)'$/.exec(t);
      if (!comparison) throw new Error(`the test cannot judge the condition ${t}`);
      const equal = value(comparison[1]!) === comparison[3];
      return comparison[2] === '==' ? equal : !equal;
    });
  };
  const envOf = (values: Record<string, string | number | boolean> | undefined): Record<string, string> =>
    Object.fromEntries(Object.entries(values ?? {}).map(([key, v]) => [key, substitute(String(v))]));

  for (const step of job.steps) {
    if (!condition(step.if)) {
      const record: StepRecord = { step, outcome: 'skipped', stdout: '', stderr: '', outputs: {} };
      records.push(record);
      if (step.id) byId.set(step.id, record);
      continue;
    }
    const outputFile = join(mkdtempSync(join(tmpdir(), 'step-')), 'output');
    writeFileSync(outputFile, '');
    const env = {
      ...baseEnv(),
      ...context.runnerEnv,
      ...envOf(workflow.env),
      ...envOf(job.env),
      ...carried,
      ...envOf(step.env),
      GITHUB_OUTPUT: outputFile,
    };
    let record: StepRecord;
    const standIn = await context.standIn(step, env, envOf(step.with));
    if (standIn) {
      record = { step, outcome: standIn.outcome ?? 'success', stdout: '', stderr: '', outputs: standIn.outputs ?? {} };
      carried = { ...carried, ...standIn.env };
    } else if (step.run !== undefined) {
      const script = substitute(step.run);
      const file = join(mkdtempSync(join(tmpdir(), 'step-script-')), 'step.sh');
      writeFileSync(file, script);
      const result = await runScript(file, context.workspace, env);
      const outputs = Object.fromEntries(
        (existsSync(outputFile) ? readFileSync(outputFile, 'utf8') : '')
          .split('\n')
          .map((line) => /^([\w-]+)=(.*)$/.exec(line))
          .filter((m): m is RegExpExecArray => m !== null)
          .map((m) => [m[1]!, m[2]!]),
      );
      record = {
        step,
        outcome: result.status === 0 ? 'success' : 'failure',
        exitCode: result.status,
        stdout: result.stdout,
        stderr: result.stderr,
        outputs,
        script,
      };
    } else {
      throw new Error(`nothing stands in for ${step.uses ?? step.name}`);
    }
    records.push(record);
    if (step.id) byId.set(step.id, record);
    if (record.outcome === 'failure' && step['continue-on-error'] !== true) failed = true;
  }
  return {
    steps: records,
    failed,
    byName(name) {
      const found = records.find((r) => r.step.name === name || r.step.run === name);
      if (!found) throw new Error(`no step named ${name}`);
      return found;
    },
  };
}
