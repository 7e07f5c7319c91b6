/**
 * Which bases still answer. A base (an origin, or origin + network for the services addressed per network)
 * whose requests time out several times in a row, with no answer in between, is marked not answering: every
 * later request to it ends at once as a timeout that says so, while the other bases go on. A dead staging
 * host then costs a few timeouts, not a timeout per check.
 *
 * One tracker per run (per process: the run's checks share one worker). Within an operation session the
 * session's own limit of two timeouts comes first, so a single hanging operation never marks its whole base.
 */
import type { HttpOutcome } from '../transport/http-client.js';

export const TIMEOUTS_IN_A_ROW_BEFORE_BASE_IS_DOWN = 3;

interface BaseState {
  timeoutsInARow: number;
  down: string | undefined;
}

const bases = new Map<string, BaseState>();

function stateOf(base: string): BaseState {
  let state = bases.get(base);
  if (!state) {
    state = { timeoutsInARow: 0, down: undefined };
    bases.set(base, state);
  }
  return state;
}

/** Why `base` is not asked anything any more, or undefined while it answers. */
export function baseDownReason(base: string): string | undefined {
  return bases.get(base)?.down;
}

/** Learns from one outcome of a request to `base`. */
export function noteBaseOutcome(base: string, outcome: HttpOutcome): void {
  const state = stateOf(base);
  if (state.down) return;
  if (outcome.ok) {
    state.timeoutsInARow = 0;
    return;
  }
  if (outcome.failure !== 'timeout' || outcome.unsent) return;
  state.timeoutsInARow += 1;
  if (state.timeoutsInARow >= TIMEOUTS_IN_A_ROW_BEFORE_BASE_IS_DOWN) {
    state.down = `${base} is not answering: ${state.timeoutsInARow} requests in a row got no answer in time, so its remaining checks were not run`;
  }
}

/** Forgets every base (a new run in the same process). */
export function resetBaseHealth(): void {
  bases.clear();
}
