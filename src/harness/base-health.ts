/**
 * Which bases still answer. A base (an origin, or origin + network for the services addressed per network)
 * whose requests time out several times in a row, with no answer in between, is marked not answering: every
 * later request to it ends at once as a timeout that says so, while the other bases go on. A dead staging
 * host then costs a few timeouts, not a timeout per check.
 *
 * An origin that has never answered anything at all is judged as a whole: once that many of its requests
 * have timed out, whichever bases they went to, every base on it is marked not answering. A hung host then
 * costs one round of timeouts rather than one per base (39 networks, three services each); an origin that
 * has answered even once is only ever judged base by base, so a slow or partly hanging target is not cut off.
 *
 * One tracker per process, keyed by origin: a run forgets what earlier runs learnt of its own target's origins
 * only, so runs against different targets may share a thread. Within an operation session the session's own
 * limit of two timeouts comes first, so a single hanging operation never marks its whole base.
 */
import { setMaxListeners } from 'node:events';
import type { HttpOutcome } from '../transport/http-client.js';

export const TIMEOUTS_IN_A_ROW_BEFORE_BASE_IS_DOWN = 3;

interface HealthState {
  timeoutsInARow: number;
  answered: boolean;
  down: string | undefined;
  /** Aborted when the base (or its origin) is marked down: what is still in flight to it is given up then. */
  given: AbortController;
}

const bases = new Map<string, HealthState>();
const origins = new Map<string, HealthState>();

function stateIn(states: Map<string, HealthState>, key: string): HealthState {
  let state = states.get(key);
  if (!state) {
    state = { timeoutsInARow: 0, answered: false, down: undefined, given: abortable() };
    states.set(key, state);
  }
  return state;
}

function abortable(): AbortController {
  const controller = new AbortController();
  // Every request in flight to the base listens: as many as the run's concurrency.
  setMaxListeners(0, controller.signal);
  return controller;
}

/** Origins of the bases seen (few: parsing a URL per request was a measurable share of a run). */
const originsOfBases = new Map<string, string>();

function originOf(base: string): string {
  let origin = originsOfBases.get(base);
  if (origin === undefined) {
    try {
      origin = new URL(base).origin;
    } catch {
      origin = base;
    }
    originsOfBases.set(base, origin);
  }
  return origin;
}

/** Why `base` is not asked anything any more, or undefined while it answers. */
export function baseDownReason(base: string): string | undefined {
  const own = bases.get(base)?.down;
  if (own) return own;
  const origin = origins.get(originOf(base))?.down;
  return origin ? `${base} is not answering: ${origin}` : undefined;
}

/**
 * Aborted as soon as `base` is marked not answering, with the reason: a request still in flight to it (sent
 * just before the verdict, together with those that timed out) ends then instead of waiting out its own timeout.
 */
export function baseGivenUp(base: string): AbortSignal {
  return stateIn(bases, base).given.signal;
}

/** Learns from one outcome of a request to `base`. */
export function noteBaseOutcome(base: string, outcome: HttpOutcome): void {
  const state = stateIn(bases, base);
  const originKey = originOf(base);
  const origin = stateIn(origins, originKey);
  if (outcome.ok) {
    // A late answer from an origin judged silent: it answers after all, so only its bases are judged now.
    origin.answered = true;
    if (origin.down) {
      origin.down = undefined;
      for (const each of basesOf(originKey)) if (!each.down && each.given.signal.aborted) each.given = abortable();
    }
    if (!state.down) state.timeoutsInARow = 0;
    return;
  }
  if (outcome.failure !== 'timeout' || outcome.unsent) return;
  if (!origin.answered && !origin.down) {
    origin.timeoutsInARow += 1;
    if (origin.timeoutsInARow >= TIMEOUTS_IN_A_ROW_BEFORE_BASE_IS_DOWN) {
      origin.down = `${origin.timeoutsInARow} requests to ${originKey} got no answer in time and it has answered none, so its remaining checks were not run`;
      for (const [key, each] of bases) if (originOf(key) === originKey) each.given.abort(baseDownReason(key));
    }
  }
  if (state.down) return;
  state.timeoutsInARow += 1;
  if (state.timeoutsInARow >= TIMEOUTS_IN_A_ROW_BEFORE_BASE_IS_DOWN) {
    state.down = `${base} is not answering: ${state.timeoutsInARow} requests in a row got no answer in time, so its remaining checks were not run`;
    state.given.abort(state.down);
  }
}

function basesOf(originKey: string): HealthState[] {
  return [...bases].filter(([key]) => originOf(key) === originKey).map(([, state]) => state);
}

/**
 * Forgets what is known of the origins of `urls` (a new run against them; `{network}` in a host stands for any
 * slug); other origins' runs go on untouched.
 */
export function forgetBasesOf(urls: readonly string[]): void {
  const patterns = urls.map(
    (url) => new RegExp(`^${escapeRegExp(/^[^:]+:\/\/[^/]*/.exec(url)?.[0] ?? url).replaceAll('\\{network\\}', '[^/.:]+')}$`),
  );
  const forgotten = (origin: string): boolean => patterns.some((pattern) => pattern.test(origin));
  for (const key of [...bases.keys()]) if (forgotten(originOf(key))) bases.delete(key);
  for (const key of [...origins.keys()]) if (forgotten(key)) origins.delete(key);
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
