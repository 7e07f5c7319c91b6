/** Checks of Swap, wallet utilities (real signatures), Relayer and Indexer meaning (issue 4). */
import type { CheckDef } from '../catalogue-types.js';

export const API_CHECKS = [] as const satisfies readonly CheckDef[];
