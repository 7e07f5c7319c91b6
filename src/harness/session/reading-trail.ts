/**
 * The exchanges a check's judgement read, however they reached it: sent by the check, adopted from another
 * check, or shared through the session's memo (an answer read once by many checks). Followed through the
 * asynchronous context, so that a helper handed only the session (discovery.ts) still leaves its reads on the
 * trail of the check that called it, and checks run side by side keep apart trails.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface Trail {
  /** The session whose exchange indices the trail holds (indices are per session). */
  readonly owner: object;
  readonly reads: Set<number>;
}

const current = new AsyncLocalStorage<Trail>();

/** Runs `body` with its reads of `owner`'s exchanges gathered into `reads`. */
export function followReads<T>(owner: object, reads: Set<number>, body: () => Promise<T>): Promise<T> {
  return current.run({ owner, reads }, body);
}

/** The reads gathered at this point of the program for `owner`, when something is following them. */
export function readsNow(owner: object): Set<number> | undefined {
  const trail = current.getStore();
  return trail?.owner === owner ? trail.reads : undefined;
}

/** Puts the exchange on the trail being followed, if any. */
export function noteRead(owner: object, index: number): void {
  readsNow(owner)?.add(index);
}
