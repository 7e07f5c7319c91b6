// How the package's TypeScript becomes JavaScript for plain Node: one esbuild build (the compiler tsx itself uses)
// of the command line, the checks' worker thread, the library and what writes the validators compiled ahead. The
// package's dist/ (scripts/build-package.mjs) and the bundle of a source checkout's current sources
// (./current.mjs) are both built here, so the two cannot drift apart.
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The bundles' entries: the command line, the checks' worker thread (src/runner/thread-engine.ts finds it beside
 * its own chunk), the library (the package's `exports`), and what writes the schema validators compiled ahead.
 */
export const ENTRIES = {
  cli: 'src/cli/main.ts',
  'check-thread': 'src/runner/check-thread.ts',
  lib: 'src/lib/index.ts',
  'validators-build': 'src/validation/write-compiled-validators.ts',
  // `run --engine vitest`'s worker files (src/runner/vitest-engine.ts runs these from a bundle): vitest then runs
  // plain JavaScript whose packages are inside it, and an installed package needs none of them beside it.
  'vitest-share-0': 'src/runner/vitest-shares/share-0.run.ts',
  'vitest-share-1': 'src/runner/vitest-shares/share-1.run.ts',
};

/**
 * Bundles the sources of the package at `packageRoot` into `outdir`, then writes the validators compiled ahead
 * beside them. `runsFrom` is the folder the bundles will be run from, when they are built aside and renamed into
 * place. Rejects when the sources do not build.
 */
export async function buildBundles({ packageRoot, outdir, runsFrom = outdir }) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: packageRoot,
    entryPoints: ENTRIES,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // Modules imported on demand (a command's own, the server, each spec file) stay in chunks of their own.
    splitting: true,
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
  });
  try {
    const { writeCompiledValidators } = await import(pathToFileURL(join(outdir, 'validators-build.mjs')).href);
    writeCompiledValidators(outdir);
  } catch {
    // Without them each thread compiles the validators it needs, as it does from the sources.
  }
}
