/**
 * Runs a fast-check property whose predicate sends requests. Seeded from the run's seed, so a failure replays
 * with the same `--seed`; the counterexample is shrunk, and the failing exchange travels inside the thrown
 * Violation so the report shows the shrunk request, not the last one tried.
 */
import fc from 'fast-check';
import { Inconclusive, Skip, Violation } from './outcomes.js';
import type { CheckRun } from './session.js';

export interface PropertyOptions {
  readonly seed: number;
  readonly numRuns: number;
}

export async function assertProperty<T>(
  run: CheckRun,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  options: PropertyOptions,
): Promise<void> {
  if (options.numRuns <= 0) run.skip('--runs 0: no property runs requested');
  // After the first transport failure every later attempt fails the same way at once: shrinking against a
  // hanging target would otherwise wait a full timeout per attempt.
  let brokenTransport: Inconclusive | undefined;
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      if (brokenTransport) throw brokenTransport;
      try {
        await predicate(value);
      } catch (error) {
        if (error instanceof Inconclusive) brokenTransport = error;
        throw error;
      }
    }),
    { seed: options.seed, numRuns: options.numRuns, endOnFailure: false },
  );
  if (!details.failed) return;
  run.reproductionNote = `property seed ${details.seed}, path ${details.counterexamplePath ?? ''} (replay: --seed ${run.config.seed})`;
  const cause = details.errorInstance;
  // A rule that forbids sending (--read-only) ends the check as skipped, not as a broken property.
  if (cause instanceof Skip) throw cause;
  if (cause instanceof Violation || cause instanceof Inconclusive) {
    if (cause.exchangeIndex !== undefined) run.adopt(cause.exchangeIndex);
    throw cause;
  }
  throw new Inconclusive(`the property could not be evaluated: ${String((cause as Error | undefined)?.message ?? cause)}`);
}
