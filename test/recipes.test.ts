/**
 * What the README's recipes promise holds for everything already there: each operation of the contract has its
 * spec file and its reference handler where the conventions put them, and each check of the catalogue is tripped
 * by a fault of the reference server's fault table (a check no fault trips has not been shown to be able to fail).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_CATALOGUE } from '../src/checks/catalogue.js';
import { OPERATIONS, operationId } from '../src/contract/operations.js';
import { specFileOf } from '../src/harness/spec-files.js';
import { FAULTS } from '../src/server/faults.js';
import { handlerOf } from '../src/server/handlers/index.js';

const ROOT = join(import.meta.dirname, '..');

describe('every operation of src/contract', () => {
  it('has its spec file, specs/<Service>/<Method>.spec.ts', () => {
    const missing = OPERATIONS.filter((op) => !existsSync(join(ROOT, specFileOf(op)))).map(
      (op) => `${operationId(op)}: no ${specFileOf(op)}`,
    );
    expect(missing).toEqual([]);
  });

  it('has its reference handler, src/server/handlers/<Service>/<Method>.ts exporting `handler`', async () => {
    const missing: string[] = [];
    for (const op of OPERATIONS) {
      await handlerOf(op).then(
        (handler) => expect(handler.op).toBe(op),
        (error: unknown) => missing.push(`${operationId(op)}: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
    expect(missing).toEqual([]);
  });
});

describe('every check of the catalogue', () => {
  it('is tripped by a fault of src/server/faults/ (its `trips` name the check)', () => {
    const tripped = new Set<string>(FAULTS.flatMap((f) => f.trips.map((t) => t.check)));
    // The harness's own check reports checks that could not run; no behaviour of a server is meant to trip it.
    const untripped = CHECK_CATALOGUE.filter((c) => c.area !== 'harness' && !tripped.has(c.id)).map((c) => c.id);
    expect(untripped).toEqual([]);
  });
});
