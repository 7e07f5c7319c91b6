/** The run's configuration inside a vitest worker (`--engine vitest`): handed over through vitest's `provide`. */
import { inject } from 'vitest';
import { PROVIDE_KEY, type RunConfig } from '../../config/run-config.js';
import type { UnitOutcome } from '../../harness/suites.js';
import { SHARES_KEY } from '../../harness/spec-files.js';

declare module 'vitest' {
  export interface ProvidedContext {
    [PROVIDE_KEY]: RunConfig;
    [SHARES_KEY]: number;
  }
  interface TaskMeta {
    /** What the test's unit of work found: what the conformance reporter reads. */
    conformance?: UnitOutcome;
  }
}

let share: { readonly index: number; readonly count: number } | undefined;

/**
 * Makes this worker run share `index` of `count`: every count-th network, and (share 0 only) what is not per
 * network. The request slots are divided among the shares, so the run still keeps at most --concurrency in flight.
 */
export function selectShare(index: number, count: number): void {
  share = { index, count };
}

/** The run's configuration, narrowed to this worker's share of the networks. */
export function runConfig(): RunConfig {
  const config = inject(PROVIDE_KEY);
  if (!config) throw new Error('no run configuration: spec files run through `conformance run`, not directly');
  if (!share || share.count === 1) return config;
  const { index, count } = share;
  return {
    ...config,
    networks: config.networks.filter((_, i) => i % count === index),
    concurrency: Math.max(1, Math.floor(config.concurrency / count)),
    ...(config.maxRps === undefined ? {} : { maxRps: config.maxRps / count }),
  };
}

/** Whether this worker runs the checks that are not per network (exactly one worker does). */
export function ownsGlobalChecks(): boolean {
  return !share || share.index === 0;
}

export function sharesProvided(): number {
  return inject(SHARES_KEY) ?? 1;
}
