/** Checks of Marketplace and Metadata meaning beyond shapes (issue 4): floor, counts, listings, steps, filters. */
import type { CheckDef } from '../catalogue-types.js';

export const MARKETPLACE_CHECKS = [] as const satisfies readonly CheckDef[];
