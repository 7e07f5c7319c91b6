/**
 * `conformance run`: certifies a target (or, with none given, the embedded reference server) by running the
 * spec files through vitest with the conformance reporter, then prints a summary and decides the exit code.
 * The report is written whatever happens: a run that cannot start or crashes still leaves one, with the
 * incident named.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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
import { RUN_ENTRIES, SHARES_KEY, sharesFor, specFileOf, WIRE_SPEC } from '../harness/spec-files.js';
import { CONTRACT_VERSION } from '../contract/index.js';
import { PROVIDE_KEY, targetsFromOrigin, type RunConfig } from '../config/run-config.js';
import type { Fixtures } from '../config/fixtures.js';
import { startReferenceServer } from '../server/index.js';
import type { RunningReferenceServer } from '../server/types.js';
import { probeTargets } from './probe.js';
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
}

export { specFileOf, WIRE_SPEC };

export async function runConformance(partial: PartialRunConfig, io: RunIo): Promise<RunOutcome> {
  const started = new Date();
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
        embedded: true,
        fixtures: mergeFixtures(server.fixtures, partial.fixtures),
      };
      io.log(`certifying the embedded reference server at ${server.origin}`);
    }
    io.log(`seed ${config.seed} · ${config.networks.length} networks · ${config.operations.length} operations · ${config.runs} property runs`);
    const metadata = (incident?: string): RunMetadata => ({
      startedAt: started.toISOString(),
      durationMs: Date.now() - started.getTime(),
      seed: config.seed,
      runs: config.runs,
      strict: config.strict,
      readOnly: config.readOnly,
      targets: { embedded: config.embedded, ...config.targets },
      networks: [...config.networks],
      operations: [...config.operations],
      ...(incident ? { incident } : {}),
    });

    const unreachable = await probeTargets(config);
    if (unreachable) {
      io.log(`✘ the target is unreachable: ${unreachable}`);
      return finish(buildReport({ tool: TOOL, contractVersion: CONTRACT_VERSION, run: metadata(`target unreachable: ${unreachable}`), results: [] }), config, io);
    }

    const reporter = new ConformanceReporter({
      reportDir: config.reportDir,
      tool: TOOL,
      contractVersion: CONTRACT_VERSION,
      metadata: () => metadata(),
      expectedPerNetwork: expectedTestsPerNetwork(config),
      accessKey: config.accessKey,
      log: io.log,
    });
    try {
      await runVitest(config, reporter);
    } catch (error) {
      const incident = redactSecret(`the runner failed: ${(error as Error).message}`, config.accessKey);
      io.log(`✘ ${incident}`);
      const report = reporter.report ?? buildReport({ tool: TOOL, contractVersion: CONTRACT_VERSION, run: metadata(incident), results: [] });
      return finish({ ...report, verdict: 'fail', run: { ...report.run, incident } }, config, io);
    }
    if (!reporter.report) {
      return finish(buildReport({ tool: TOOL, contractVersion: CONTRACT_VERSION, run: metadata('the runner ended without results'), results: [] }), config, io);
    }
    return summarize(reporter.report, reporter.files, io);
  } finally {
    await server?.close();
  }
}

function finish(report: Report, config: RunConfig, io: RunIo): RunOutcome {
  return summarize(report, writeReport(report, config.reportDir), io);
}

function summarize(report: Report, files: readonly string[], io: RunIo): RunOutcome {
  const c = report.counts;
  const failedNetworks = report.networks.filter((n) => n.status === 'failed').map((n) => n.slug);
  io.log('');
  io.log(`${report.verdict === 'pass' ? '✔ PASS' : '✘ FAIL'} — ${c.passed} passed, ${c.mustFailed} MUST failed/errored, ${c.shouldFailed} SHOULD findings, ${c.skipped} skipped`);
  io.log(`${report.networks.length - failedNetworks.length}/${report.networks.length} networks green${failedNetworks.length ? ` (failing: ${failedNetworks.join(', ')})` : ''}; global ${report.global.status}`);
  io.log(`${report.run.requests} requests in ${(report.run.durationMs / 1000).toFixed(1)} s; seed ${report.run.seed}`);
  if (report.run.incident) io.log(`incident: ${report.run.incident}`);
  const firstFailures = [...report.networks.flatMap((n) => n.operations), ...report.global.operations]
    .flatMap((o) => o.checks)
    .filter((r) => r.level === 'MUST' && (r.status === 'failed' || r.status === 'errored'))
    .slice(0, 5);
  for (const failure of firstFailures) {
    io.log(`  ✘ ${failure.message ?? failure.key}`);
    if (failure.reproduction) io.log(`    reproduce: ${failure.reproduction}`);
  }
  if (c.mustFailed > firstFailures.length) io.log(`  … and ${c.mustFailed - firstFailures.length} more in the report`);
  io.log(`report: ${files.join(', ')}`);
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
  files.push(WIRE_SPEC, ...RUN_ENTRIES);
  for (const file of files) {
    if (!existsSync(join(PROJECT_ROOT, file))) throw new Error(`missing spec file ${file}`);
  }
  const perNetworkOperations = config.operations.filter((id) => isPerNetwork(findOperation(id)!)).length;
  // A worker per core (up to two): the checks' own work (generating requests, signing, validating) then
  // runs beside the reference server's rather than behind it.
  const shares = sharesFor(config.networks.length, perNetworkOperations, Math.min(availableParallelism(), config.concurrency));
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
      reporters: [reporter],
      provide: { [PROVIDE_KEY]: config, [SHARES_KEY]: shares },
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
      silent: true,
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
  };
}
