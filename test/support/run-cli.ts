/**
 * Runs the command line as a user would and reads what it wrote: in this process (`runCliInProcess`, the
 * default of the tool's tests), or in a child process (`runCli`) for what only a process shows: signals, a
 * closed stdout, the start-up itself.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isBroken } from '../../src/report/broken-checks.js';
import { readReportFile } from '../../src/report/report-checks.js';
import { main } from '../../src/cli/main.js';
import { withOwnOutputBoundary } from '../../src/report/output-boundary.js';
import type { Report } from '../../src/report/model.js';
import type { RunningReferenceServer } from '../../src/server/types.js';

export const BIN = join(import.meta.dirname, '..', '..', 'bin', 'conformance.mjs');

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly reportDir: string;
}

/** `args` with a fresh temporary --report-dir when a run names none. */
function withReportDir(args: readonly string[]): { withDir: readonly string[]; reportDir: string } {
  const reportDir = mkdtempSync(join(tmpdir(), 'conformance-report-'));
  return { withDir: args.includes('--report-dir') || args[0] !== 'run' ? args : [...args, '--report-dir', reportDir], reportDir };
}

export function runCli(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
  timeoutMs = 240_000,
): Promise<CliResult> {
  const { withDir, reportDir } = withReportDir(args);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...withDir],
      { env: { ...process.env, ...env, NO_COLOR: '1' }, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr, reportDir });
      },
    );
  });
}

/**
 * The command line's `main` in this process, with the environment of `runCli` (this process's plus `env`) and
 * its output caught as a child's would be; several may run at once, each behind its own output redactor. A run
 * has its checks inline (booting a worker per run would cost more than most runs), unless `env` or the
 * arguments choose an engine.
 */
export async function runCliInProcess(args: readonly string[], env: Record<string, string> = {}): Promise<CliResult> {
  const { withDir, reportDir } = withReportDir(args);
  let stdout = '';
  let stderr = '';
  const code = await withOwnOutputBoundary(() =>
    main(withDir, {
      env: { ...process.env, CONFORMANCE_ENGINE: 'inline', ...env, NO_COLOR: '1' },
      stdout: (line) => (stdout += `${line}\n`),
      stderr: (line) => (stderr += `${line}\n`),
    }),
  );
  return { code, stdout, stderr, reportDir };
}

/** The report.json of `dir`, every check whole (report.json keeps little of a passed check). */
export function readReport(dir: string): Report {
  return readReportFile(join(dir, 'report.json'));
}

/** The arguments that point the CLI at a running server, with its own data as the fixtures file. */
export function targetArgs(server: RunningReferenceServer): { args: string[]; env: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-fixtures-'));
  const fixtures = join(dir, 'fixtures.json');
  writeFileSync(fixtures, JSON.stringify(server.fixtures));
  return {
    args: ['--target', server.origin, '--fixtures', fixtures],
    env: { CONFORMANCE_ACCESS_KEY: server.accessKey, CONFORMANCE_LIMITED_ACCESS_KEY: server.limitedAccessKey },
  };
}

/** Every failed or errored result of a report, flattened. */
export function brokenResults(report: Report) {
  return [...report.networks.flatMap((n) => n.operations), ...report.global.operations].flatMap((o) => o.checks).filter(isBroken);
}

/** Each base given on its own flag, for a server with the reference layout at `origin` (which may carry a path). */
export function perBaseArgs(origin: string): string[] {
  return [
    '--marketplace-url',
    `${origin}/marketplace`,
    '--api-url',
    origin,
    '--metadata-url',
    origin,
    '--relayer-url',
    `${origin}/relayer/{network}`,
    '--indexer-url',
    `${origin}/indexer/{network}`,
  ];
}
