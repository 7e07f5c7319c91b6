// How the package's TypeScript becomes JavaScript for plain Node: esbuild (the compiler tsx itself uses) bundles
// the command line, the checks' worker thread, the library and what writes the validators compiled ahead. The
// package's dist/ (scripts/build-package.mjs) and the bundle of a source checkout's current sources
// (./current.mjs) are both built here, so the two cannot drift apart.
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The bundles' entries: the command line, the library (the package's `exports`), and what writes the schema
 * validators compiled ahead. They share chunks: a command loads only its own.
 */
export const ENTRIES = {
  cli: 'src/cli/main.ts',
  lib: 'src/lib/index.ts',
  'validators-build': 'src/validation/write-compiled-validators.ts',
  // `run --engine vitest`'s worker files (src/runner/vitest-engine.ts runs these from a bundle): vitest then runs
  // plain JavaScript whose packages are inside it, and an installed package needs none of them beside it.
  'vitest-share-0': 'src/runner/vitest-shares/share-0.run.ts',
  'vitest-share-1': 'src/runner/vitest-shares/share-1.run.ts',
};

/**
 * The checks' worker thread (src/runner/thread-engine.ts finds it beside its own chunk): one file of its own,
 * spec files included, sharing no chunk. A thread loads every spec file before its first check, and split into
 * chunks that was about 75 modules, each found, read, compiled and linked on its own: two threads took 230–370 ms
 * to be ready on Node 20, against 165–210 ms from one file, while the command line reads its options beside them.
 */
export const THREAD_ENTRY = { 'check-thread': 'src/runner/check-thread.ts' };

/**
 * Bundles the sources of the package at `packageRoot` into `outdir`, then writes the validators compiled ahead
 * beside them. `runsFrom` is the folder the bundles will be run from, when they are built aside and renamed into
 * place. Rejects when the sources do not build.
 */
export async function buildBundles({ packageRoot, outdir, runsFrom = outdir }) {
  const esbuild = await import('esbuild');
  const common = {
    absWorkingDir: packageRoot,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The packages are bundled too (their hundreds of files were most of a thread's start-up), except those
    // loaded only on demand or that find their own files at run time.
    external: ['vitest', 'vitest/*', 'vite', 'tsx', 'tsx/*', 'esbuild', 'tiny-secp256k1'],
    // What bundled CommonJS packages require of node itself.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    // src/package-root.ts: how the bundled code finds the package's files (specs/, schemas/, package.json).
    define: { BUNDLE_TO_PACKAGE_ROOT: JSON.stringify(relative(runsFrom, packageRoot)) },
    logLevel: 'silent',
  };
  await Promise.all([
    // Modules imported on demand (a command's own, the server) stay in chunks of their own.
    esbuild.build({ ...common, entryPoints: ENTRIES, splitting: true }),
    // Without splitting, what the thread imports on demand (each spec file) is in its one file, evaluated when imported.
    esbuild.build({ ...common, entryPoints: THREAD_ENTRY, splitting: false }),
  ]);
  try {
    const { writeCompiledValidators } = await import(pathToFileURL(join(outdir, 'validators-build.mjs')).href);
    writeCompiledValidators(outdir);
  } catch {
    // Without them each thread compiles the validators it needs, as it does from the sources.
  }
}
