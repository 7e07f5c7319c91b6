/**
 * What `conformance run` hands to vitest: one test file that loads the spec file of every selected
 * operation and the wire checks. All their tests then belong to one file in one worker, run concurrently,
 * and share the transport's run-wide limit on requests in flight (vitest runs files one after another in a
 * worker, so separate files would leave slots idle at each file's tail).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, test } from 'vitest';
import { findOperation } from '../src/contract/operations.js';
import { runConfig } from '../src/harness/run-config.js';
import { specFileOf, WIRE_SPEC } from '../src/harness/spec-files.js';
import { setConcurrency } from '../src/transport/http-client.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const config = runConfig();
setConcurrency(config.concurrency);

const files = [...config.operations.map((id) => specFileOf(findOperation(id)!)), WIRE_SPEC];
for (const file of files) {
  try {
    await import(pathToFileURL(join(root, file)).href);
  } catch (error) {
    // One broken spec file must not take the others down: its failure is reported, the rest still run.
    const message = `${file} could not be loaded: ${(error as Error).message}`;
    describe(file, () => test('global', () => {
      throw new Error(message);
    }));
  }
}
