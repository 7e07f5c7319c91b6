/**
 * `conformance run`: certifies a target (or, with none given, the embedded reference server) by running the
 * spec files through vitest with the conformance reporter, then prints a summary and decides the exit code.
 * The report is written whatever happens: a run that cannot start, crashes or is stopped (a signal,
 * --max-duration) still leaves one, with the incident named.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PassThrough } from 'node:stream';
import { startVitest, type Vitest } from 'vitest/node';
import { ConformanceReporter } from '../../reporters/conformance-reporter.js';
import { ReportFolder } from '../../reporters/report-folder.js';
import { REPORT_FILES, writeReport } from '../../reporters/write-report.js';
import { buildReport, type RunMetadata } from '../report/build.js';
import type { CheckResult, Report } from '../report/model.js';
import { notRunResults } from '../report/not-run.js';
import { armOutputRedactor } from '../report/output-boundary.js';
import { redactionInputsOf } from '../report/redaction-inputs.js';
import { findOperation, isPerNetwork } from '../contract/operations.js';
import { RUN_ENTRIES, SHARES_KEY, sharesFor, specFileOf, WIRE_SPEC } from '../harness/spec-files.js';
import { CONTRACT_VERSION } from '../contract/index.js';
import { PROVIDE_KEY, targetsFromOrigin, type RunConfig } from '../config/run-config.js';
import type { Fixtures } from '../config/fixtures.js';
import { startReferenceServer } from '../server/index.js';
import type { RunningReferenceServer } from '../server/types.js';
import { selectedUnits } from '../harness/work.js';
import { failsTheRun } from '../gate/report-checks.js';
import { probeTargets } from './probe.js';
import { runTerminal, type RunTerminal } from './terminal/index.js';
import { DEFAULT_MAX_DURATION_MS, type PartialRunConfig } from './run-options.js';
import { RunStopper } from './run-stop.js';
import { TOOL } from './tool.js';

export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RunOutcome {
  /** 0 pass; 1 fail (or stopped by --max-duration); 130/143 interrupted by SIGINT/SIGTERM. */
  readonly exitCode: number;
  readonly report: Report;
  readonly files: readonly string[];
}

export interface RunIo {
  readonly log: (line: string) => void;
  /** The terminal, when a live display may draw on it; without one, plain lines through `log`. */
  readonly stream?: NodeJS.WriteStream;
}

export { specFileOf, WIRE_SPEC };

const KEY_REFUSED = 'the target refused the access key: every valid request made with it was answered 401 Unauthorized';

