// Loads the command line. Its TypeScript is bundled with esbuild (the compiler tsx itself uses) into the
// package's node_modules/.cache, and rebuilt when a source file changes: a run then loads a few files instead of
// hundreds through a TypeScript loader, which cost seconds of start-up and a loader thread per thread. When no
// bundle can be written (a read-only install), or CONFORMANCE_NO_BUNDLE=1, the sources load through tsx.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const PACKAGE_ROOT = resolve(import.meta.dirname, '..');
/** The folders the bundles are built from. */
const SOURCES = ['src', 'specs', 'properties', 'reporters'];
/**
 * The command line, the checks' worker thread it starts (src/runner/thread-engine.ts names it), and what writes
 * the schema validators compiled ahead.
 */
const ENTRIES = {
  cli: 'src/cli/main.ts',
  'check-thread': 'src/runner/check-thread.ts',
  'validators-build': 'src/validation/write-compiled-validators.ts',
};
const CACHE = join(PACKAGE_ROOT, 'node_modules', '.cache', 'rpc-conformance');
/** Bundles of older sources are removed once this old (a run started from one may still start its thread). */
const STALE_AFTER_MS = 60 * 60 * 1000;

/** The command line's `main(argv)`. */
export async function loadCli() {
  const dir = await bundled();
  if (dir) return (await import(pathToFileURL(join(dir, 'cli.mjs')).href)).main;
  const { register } = await import('tsx/esm/api');
  register();
  return (await import('../src/cli/main.ts')).main;
}

/**
 * The checks' worker thread from the bundle of the current sources, for a run started from the TypeScript
 * sources (the library, the tool's tests): the thread then boots no TypeScript loader. Undefined when no
 * bundle can be written, or with CONFORMANCE_NO_BUNDLE=1.
 */
export async function bundledCheckThread() {
  const dir = await bundled();
  return dir ? pathToFileURL(join(dir, 'check-thread.mjs')) : undefined;
}

/**
 * The folder of the bundles of the current sources, built if need be; undefined when it cannot be written, or
 * with CONFORMANCE_NO_BUNDLE=1.
 */
async function bundled() {
  if (process.env.CONFORMANCE_NO_BUNDLE === '1') return undefined;
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
    const esbuild = await import('esbuild');
    mkdirSync(building, { recursive: true });
    await esbuild.build({
      absWorkingDir: PACKAGE_ROOT,
      entryPoints: ENTRIES,
      outdir: building,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      // Modules imported on demand (a command's own, the server, each spec file) stay in chunks of their own.
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // The packages are bundled too (their hundreds of files were most of a thread's start-up), except those
      // loaded only on demand or that find their own files at run time (the chain node's native EVM among them).
      external: ['vitest', 'vitest/*', 'vite', 'tsx', 'tsx/*', 'esbuild', 'tiny-secp256k1', '@nomicfoundation/edr'],
      // What bundled CommonJS packages require of node itself.
      banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
      define: { BUNDLE_TO_PACKAGE_ROOT: JSON.stringify(relative(dir, PACKAGE_ROOT)) },
      logLevel: 'silent',
    });
    try {
      const { writeCompiledValidators } = await import(pathToFileURL(join(building, 'validators-build.mjs')).href);
      writeCompiledValidators(building);
    } catch {
      // Without them each thread compiles the validators it needs, as it does from the sources.
    }
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

/** Names the sources as they are now: every file's path, size and modification time, and this loader's. */
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
  const self = statSync(import.meta.filename);
  hash.update(`loader\0${self.size}\0${self.mtimeMs}`);
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
