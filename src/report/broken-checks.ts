/** Which check results count as broken: one definition for the builder, the renderers, the gate and the runner. */
import type { CheckResult } from './model.js';

/** The check did not hold: the server broke its rule (failed) or the suite could not decide it (errored). */
export const isBroken = (c: Pick<CheckResult, 'status'>): boolean => c.status === 'failed' || c.status === 'errored';

/** A MUST check broke: what fails its operation, its network and the run, unless an expectations file lists it. */
export const isMustBroken = (c: Pick<CheckResult, 'level' | 'status'>): boolean => c.level === 'MUST' && isBroken(c);
