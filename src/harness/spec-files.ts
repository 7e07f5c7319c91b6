/** Where the spec file of each operation lives, relative to the project root. */
import { join } from 'node:path';
import type { OperationDef } from '../contract/operations.js';

export function specFileOf(op: Pick<OperationDef, 'service' | 'method'>): string {
  return join('specs', op.service, `${op.method}.spec.ts`);
}

/** The service-wide wire checks (an unknown method under each service's base). */
export const WIRE_SPEC = join('specs', 'wire.spec.ts');

/** The files vitest runs, one per worker: each loads the selected spec files for its share of the networks. */
export const RUN_ENTRIES = [
  join('src', 'runner', 'vitest-shares', 'share-0.run.ts'),
  join('src', 'runner', 'vitest-shares', 'share-1.run.ts'),
] as const;

/** The key under which the CLI tells the worker files how many shares the run has. */
export const SHARES_KEY = 'conformanceShares';

/** Shares (worker files) of a run: one per core up to two, one when there is nothing to split. */
export function sharesFor(networks: number, perNetworkOperations: number, cores: number): number {
  return perNetworkOperations > 0 && networks > 1 ? Math.max(1, Math.min(RUN_ENTRIES.length, cores)) : 1;
}
