/** Faults that prove the marketplace checks of issue 4 can fail. */
import type { Fault } from '../faults.js';

export const MARKETPLACE_FAULTS: readonly Fault[] = [];
