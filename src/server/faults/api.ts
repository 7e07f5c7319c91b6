/** Faults that prove the api checks of issue 4 can fail. */
import type { Fault } from '../faults.js';

export const API_FAULTS: readonly Fault[] = [];
