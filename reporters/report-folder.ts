/**
 * The report folder of a run, claimed before anything is sent and published as one set at the end:
 *
 * - claim: the folder must be usable (created if missing, writable) and the tool's own (empty, holding only
 *   report files, or marked by an earlier publication); a run already using it (a lock file beside it, naming a live process) is refused;
 *   the report of an earlier run is removed at once, so a stale verdict is never read as the current one;
 * - publish: the files are written into a staging folder beside it, which then takes the folder's place by
 *   rename: a reader sees the whole earlier set, nothing, or the whole new set, never a mix.
 * Every refusal is a ReportFolderError with a one-line message (exit code 2).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Written into every published folder: a folder holding it is the tool's to replace. */
export const FOLDER_MARKER = '.conformance-report';

export class ReportFolderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportFolderError';
  }
}

const describe = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/**
 * Creates `dir` and its missing parents one level at a time: Node's recursive mkdir loops forever on some
 * pseudo file systems (/proc), and a parent that is a regular file must be a clear refusal.
 */
function makeFolders(dir: string): void {
  const missing: string[] = [];
  let at = dir;
  while (!existsSync(at)) {
    missing.push(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  if (existsSync(at) && !statSync(at).isDirectory()) throw new ReportFolderError(`--report-dir ${dir}: ${at} is not a folder`);
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (error) {
      throw new ReportFolderError(`--report-dir ${dir}: cannot create ${folder} (${describe(error)})`);
    }
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Locks this process holds: a run may not take the folder another run of the same process is writing. */
const heldHere = new Set<string>();

export class ReportFolder {
  private readonly lock: string;
  private readonly staging: string;
  private released = false;

  private constructor(
    readonly dir: string,
    private readonly reportFiles: readonly string[],
  ) {
    this.lock = join(dirname(dir), `.${basename(dir)}.lock`);
    this.staging = join(dirname(dir), `.${basename(dir)}.${process.pid}.staging`);
  }

  /** Claims `dir` for this run, or throws a ReportFolderError saying why it cannot be used. */
  static claim(dir: string, reportFiles: readonly string[]): ReportFolder {
    makeFolders(dirname(dir));
    if (existsSync(dir) && !statSync(dir).isDirectory()) throw new ReportFolderError(`--report-dir ${dir} is not a folder`);
    const folder = new ReportFolder(dir, reportFiles);
    folder.takeLock();
    try {
      folder.removeDeadStaging();
      folder.checkOwnership();
      folder.prepareStaging();
      folder.removeEarlierReport();
    } catch (error) {
      folder.release();
      throw error;
    }
    return folder;
  }

  /**
   * Takes the lock: a file naming this process, put in place whole by link() (which fails when the lock
   * exists), so no run ever reads a lock half written. The lock of a run that died (killed, out of memory) is
   * broken by renaming it aside first: of two runs that both found it stale, one renames it and the other
   * finds nothing to rename; a run that renamed a lock just taken by a live run puts it back and gives way.
   */
  private takeLock(): void {
    const mine = `${this.lock}.${process.pid}.${randomBytes(4).toString('hex')}`;
    try {
      writeFileSync(mine, String(process.pid), { flag: 'wx' });
    } catch (error) {
      throw new ReportFolderError(`--report-dir ${this.dir}: cannot write beside it (${describe(error)})`);
    }
    try {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        try {
          linkSync(mine, this.lock);
          heldHere.add(this.lock);
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
            throw new ReportFolderError(`--report-dir ${this.dir}: cannot write beside it (${describe(error)})`);
          }
        }
        this.refuseLiveHolder(readFileSyncSafe(this.lock));
        this.breakStaleLock();
      }
      throw new ReportFolderError(`--report-dir ${this.dir}: cannot take its lock ${this.lock}`);
    } finally {
      rmSync(mine, { force: true });
    }
  }

  /** Throws when the lock's holder (its text) is a live run; returns when it is a dead one's. */
  private refuseLiveHolder(text: string | undefined): void {
    if (text === undefined) return;
    const holder = Number(text);
    if (holder === process.pid && heldHere.has(this.lock)) {
      throw new ReportFolderError(`--report-dir ${this.dir} is in use by another run of this process: give each run its own folder`);
    }
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processAlive(holder)) {
      throw new ReportFolderError(`--report-dir ${this.dir} is in use by another run (process ${holder}): give each run its own folder`);
    }
  }

  private breakStaleLock(): void {
    const aside = `${this.lock}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
    try {
      renameSync(this.lock, aside);
    } catch {
      // Broken by another run meanwhile (or gone): try again.
      return;
    }
    const taken = readFileSyncSafe(aside);
    try {
      this.refuseLiveHolder(taken);
    } catch (error) {
      // It was a live run's, taken since it was found stale: back in place, unless yet another run took it.
      try {
        linkSync(aside, this.lock);
      } catch {
        // The place is taken again: that run holds the folder.
      }
      throw error;
    } finally {
      rmSync(aside, { force: true });
    }
  }

  /**
   * Staging folders beside `dir` that are not this run's are a dead run's (a live one would hold the lock):
   * they go, with the earlier folder a dead run may have been replacing.
   */
  private removeDeadStaging(): void {
    const parent = dirname(this.dir);
    const prefix = `.${basename(this.dir)}.`;
    const ours = basename(this.staging);
    let names: string[];
    try {
      names = readdirSync(parent);
    } catch {
      return;
    }
    for (const name of names) {
      if (!name.startsWith(prefix) || name === ours) continue;
      const rest = name.slice(prefix.length);
      const staging = /^\d+\.staging(?:\.old)?$/.test(rest);
      const lockLeft = /^lock\.(?:stale\.)?\d+\.[0-9a-f]{8}$/.test(rest);
      if (!staging && !lockLeft) continue;
      const pid = Number(rest.match(/\d+/)?.[0]);
      if (lockLeft && pid !== process.pid && processAlive(pid)) continue;
      rmSync(join(parent, name), { recursive: true, force: true });
    }
  }

  /** The tool's folder: it holds the marker of an earlier publication, or nothing but report files. */
  private checkOwnership(): void {
    if (!existsSync(this.dir)) return;
    const names = readdirSync(this.dir);
    if (names.includes(FOLDER_MARKER)) return;
    const allowed = new Set(this.reportFiles);
    const foreign = names.filter((name) => !allowed.has(name));
    if (foreign.length > 0) {
      const shown = foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? ', …' : '');
      throw new ReportFolderError(`--report-dir ${this.dir} holds files the tool did not write (${shown}): give an empty or new folder`);
    }
  }

  private prepareStaging(): void {
    try {
      rmSync(this.staging, { recursive: true, force: true });
      mkdirSync(this.staging);
      writeFileSync(join(this.staging, FOLDER_MARKER), '');
    } catch (error) {
      throw new ReportFolderError(`--report-dir ${this.dir}: cannot write beside it (${describe(error)})`);
    }
  }

  private removeEarlierReport(): void {
    if (!existsSync(this.dir)) return;
    try {
      for (const name of readdirSync(this.dir)) if (name !== FOLDER_MARKER) rmSync(join(this.dir, name), { recursive: true, force: true });
    } catch (error) {
      throw new ReportFolderError(`--report-dir ${this.dir}: cannot remove the earlier report (${describe(error)})`);
    }
  }

  /** Writes `files` (name → content) and puts them in place as one set; returns their paths. */
  publish(files: Readonly<Record<string, string>>): string[] {
    if (this.released) throw new ReportFolderError(`--report-dir ${this.dir}: the report was already published`);
    const old = `${this.staging}.old`;
    try {
      if (!existsSync(this.staging)) {
        mkdirSync(this.staging);
        writeFileSync(join(this.staging, FOLDER_MARKER), '');
      }
      for (const [name, content] of Object.entries(files)) writeFileSync(join(this.staging, name), content);
      if (existsSync(this.dir)) renameSync(this.dir, old);
      renameSync(this.staging, this.dir);
      rmSync(old, { recursive: true, force: true });
    } catch (error) {
      throw new ReportFolderError(`the report could not be written to ${this.dir}: ${describe(error)}`);
    }
    return Object.keys(files).map((name) => join(this.dir, name));
  }

  /** Gives the folder up (also after a refusal): the lock and any staging folder go. */
  release(): void {
    if (this.released) return;
    this.released = true;
    rmSync(this.staging, { recursive: true, force: true });
    if (readFileSyncSafe(this.lock) === String(process.pid)) {
      rmSync(this.lock, { force: true });
      heldHere.delete(this.lock);
    }
  }
}

function readFileSyncSafe(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
}
