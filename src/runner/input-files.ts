/** The files a run read, fingerprinted for its report (src/report/run-inputs.ts) and checked again by a rerun. */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { FileInput } from '../report/run-inputs.js';
import { pipedFingerprint } from '../config/bounded-file.js';

export const sha256Of = (bytes: string | Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * A file named as given and fingerprinted; undefined when it cannot be read (its loader says why). A pipe
 * (`--fixtures <(…)`) is fingerprinted by what its one read brought: opened again, it would wait for a writer.
 */
export function fileInput(file: string): FileInput | undefined {
  try {
    if (statSync(file).isFIFO()) {
      const sha256 = pipedFingerprint(file);
      return sha256 === undefined ? undefined : { file, sha256, piped: true };
    }
    return { file, sha256: sha256Of(readFileSync(file)) };
  } catch {
    return undefined;
  }
}
