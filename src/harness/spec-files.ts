/** Where the spec file of each operation lives, relative to the project root. */
import { join } from 'node:path';
import type { OperationDef } from '../contract/operations.js';

export function specFileOf(op: Pick<OperationDef, 'service' | 'method'>): string {
  return join('specs', op.service, `${op.method}.spec.ts`);
}

/** The service-wide wire checks (an unknown method under each service's base). */
export const WIRE_SPEC = join('specs', 'wire.spec.ts');

/** The one file vitest runs: it loads the selected spec files, so all their tests share one scheduler. */
export const RUN_ENTRY = join('specs', 'all.run.ts');
