/**
 * The order in which a run's requests get the transport's slots (src/transport/limiter.ts serves the lowest
 * rank first). A unit's checks mostly send one request after another, so a unit is a chain of round trips, and
 * a run against a distant target ends when its last chain does.
 *
 * - While units are still starting, a request is ranked by when its session started: the units started first,
 *   the long stateful sequences among them, are never held behind the queue of every later unit.
 * - Once the last unit has started, no new unit will take the slots a finished one leaves, and served by start
 *   the units started last would be left to run alone at the end, one round trip at a time, with most slots
 *   idle (against a target 150 ms away, a fifth of the run). From then on a request is ranked by how many
 *   requests its session has left, most first (highest level first, which is the shortest schedule for chains
 *   of equal steps): the remainders shrink together and the slots stay busy until the end.
 *
 * What a session has left is what the largest finished session of the same kind (operation or service, per
 * network or not) sent, less what it has sent. Sessions of a kind none of which has finished are ranked before
 * the others, by start among themselves: the kinds that run once per run, the Builder's stateful sequences, are
 * the longest; and in a run whose units all start at once (a network or two), nothing is known yet and the
 * order stays the one by start. Ranks change only the order of service, never what is sent or decided.
 */
import type { RunConfig } from '../config/run-config.js';
import type { Network } from '../contract/networks.js';
import { madeOnce } from '../made-once.js';
import { reorderWaiting } from '../transport/http-client.js';

interface RunSchedule {
  allStarted: boolean;
  /** The most requests a finished session of each kind sent. */
  readonly sizes: Map<string, number>;
}

/** Per run configuration: runs side by side in one process (the library, tests) each keep their own. */
const schedules = new WeakMap<RunConfig, RunSchedule>();
const scheduleOf = (config: RunConfig): RunSchedule => madeOnce(schedules, config, () => ({ allStarted: false, sizes: new Map() }));

/** Sessions of one kind send alike: the same checks of one operation (or service), on a network or once. */
export const sessionKind = (subject: string, network: Network | null): string => `${subject}@${network === null ? 'global' : 'network'}`;

/** The rank of a session's next request: see the module's comment. */
export function requestRank(config: RunConfig, kind: string, startRank: number, sent: number): number {
  const schedule = scheduleOf(config);
  if (!schedule.allStarted) return startRank;
  const size = schedule.sizes.get(kind);
  // Unknown kinds come before every known one, and among themselves by start, as before the last unit started.
  return size === undefined ? startRank - Number.MAX_SAFE_INTEGER : Math.min(0, sent - size);
}

/** A session of `kind` ended having sent `sent` requests. */
export function sessionEnded(config: RunConfig, kind: string, sent: number): void {
  const { sizes } = scheduleOf(config);
  sizes.set(kind, Math.max(sizes.get(kind) ?? 0, sent));
}

/** This thread has started the last unit it will run: its requests are ranked by what their sessions have left. */
export function unitsAllStarted(config: RunConfig): void {
  const schedule = scheduleOf(config);
  if (schedule.allStarted) return;
  schedule.allStarted = true;
  reorderWaiting();
}

/** Whether `unitsAllStarted` was told, for this run (tests). */
export const allUnitsStarted = (config: RunConfig): boolean => scheduleOf(config).allStarted;
