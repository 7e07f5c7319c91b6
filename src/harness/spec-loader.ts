/**
 * Loads the spec files of a run's operations and the wire checks, and hands back the suites they register.
 * A spec file registers its suite when first imported; a later run in the same process finds it registered.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findOperation } from '../contract/operations.js';
import { specFileOf, WIRE_SPEC } from './spec-files.js';
import { registeredSuite, type Suite } from './suites.js';
import { WIRE_SUITE } from './work.js';

const ROOT = join(import.meta.dirname, '..', '..');

export interface LoadedSpecs {
  /** In the order of the operations given, then the wire suite. */
  readonly suites: readonly Suite[];
  /** Spec files that could not be loaded, with why: one broken file does not take the others down. */
  readonly failures: readonly { readonly file: string; readonly suite: string; readonly message: string }[];
}

export async function loadSpecFiles(operations: readonly string[]): Promise<LoadedSpecs> {
  const wanted = [...operations.map((id) => ({ suite: id, file: specFileOf(findOperation(id)!) })), { suite: WIRE_SUITE, file: WIRE_SPEC }];
  const suites: Suite[] = [];
  const failures: { file: string; suite: string; message: string }[] = [];
  for (const { suite, file } of wanted) {
    try {
      await import(pathToFileURL(join(ROOT, file)).href);
      const registered = registeredSuite(suite);
      if (!registered) throw new Error(`it registers no suite named ${suite}`);
      suites.push(registered);
    } catch (error) {
      failures.push({ file, suite, message: `${file} could not be loaded: ${(error as Error).message}` });
    }
  }
  return { suites, failures };
}
