/** The files a run read, fingerprinted for its report (src/report/run-inputs.ts) and checked again by a rerun. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FileInput } from '../report/run-inputs.js';

export const sha256Of = (bytes: string | Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** A file named as given and fingerprinted; undefined when it cannot be read (its loader says why). */
export function fileInput(file: string): FileInput | undefined {
  try {
    return { file, sha256: sha256Of(readFileSync(file)) };
  } catch {
    return undefined;
  }
}
