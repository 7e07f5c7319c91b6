/**
 * Loads the spec files of a run's operations and the wire checks, and hands back the suites they register.
 * A spec file registers its suite when first imported; a later run in the same process finds it registered.
 */
import { findOperation, type OperationDef } from '../contract/operations.js';
import { specFileOf, WIRE_SPEC } from '../harness/spec-files.js';
import { registeredSuite, type Suite } from '../harness/suites.js';
import { WIRE_SUITE } from '../harness/work.js';

export interface LoadedSpecs {
  /** In the order of the operations given, then the wire suite. */
  readonly suites: readonly Suite[];
  /** Spec files that could not be loaded, with why: one broken file does not take the others down. */
  readonly failures: readonly { readonly file: string; readonly suite: string; readonly message: string }[];
}

export async function loadSpecFiles(operations: readonly string[]): Promise<LoadedSpecs> {
  const wanted = [
    ...operations.map((id) => {
      const op = findOperation(id)!;
      return { suite: id, file: specFileOf(op), load: () => importSpecOf(op) };
    }),
    { suite: WIRE_SUITE, file: WIRE_SPEC, load: () => import('../../specs/wire.spec.js') },
  ];
  // All asked for at once: the loader reads one file while it compiles another, rather than in turns.
  const loaded = await Promise.allSettled(wanted.map(({ load }) => load()));
  const suites: Suite[] = [];
  const failures: { file: string; suite: string; message: string }[] = [];
  wanted.forEach(({ suite, file }, index) => {
    const outcome = loaded[index]!;
    try {
      if (outcome.status === 'rejected') throw outcome.reason;
      const registered = registeredSuite(suite);
      if (!registered) throw new Error(`it registers no suite named ${suite}`);
      suites.push(registered);
    } catch (error) {
      failures.push({ file, suite, message: `${file} could not be loaded: ${(error as Error).message}` });
    }
  });
  return { suites, failures };
}

/**
 * The import names the files by a pattern of literal paths (what `specFileOf` says, relative to this folder), so
 * that the command line's bundle can carry every spec file: a path computed at run time could not be bundled.
 */
const importSpecOf = (op: Pick<OperationDef, 'service' | 'method'>): Promise<unknown> =>
  import(`../../specs/${op.service}/${op.method}.spec.ts`);
