/** What the main thread and the checks' worker threads tell each other. */
import type { UnitFinished } from './collector.js';

export type ToCheckThread =
  | { readonly type: 'stop'; readonly why: string }
  /** The answer to a `claim`: the place of the unit to run next in the run's order (past the end: none left). */
  | { readonly type: 'unit'; readonly index: number };

export type FromCheckThread =
  | { readonly type: 'claim' }
  | { readonly type: 'unit'; readonly unit: UnitFinished }
  | { readonly type: 'done'; readonly incidents: readonly string[] };
