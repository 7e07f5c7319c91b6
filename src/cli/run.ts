/**
 * `conformance run`: certifies a target (or, with none given, the embedded reference server) by running the
 * spec files through vitest with the conformance reporter, then prints a summary and decides the exit code.
 * The report is written whatever happens: a run that cannot start or crashes still leaves one, with the
 * incident named.
 */
import { coverageLine, verdictWords } from '../report/coverage.js';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PassThrough } from 'node:stream';
import { startVitest } from 'vitest/node';
import { ConformanceReporter } from '../../reporters/conformance-reporter.js';
import { writeReport } from '../../reporters/write-report.js';
import { buildReport, type RunMetadata } from '../report/build.js';
import type { Report } from '../report/model.js';
import { redactSecret } from '../report/redact.js';
import { findOperation, isPerNetwork } from '../contract/operations.js';
import { RUN_ENTRY, specFileOf, WIRE_SPEC } from '../harness/spec-files.js';
import { CONTRACT_VERSION } from '../contract/index.js';
import { PROVIDE_KEY, targetsFromOrigin, type RunConfig } from '../config/run-config.js';
import type { Fixtures } from '../config/fixtures.js';
import { startReferenceServer } from '../server/index.js';
import type { RunningReferenceServer } from '../server/types.js';
import { probeTargets } from './probe.js';
import { runTerminal, type RunTerminal } from './terminal/index.js';
import type { PartialRunConfig } from './run-options.js';
import { TOOL } from './tool.js';

export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RunOutcome {
  readonly exitCode: 0 | 1;
  readonly report: Report;
  readonly files: readonly string[];
}

export interface RunIo {
  readonly log: (line: string) => void;
  /** The terminal, when a live display may draw on it; without one, plain lines through `log`. */
  readonly stream?: NodeJS.WriteStream;
}

export { specFileOf, WIRE_SPEC };

export async function runConformance(partial: PartialRunConfig, io: RunIo): Promise<RunOutcome> {
  const started = new Date();
  const terminal = runTerminal(partial, io.log, io.stream);
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
      ...(incident ? { incident } : {}),
    });

    const unreachable = await probeTargets(config);
    if (unreachable) {
      terminal.note(`✘ the target is unreachable: ${unreachable}`);
      return finish(buildReport({ tool: TOOL, contractVersion: CONTRACT_VERSION, run: metadata(`target unreachable: ${unreachable}`), results: [] }), config, terminal);
    }

    const progress = terminal.progress(config.networks.length);
    const reporter = new ConformanceReporter({
      reportDir: config.reportDir,
      tool: TOOL,
      contractVersion: CONTRACT_VERSION,
      metadata: () => metadata(),
      expectedPerNetwork: expectedTestsPerNetwork(config),
      accessKey: [config.accessKey, config.limitedAccessKey],
      progress,
    });
    try {
      await runVitest(config, reporter);
    } catch (error) {
      progress.stop();
      const incident = redactSecret(`the runner failed: ${(error as Error).message}`, [config.accessKey, config.limitedAccessKey]);
      terminal.note(`✘ ${incident}`);
      const report = reporter.report ?? buildReport({ tool: TOOL, contractVersion: CONTRACT_VERSION, run: metadata(incident), results: [] });
      return finish({ ...report, verdict: 'fail', run: { ...report.run, incident } }, config, terminal);
    }
    progress.stop();
    if (!reporter.report) {
      return finish(buildReport({ tool: TOOL, contractVersion: CONTRACT_VERSION, run: metadata('the runner ended without results'), results: [] }), config, terminal);
    }
    return summarize(reporter.report, reporter.files, terminal);
  } finally {
    await server?.close();
  }
}

function finish(report: Report, config: RunConfig, terminal: RunTerminal): RunOutcome {
  return summarize(report, writeReport(report, config.reportDir), terminal);
}

function summarize(report: Report, files: readonly string[], terminal: RunTerminal): RunOutcome {
  terminal.summary(report, files);
  return { exitCode: report.verdict === 'pass' ? 0 : 1, report, files };
}

function expectedTestsPerNetwork(config: RunConfig): Map<string, number> {
  const ops = config.operations.map((id) => findOperation(id)!);
  const perNetworkOps = ops.filter((op) => isPerNetwork(op)).length;
  // +1: the per-network wire test of specs/wire.spec.ts, when a service addressed per network is selected
  const wire = ops.some((op) => op.network.kind === 'path' || op.network.kind === 'host') ? 1 : 0;
  return new Map(config.networks.map((slug) => [slug, perNetworkOps + wire]));
}

/**
 * Tests (operation sessions) under way at once, per request slot: enough that a slot freed by one session's
 * answer finds another session ready to send, few enough that the run does not hold every session's
 * exchanges in memory at once.
 */
const SESSIONS_PER_SLOT = 2;
/** Generous: a test's time includes waiting for request slots; each request has its own deadline. */
const TEST_TIMEOUT_MS = 10 * 60 * 1000;

async function runVitest(config: RunConfig, reporter: ConformanceReporter): Promise<void> {
  const files = config.operations.map((id) => specFileOf(findOperation(id)!));
  files.push(WIRE_SPEC, RUN_ENTRY);
  for (const file of files) {
    if (!existsSync(join(PROJECT_ROOT, file))) throw new Error(`missing spec file ${file}`);
  }
  // vitest's own console output is not the product: the reporter writes the report and the progress lines.
  const quiet = new PassThrough();
  quiet.resume();
  const vitest = await startVitest(
    'test',
    [RUN_ENTRY],
    {
      root: PROJECT_ROOT,
      config: false,
      include: [RUN_ENTRY],
      watch: false,
      reporters: [reporter],
      provide: { [PROVIDE_KEY]: config },
      // One worker, one file (RUN_ENTRY loads the selected spec files), every test started at once: the
      // transport's run-wide limit, not vitest, decides how many requests are in flight.
      pool: 'threads',
      maxWorkers: 1,
      isolate: false,
      maxConcurrency: config.concurrency * SESSIONS_PER_SLOT,
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
