/** Checks of Builder audiences as state: round trips, counts, removals (issue 4). */
import type { CheckDef } from '../catalogue-types.js';

export const BUILDER_CHECKS = [] as const satisfies readonly CheckDef[];
