/**
 * `conformance run --engine vitest`: the spec files run as vitest tests in worker threads (one per core, up to
 * two, each taking a share of the networks), the conformance reporter handing each test's findings to the
 * run's collector. Loaded only when chosen: vitest and vite weigh some 200 MB the default engine never needs.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { startVitest, type Vitest } from 'vitest/node';
import { ConformanceReporter } from './vitest-reporter.js';
import { findOperation, isPerNetwork } from '../contract/operations.js';
import { PROVIDE_KEY, type RunConfig } from '../config/run-config.js';
import { PACKAGE_ROOT, RUNS_BUNDLED } from '../package-root.js';
import { broadcastStop } from '../harness/stop-signal.js';
import { RUN_ENTRIES, SHARES_KEY, sharesFor } from '../harness/spec-files.js';
import { selectedUnits } from '../harness/work.js';
import type { RunCollector } from './collector.js';

/**
 * Tests (operation sessions) under way at once, per request slot: enough that a slot freed by one session's
 * answer finds another session ready to send, few enough that the run does not hold every session's
 * exchanges in memory at once.
 */
const SESSIONS_PER_SLOT = 2;
/** Generous: a test's time includes waiting for request slots; each request has its own deadline. */
const TEST_TIMEOUT_MS = 10 * 60 * 1000;

export interface VitestEngineControl {
  /** Called once vitest has started: it must leave the run the only listener of SIGINT and SIGTERM. */
  readonly takeSignals: () => void;
  /** Hands over how to stop this engine: tell every worker thread, and cancel the tests not yet started. */
  readonly onStop: (stop: (why: string) => void) => void;
}

export async function runVitest(config: RunConfig, collector: RunCollector, control: VitestEngineControl): Promise<void> {
  const reporter = new ConformanceReporter(collector);
  const started = (vitest: Vitest): void => {
    control.takeSignals();
    control.onStop((why) => {
      broadcastStop(why);
      void vitest.cancelCurrentRun('keyboard-input');
    });
  };
  const units = selectedUnits(config);
  // From a bundle, vitest runs the bundle's worker files (src/bundle/build.mjs), which carry the spec files and
  // the packages they use; from the sources, the TypeScript ones, which vitest compiles.
  const root = RUNS_BUNDLED ? import.meta.dirname : PACKAGE_ROOT;
  const runEntries = RUNS_BUNDLED ? RUN_ENTRIES.map((_, index) => `vitest-share-${index}.mjs`) : RUN_ENTRIES;
  const files = [...(RUNS_BUNDLED ? [] : new Set(units.map((u) => u.file))), ...runEntries];
  for (const file of files) {
    if (!existsSync(join(root, file))) throw new Error(`missing spec file ${file}`);
  }
  const perNetworkOperations = config.operations.filter((id) => isPerNetwork(findOperation(id)!)).length;
  // A worker per core (up to two): the checks' own work (generating requests, signing, validating) then
  // runs beside the reference server's rather than behind it.
  // Workers see only the networks with work selected for them (a shard may have none on some), so that no
  // worker's share is empty: vitest counts a file without tests as a failure.
  const workerConfig: RunConfig = { ...config, networks: config.networks.filter((slug) => units.some((u) => u.network === slug)) };
  const shares = sharesFor(workerConfig.networks.length, perNetworkOperations, Math.min(availableParallelism(), config.concurrency));
  const entries = runEntries.slice(0, shares);
  // vitest's own console output is not the product: the reporter writes the report and the progress lines.
  const quiet = new PassThrough();
  quiet.resume();
  const vitest = await startVitest(
    'test',
    entries,
    {
      root,
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
