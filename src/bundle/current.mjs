// Which bundle of the package's TypeScript a run loads, so that plain Node runs it: a few files instead of
// hundreds through a TypeScript loader, which cost seconds of start-up and a loader thread per thread.
// - An installed package runs its dist/, built when it was packed (scripts/build-package.mjs): it never builds.
// - A source checkout runs the bundle of its current sources, built into the package's node_modules/.cache at
//   first use and rebuilt when a source file changes (a dist/ left by `npm pack` may be older than the sources).
// - None when no bundle can be written (a read-only install without dist/), or with CONFORMANCE_NO_BUNDLE=1: the
//   sources then load through tsx.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildBundles } from './build.mjs';

const PACKAGE_ROOT = resolve(import.meta.dirname, '..', '..');
const DIST = join(PACKAGE_ROOT, 'dist');
/** The folders the bundles are built from. */
const SOURCES = ['src', 'specs', 'properties', 'reporters'];
const CACHE = join(PACKAGE_ROOT, 'node_modules', '.cache', 'rpc-conformance');
/** Bundles of older sources are removed once this old (a run started from one may still start its thread). */
const STALE_AFTER_MS = 60 * 60 * 1000;

/** The folder of the bundles to run (cli.mjs, check-thread.mjs, lib.mjs), built if need be; undefined when none. */
export async function bundleFolder() {
  if (process.env.CONFORMANCE_NO_BUNDLE === '1') return undefined;
  if (isInstalled() && existsSync(join(DIST, 'cli.mjs'))) return DIST;
  return bundleOfCurrentSources();
}

/**
 * The checks' worker thread from the bundle, for a run started from the TypeScript sources (the library, the
 * tool's tests): the thread then boots no TypeScript loader. Undefined when there is no bundle.
 */
export async function checkThreadBundle() {
  const dir = await bundleFolder();
  return dir ? pathToFileURL(join(dir, 'check-thread.mjs')) : undefined;
}

/**
 * Whether the package was installed by a package manager rather than checked out: its real folder lies in a
 * node_modules folder (npm, pnpm, a global install; `npm link` resolves to the checkout).
 */
function isInstalled() {
  try {
    return realpathSync(PACKAGE_ROOT).split(sep).includes('node_modules');
  } catch {
    return false;
  }
}

async function bundleOfCurrentSources() {
  let dir;
  try {
    dir = join(CACHE, `cli-${sourcesKey()}`);
  } catch {
    // A source folder that cannot be read: the sources load through tsx, which then says what is wrong.
    return undefined;
  }
  if (existsSync(join(dir, 'cli.mjs')) && existsSync(join(dir, 'check-thread.mjs'))) return dir;
  // Built aside and renamed into place, so that runs starting at once never load a half-written bundle.
  const building = join(CACHE, `building-${process.pid}-${Date.now()}`);
  try {
    mkdirSync(building, { recursive: true });
    await buildBundles({ packageRoot: PACKAGE_ROOT, outdir: building, runsFrom: dir });
    try {
      renameSync(building, dir);
    } catch {
      // Another run put the same bundles in place first.
      rmSync(building, { recursive: true, force: true });
    }
    removeStale(dir);
    return existsSync(join(dir, 'cli.mjs')) ? dir : undefined;
  } catch {
    rmSync(building, { recursive: true, force: true });
    return undefined;
  }
}

/** Names the sources as they are now (this module and its builder among them): every file's path, size and modification time. */
function sourcesKey() {
  const hash = createHash('sha256');
  const visit = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (!entry.name.endsWith('.test.ts')) {
        const { size, mtimeMs } = statSync(path);
        hash.update(`${relative(PACKAGE_ROOT, path)}\0${size}\0${mtimeMs}\n`);
      }
    }
  };
  for (const folder of SOURCES) visit(join(PACKAGE_ROOT, folder));
  return hash.digest('hex').slice(0, 16);
}

function removeStale(current) {
  for (const entry of readdirSync(CACHE)) {
    const path = join(CACHE, entry);
    if (path === current) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_AFTER_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed by another run meanwhile.
    }
  }
}
