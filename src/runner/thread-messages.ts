/** What the main thread and the checks' worker threads tell each other. */
import type { RunConfig } from '../config/run-config.js';
import type { UnitFinished } from './collector.js';
import type { ListedUnit } from './unit-order.js';

/** What a checks' thread is started with. */
export interface CheckThreadData {
  readonly config: RunConfig;
  /** Whether this thread reports the spec files that did not load (one thread does). */
  readonly reportsLoadFailures: boolean;
  /** Under --max-rps: the schedule of turns every thread of the run takes its turns from. */
  readonly rateCap: SharedArrayBuffer | undefined;
  /** The request slots every thread of the run shares (src/transport/shared-slots.ts). */
  readonly slots: SharedArrayBuffer;
}

export type ToCheckThread =
  /** To a thread the command line started before the run (it waits for this first). */
  | { readonly type: 'start'; readonly data: CheckThreadData }
  | { readonly type: 'stop'; readonly why: string }
  /** The answer to a `claim`: the place of the unit to run next in the run's order of units (past its end: none left). */
  | { readonly type: 'unit'; readonly index: number }
  /** Personal values another thread of the run learned from an answer (output-boundary.ts). */
  | { readonly type: 'personal'; readonly values: readonly string[] };

export type FromCheckThread =
  /** The run's units in its order, before the first claim (each thread lists the same). */
  | { readonly type: 'units'; readonly units: readonly ListedUnit[] }
  | { readonly type: 'claim' }
  | { readonly type: 'unit'; readonly unit: UnitFinished }
  /** Personal values this thread learned from an answer, sent as soon as learned: before any result that may hold them. */
  | { readonly type: 'personal'; readonly values: readonly string[] }
  | { readonly type: 'done'; readonly incidents: readonly string[] };
