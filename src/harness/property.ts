/**
 * Runs a fast-check property whose predicate sends requests. Seeded from the run's seed, so a failure replays
 * with the same `--seed`; the counterexample is shrunk, and the failing exchange travels inside the thrown
 * Violation so the report shows the shrunk request, not the last one tried.
 */
import fc from 'fast-check';
import { Inconclusive, Skip, Violation } from '../checks/outcomes.js';
import { shrinkSteps } from './profile.js';
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
  // After the first transport failure nothing is sent any more and nothing is shrunk: the first failing value
  // stays the counterexample. Shrinking against a hanging target would otherwise wait a timeout per attempt,
  // or spin through thousands of candidates that cannot be judged.
  let brokenTransport: Inconclusive | undefined;
  // The quick profile bounds what shrinking may still send once a counterexample is found.
  const budget = shrinkSteps(run.config);
  let failed = false;
  let shrinkTries = 0;
  const stopShrinking = () => brokenTransport !== undefined || (budget !== undefined && shrinkTries >= budget);
  const details = await fc.check(
    fc.asyncProperty(new ShrinkUntil(arbitrary, stopShrinking), async (value) => {
      if (brokenTransport) throw brokenTransport;
      if (failed) shrinkTries += 1;
      try {
        await predicate(value);
      } catch (error) {
        failed = true;
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

/** `inner`, whose values stop offering smaller candidates once `stop()` holds. */
class ShrinkUntil<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly inner: fc.Arbitrary<T>,
    private readonly stop: () => boolean,
  ) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    return this.inner.generate(mrng, biasFactor);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.inner.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    // Checked again before each candidate: a budget may run out within one level of candidates.
    return this.stop() ? fc.Stream.nil<fc.Value<T>>() : this.inner.shrink(value, context).takeWhile(() => !this.stop());
  }
}
