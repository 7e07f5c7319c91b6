/**
 * The files the tool is given (fixtures, config, expectations) read with bounds: a regular file only (a FIFO
 * or a device would wait forever or never end) and no larger than its limit (a 200 MB file would exhaust the
 * heap before a line could be said). Each refusal is one line, a usage error.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { UsageError } from '../config/usage-error.js';

/** Far above any real fixtures, config or expectations file, far below what would exhaust a run's heap. */
export const INPUT_FILE_LIMIT_BYTES = 16 * 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 0)} MB`;

/** The file's text; `flag` (and `path`) name it in every refusal. */
export function readBoundedText(path: string, flag: string, limit = INPUT_FILE_LIMIT_BYTES): string {
  const cannotRead = (error: unknown) =>
    new UsageError(`${flag}: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  let fd: number;
  try {
    // Without O_NONBLOCK, opening a FIFO waits for a writer: the refusal would never come.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw cannotRead(error);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new UsageError(`${flag}: ${path} is not a regular file (a pipe, a device or a folder): give a file`);
    if (stat.size > limit) throw new UsageError(`${flag}: ${path} is ${megabytes(stat.size)}, over the limit of ${megabytes(limit)}`);
    const buffer = Buffer.alloc(stat.size + 1);
    let read = 0;
    for (let n = -1; n !== 0 && read < buffer.length; read += n) n = readSync(fd, buffer, read, buffer.length - read, null);
    // Grown since it was measured: still bounded.
    if (read > limit) throw new UsageError(`${flag}: ${path} is over the limit of ${megabytes(limit)}`);
    return buffer.subarray(0, read).toString('utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw cannotRead(error);
  } finally {
    closeSync(fd);
  }
}

/**
 * Why a key cannot be what the user meant, or undefined: whitespace around it or a control character in it
 * (a key file saved with Windows line endings, read with `$(cat key.txt)`, ends in a carriage return). Never
 * shows the key.
 */
export function keyProblem(key: string): string | undefined {
  if (/\r\n?$/.test(key)) return 'ends with a carriage return (a key file saved with Windows line endings?)';
  if (key !== key.trim()) return 'has whitespace around it';
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'holds a control character';
  return undefined;
}
