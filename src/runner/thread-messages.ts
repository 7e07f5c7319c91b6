/** What the main thread and the checks' worker thread tell each other. */
import type { UnitFinished } from './collector.js';

export type ToCheckThread = { readonly type: 'stop'; readonly why: string };

export type FromCheckThread =
  { readonly type: 'unit'; readonly unit: UnitFinished } | { readonly type: 'done'; readonly incidents: readonly string[] };