export async function runConformance(partial: PartialRunConfig, io: RunIo): Promise<RunOutcome> {
  const started = new Date();
  const terminal = runTerminal(partial, io.log, io.stream);
  armOutputRedactor(redactionInputsOf(partial, partial.limitedAccessKey));
  // Before anything is sent: a report folder that cannot be used is refused (exit 2), not found out at the end.
  const folder = ReportFolder.claim(partial.reportDir, REPORT_FILES);
  let vitest: Vitest | undefined;
  const stopper = new RunStopper(partial.maxDurationMs ?? DEFAULT_MAX_DURATION_MS, (cause) => {
    terminal.note(`✘ ${cause.reason}: sending stopped, writing the report`);
    void vitest?.cancelCurrentRun('keyboard-input');
  });
  stopper.arm();
  let server: RunningReferenceServer | undefined;
  try {
    let config: RunConfig;
    if (partial.targets && partial.accessKey) {
      config = { ...partial, targets: partial.targets, accessKey: partial.accessKey, embedded: false };
    } else {
      // With --chain-rpc-url the embedded server reads the same node, as a real indexer would.
      server = await startReferenceServer({ host: '127.0.0.1', port: 0, ...(partial.chainRpcUrl ? { chainRpcUrl: partial.chainRpcUrl } : {}) });
      config = {
        ...partial,
        targets: targetsFromOrigin(server.origin),
        accessKey: server.accessKey,
        limitedAccessKey: server.limitedAccessKey,
        embedded: true,
        fixtures: mergeFixtures(server.fixtures, partial.fixtures),
      };
      // The server's keys, and any key the user gave, though the embedded server never receives it.
      armOutputRedactor(redactionInputsOf({ ...config, givenUrls: partial.givenUrls }, partial.accessKey, server.limitedAccessKey, partial.limitedAccessKey));
      terminal.note(`certifying the embedded reference server at ${server.origin}`);
    }
    terminal.note(`seed ${config.seed} · ${config.networks.length} networks · ${config.operations.length} operations · ${config.runs} property runs`);
    const metadata = (incident?: string): RunMetadata => ({
      startedAt: started.toISOString(),
      durationMs: Date.now() - started.getTime(),
      seed: config.seed,
      runs: config.runs,
      strict: config.strict,
      readOnly: config.readOnly,
      ...(config.requireComplete ? { requireComplete: true } : {}),
      targets: { embedded: config.embedded, ...config.targets },
      networks: [...config.networks],
      operations: [...config.operations],
      ...(config.checks ? { checks: [...config.checks] } : {}),
      ...(config.shard ? { shard: { ...config.shard } } : {}),
      ...(incident ? { incident } : {}),
    });
    const finish = (report: Report): RunOutcome => summarize(report, writeReport(report, config.reportDir, folder), terminal, stopper.cause?.exitCode);
    /** The report of a run that ended early: what ran, and every operation that did not, errored with why. */
    const stoppedReport = (results: readonly CheckResult[], incident: string | undefined): Report => {
      const why = stopper.cause!.reason;
      const all = [...results, ...notRunResults(config.operations, config.networks, results, why)];
      return buildReport({ tool: TOOL, contractVersion: CONTRACT_VERSION, run: { ...metadata([why, incident].filter(Boolean).join('\n')), interrupted: why }, results: all });
    };

    const unreachable = await probeTargets(config);
    if (stopper.cause) return finish(stoppedReport([], undefined));
    if (unreachable) {
      terminal.note(`✘ the target is unreachable: ${unreachable}`);
      return finish(buildReport({ tool: TOOL, contractVersion: CONTRACT_VERSION, run: metadata(`target unreachable: ${unreachable}`), results: [] }));
    }

    const progress = terminal.progress(config.networks.length);
    const reporter = new ConformanceReporter({
      tool: TOOL,
      contractVersion: CONTRACT_VERSION,
      metadata: () => metadata(),
      expectedPerNetwork: expectedTestsPerNetwork(config),
      accessKey: [config.accessKey, config.limitedAccessKey],
      progress,
      ...(partial.expectations ? { expectations: partial.expectations } : {}),
    });
    let runnerFailure: string | undefined;
    try {
      await runVitest(config, reporter, (instance) => {
        vitest = instance;
        stopper.takeSignals();
      });
    } catch (error) {
      runnerFailure = `the runner failed: ${(error as Error).message}`;
    }
    progress.stop();
    const keyRefused = reporter.keyRefused ? KEY_REFUSED : undefined;
    if (keyRefused) terminal.note(`✘ ${keyRefused}`);
    if (stopper.cause) return finish(stoppedReport(reporter.collected, [keyRefused, runnerFailure, reporter.report?.run.incident].filter(Boolean).join('\n') || undefined));
    if (runnerFailure) {
      terminal.note(`✘ ${runnerFailure}`);
      const report = reporter.report ?? buildReport({ tool: TOOL, contractVersion: CONTRACT_VERSION, run: metadata(runnerFailure), results: [] });
      return finish({ ...report, verdict: 'fail', run: { ...report.run, incident: runnerFailure } });
    }
    if (!reporter.report) {
      return finish(buildReport({ tool: TOOL, contractVersion: CONTRACT_VERSION, run: metadata('the runner ended without results'), results: [] }));
    }
    if (keyRefused) {
      const incident = [keyRefused, reporter.report.run.incident].filter(Boolean).join('\n');
      return finish(buildReport({ tool: TOOL, contractVersion: CONTRACT_VERSION, run: metadata(incident), results: reporter.collected }));
    }
    return finish(reporter.report);
  } finally {
    stopper.disarm();
    folder.release();
    await server?.close();
  }
}

