/** Faults that prove the builder checks of issue 4 can fail. */
import type { Fault } from '../faults.js';

export const BUILDER_FAULTS: readonly Fault[] = [];
