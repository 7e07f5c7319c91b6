/**
 * A command that reads a report folder (or a cassette) and writes a report must not write where it reads:
 * publishing replaces the folder whole, so the report being re-run or re-judged would be gone, and the new one
 * read as the old. Refused before anything is sent (exit 2).
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { UsageError } from '../config/usage-error.js';

/** The real path of `path`: of its nearest existing ancestor, with the rest appended (the folder may not exist yet). */
function realPath(path: string): string {
  const absolute = resolve(path);
  let existing = absolute;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  try {
    return resolve(realpathSync(existing), relative(existing, absolute));
  } catch {
    return absolute;
  }
}

/** Whether `inner` is `outer` or lies within it. */
function within(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : `${outer}${sep}`);
}

/**
 * Refuses `reportDir` when what the command reads (`readPath`: a report folder, a report.json, a cassette) is
 * that folder or lies in it.
 */
export function refuseWritingWhereRead(command: string, reportDir: string, readPath: string, what: string): void {
  const target = realPath(reportDir);
  const read = realPath(readPath);
  if (within(read, target))
    throw new UsageError(
      `${command}: --report-dir ${reportDir} holds the ${what} it reads (${readPath}): writing there would replace it; give another --report-dir`,
    );
}