function summarize(report: Report, files: readonly string[], terminal: RunTerminal, stoppedExitCode: number | undefined): RunOutcome {
  if (report.run.interrupted) terminal.note(`✘ INTERRUPTED — ${report.run.interrupted}; the operations not run are reported errored`);
  terminal.summary(report, files);
  return { exitCode: stoppedExitCode ?? (report.verdict === 'pass' ? 0 : 1), report, files };
}

function expectedTestsPerNetwork(config: RunConfig): Map<string, number> {
  const units = selectedUnits(config);
  return new Map(config.networks.map((slug) => [slug, units.filter((u) => u.network === slug).length] as const).filter(([, n]) => n > 0));
}

/**
 * Tests (operation sessions) under way at once, per request slot: enough that a slot freed by one session's
 * answer finds another session ready to send, few enough that the run does not hold every session's
 * exchanges in memory at once.
 */
const SESSIONS_PER_SLOT = 2;
/** Generous: a test's time includes waiting for request slots; each request has its own deadline. */
const TEST_TIMEOUT_MS = 10 * 60 * 1000;

async function runVitest(config: RunConfig, reporter: ConformanceReporter, started: (vitest: Vitest) => void): Promise<void> {
  const units = selectedUnits(config);
  const files = [...new Set(units.map((u) => u.file)), ...RUN_ENTRIES];
  for (const file of files) {
    if (!existsSync(join(PROJECT_ROOT, file))) throw new Error(`missing spec file ${file}`);
  }
  const perNetworkOperations = config.operations.filter((id) => isPerNetwork(findOperation(id)!)).length;
  // A worker per core (up to two): the checks' own work (generating requests, signing, validating) then
  // runs beside the reference server's rather than behind it.
  // Workers see only the networks with work selected for them (a shard may have none on some), so that no
  // worker's share is empty: vitest counts a file without tests as a failure.
  const workerConfig: RunConfig = { ...config, networks: config.networks.filter((slug) => units.some((u) => u.network === slug)) };
  const shares = sharesFor(workerConfig.networks.length, perNetworkOperations, Math.min(availableParallelism(), config.concurrency));
  const entries = RUN_ENTRIES.slice(0, shares);
  // vitest's own console output is not the product: the reporter writes the report and the progress lines.
  const quiet = new PassThrough();
  quiet.resume();
  const vitest = await startVitest(
    'test',
    entries,
    {
      root: PROJECT_ROOT,
      config: false,
      include: entries,
      watch: false,
      // The second reporter only hands over the instance, so a stopped run can cancel what is left.
      reporters: [reporter, { onInit: started }],
      provide: { [PROVIDE_KEY]: workerConfig, [SHARES_KEY]: shares },
      // One file per worker (each loads the selected spec files for its share of the networks), its tests
      // started together: the transport's limit, not vitest, decides how many requests are in flight.
      pool: 'threads',
      maxWorkers: shares,
      isolate: false,
      maxConcurrency: Math.max(1, Math.floor(config.concurrency / shares)) * SESSIONS_PER_SLOT,
      testTimeout: TEST_TIMEOUT_MS,
      // Sibling suites (one per operation) run at once too, not one after another.
      sequence: { concurrent: true },
      passWithNoTests: false,
      // Quiet workers, unless --verbose wants the line each request prints (the reporter shows it).
      silent: !config.verbose,
    },
    {},
    { stdout: quiet, stderr: quiet },
  );
  await vitest.close();
}

/** The server's own fixtures, with any the user gave taking precedence network by network. */
function mergeFixtures(own: Fixtures, given: Fixtures): Fixtures {
  return {
    networks: { ...own.networks, ...given.networks },
    ...(given.builder ?? own.builder ? { builder: given.builder ?? own.builder! } : {}),
    ...(given.limitedKey ?? own.limitedKey ? { limitedKey: given.limitedKey ?? own.limitedKey! } : {}),
  };
}
