/**
 * What each worker file of `conformance run --engine vitest` does: takes its share of the networks, sets its
 * part of the run-wide limit on requests in flight, loads the spec file of every selected operation and the
 * wire checks, and turns each unit of their suites into a vitest test. All those tests belong to one file
 * and run concurrently under that limit (vitest runs the files of a worker one after another, so one file
 * per spec would leave slots idle at each file's tail).
 */
import { takeTransportNotes } from '../../transport/notes.js';
import { describe, test } from 'vitest';
import { configureTransport } from '../../transport/configure.js';
import { isMustBroken } from '../../report/broken-checks.js';
import { loadSpecFiles } from '../spec-loader.js';
import { ownsGlobalChecks, runConfig, selectShare, sharesProvided } from './vitest-run-config.js';
import type { Suite } from '../../harness/suites.js';

/** Generous: each request is bounded by --timeout-ms, so a test ends on its own; this only catches suite bugs. */
const TEST_TIMEOUT_MS = 10 * 60 * 1000;

export async function loadShare(index: number): Promise<void> {
  selectShare(index, sharesProvided());
  const config = runConfig();
  configureTransport(config);
  const { suites, failures } = await loadSpecFiles(config.operations);
  for (const { file, message } of failures) {
    // One broken spec file must not take the others down: its failure is reported, the rest still run.
    describe(file, () =>
      test('global', () => {
        throw new Error(message);
      }),
    );
  }
  for (const suite of suites) describeSuite(suite);
}

function describeSuite(suite: Suite): void {
  const config = runConfig();
  const units = suite.units(config, ownsGlobalChecks());
  // A suite without tests is a failure to vitest: this worker has no share of this suite.
  if (units.length === 0) return;
  describe(suite.name, () => {
    for (const network of units) {
      test.concurrent(
        network?.slug ?? 'global',
        async ({ task }) => {
          const outcome = await suite.run(network, config);
          // What the transport met while it ran goes with it (vitest's workers have no unit sink of the run's).
          const transport = takeTransportNotes();
          task.meta.conformance = transport ? { ...outcome, transport } : outcome;
          // For vitest's own view of the run: the test fails when a MUST check did.
          const broken = outcome.results.filter(isMustBroken);
          if (broken.length > 0) throw new Error(broken.map((r) => r.message).join('\n'));
        },
        TEST_TIMEOUT_MS,
      );
    }
  });
}
