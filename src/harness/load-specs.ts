/**
 * What each worker file of `conformance run` does: takes its share of the networks, sets its part of the
 * run-wide limit on requests in flight, and loads the spec file of every selected operation and the wire
 * checks. All their tests then belong to one file and run concurrently under that limit (vitest runs the files
 * of a worker one after another, so one file per spec would leave slots idle at each file's tail).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'vitest';
import { findOperation } from '../contract/operations.js';
import { setConcurrency } from '../transport/http-client.js';
import { runConfig, selectShare, sharesProvided } from './run-config.js';
import { specFileOf, WIRE_SPEC } from './spec-files.js';

const ROOT = join(import.meta.dirname, '..', '..');

export async function loadShare(index: number): Promise<void> {
  selectShare(index, sharesProvided());
  const config = runConfig();
  setConcurrency(config.concurrency);
  const files = [...config.operations.map((id) => specFileOf(findOperation(id)!)), WIRE_SPEC];
  for (const file of files) {
    try {
      await import(pathToFileURL(join(ROOT, file)).href);
    } catch (error) {
      // One broken spec file must not take the others down: its failure is reported, the rest still run.
      const message = `${file} could not be loaded: ${(error as Error).message}`;
      describe(file, () => test('global', () => {
        throw new Error(message);
      }));
    }
  }
}
