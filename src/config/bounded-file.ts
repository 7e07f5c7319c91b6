/**
 * The files the tool is given (fixtures, config, expectations) read with bounds: no larger than its limit (a
 * 200 MB file would exhaust the heap before a line could be said), and a pipe (`--config <(generate-config)`,
 * a FIFO) only for as long as someone writes to it: a FIFO no one opens ends the wait within PIPE_WRITER_WAIT_MS,
 * a writer that never finishes within PIPE_WAIT_MS. A device or a folder is refused. Each refusal is one line,
 * a usage error.
 */
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { UsageError } from '../config/usage-error.js';

/** Far above any real fixtures, config or expectations file, far below what would exhaust a run's heap. */
export const INPUT_FILE_LIMIT_BYTES = 16 * 1024 * 1024;
/** How long a pipe may take to bring the whole of its text: a generator that decrypts or fetches its config. */
export const PIPE_WAIT_MS = 30_000;
/** How long a FIFO may stay without a writer: the one that will write to it has had time to start by then. */
export const PIPE_WRITER_WAIT_MS = 5_000;
/** Between two looks at a pipe that has nothing to read yet. */
const PIPE_POLL_MS = 10;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 0)} MB`;

export interface BoundedReadOptions {
  readonly limit?: number;
  readonly pipeWaitMs?: number;
  readonly pipeWriterWaitMs?: number;
}

/** The SHA-256 of what each pipe read brought, by path: a pipe cannot be read a second time to fingerprint it. */
const pipedFingerprints = new Map<string, string>();

/** The fingerprint of the text a pipe at `path` brought, when it was read as one (a pipe cannot be read again). */
export function pipedFingerprint(path: string): string | undefined {
  return pipedFingerprints.get(path);
}

/** The file's (or the pipe's) text; `flag` (and `path`) name it in every refusal. */
export function readBoundedText(path: string, flag: string, options: BoundedReadOptions | number = {}): string {
  const {
    limit = INPUT_FILE_LIMIT_BYTES,
    pipeWaitMs = PIPE_WAIT_MS,
    pipeWriterWaitMs = PIPE_WRITER_WAIT_MS,
  } = typeof options === 'number' ? { limit: options } : options;
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
    if (stat.isFIFO()) {
      const bytes = readPipe(fd, path, flag, { limit, pipeWaitMs, pipeWriterWaitMs });
      pipedFingerprints.set(path, createHash('sha256').update(bytes).digest('hex'));
      return bytes.toString('utf8');
    }
    return readFile(fd, stat, path, flag, limit);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw cannotRead(error);
  } finally {
    closeSync(fd);
  }
}

function readFile(fd: number, stat: Stats, path: string, flag: string, limit: number): string {
  if (!stat.isFile()) throw new UsageError(`${flag}: ${path} is neither a file nor a pipe (a device or a folder): give a file`);
  if (stat.size > limit) throw new UsageError(`${flag}: ${path} is ${megabytes(stat.size)}, over the limit of ${megabytes(limit)}`);
  const buffer = Buffer.alloc(stat.size + 1);
  let read = 0;
  for (let n = -1; n !== 0 && read < buffer.length; read += n) n = readSync(fd, buffer, read, buffer.length - read, null);
  // Grown since it was measured: still bounded.
  if (read > limit) throw new UsageError(`${flag}: ${path} is over the limit of ${megabytes(limit)}`);
  return buffer.subarray(0, read).toString('utf8');
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * A pipe's bytes up to its end, read without blocking: no bytes yet and no writer (a read answers 0) is waited
 * out up to `pipeWriterWaitMs` (a FIFO's writer may not have opened it yet); a writer that has not finished by
 * `pipeWaitMs`, or more than `limit` bytes, is refused. The options line read this way is synchronous, as a
 * file's; the wait between two looks is a short sleep of this thread.
 */
function readPipe(fd: number, path: string, flag: string, bounds: Required<BoundedReadOptions>): Buffer {
  const started = Date.now();
  const chunks: Buffer[] = [];
  let total = 0;
  const chunk = Buffer.alloc(64 * 1024);
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, chunk, 0, chunk.length, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      n = -1;
    }
    if (n > 0) {
      total += n;
      if (total > bounds.limit) throw new UsageError(`${flag}: the pipe ${path} brought more than the limit of ${megabytes(bounds.limit)}`);
      chunks.push(Buffer.from(chunk.subarray(0, n)));
      continue;
    }
    // Nothing read yet and no writer: the writer may still be starting. Something read and no writer: the end.
    if (n === 0 && total > 0) return Buffer.concat(chunks, total);
    const waited = Date.now() - started;
    if (n === 0 && waited >= bounds.pipeWriterWaitMs)
      throw new UsageError(
        `${flag}: no one wrote to the pipe ${path} within ${bounds.pipeWriterWaitMs / 1000} s: give a file, or a pipe that is written`,
      );
    if (waited >= bounds.pipeWaitMs)
      throw new UsageError(`${flag}: the pipe ${path} did not end within ${bounds.pipeWaitMs / 1000} s (${total} bytes came): give a file`);
    Atomics.wait(pause, 0, 0, PIPE_POLL_MS);
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
