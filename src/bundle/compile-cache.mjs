// Where a run keeps the code V8 compiled from its bundle, so that the next run loads it instead of compiling it
// again (Node 22.1 and later: module.enableCompileCache). A run's three threads each compile the same bundle as
// they start, on a machine that often has two cores: a good part of a run's start. Node 20 has no such cache,
// and a folder that cannot be written leaves the run as it was: the cache only ever saves time.
// Plain JavaScript: bin/load-cli.mjs calls it before any bundle is loaded.
import module from 'node:module';
import { join, sep } from 'node:path';

const CHECKOUT_BUNDLES = `${sep}node_modules${sep}.cache${sep}rpc-conformance${sep}`;

/**
 * The folder for the code compiled from the bundle in `bundleDir`:
 * - a source checkout's bundle (node_modules/.cache/rpc-conformance/cli-…): a folder inside it, removed with it
 *   once the sources change;
 * - an installed package's dist/: .cache/rpc-conformance in the node_modules folder it was installed into (where
 *   tools keep their caches), never inside the package itself.
 */
export function compileCacheFolder(bundleDir) {
  if (bundleDir.includes(CHECKOUT_BUNDLES)) return join(bundleDir, 'compile-cache');
  const parts = bundleDir.split(sep);
  const nodeModules = parts.lastIndexOf('node_modules');
  return nodeModules > 0 ? join(parts.slice(0, nodeModules + 1).join(sep), '.cache', 'rpc-conformance', 'compile-cache') : undefined;
}

/**
 * Turns the cache on for this thread and, through the environment they inherit, for the checks' threads started
 * from now on. A cache the user set (NODE_COMPILE_CACHE) or turned off (NODE_DISABLE_COMPILE_CACHE) is theirs.
 */
export function cacheCompiledCode(folder) {
  if (folder === undefined || typeof module.enableCompileCache !== 'function') return;
  if (process.env.NODE_COMPILE_CACHE !== undefined || process.env.NODE_DISABLE_COMPILE_CACHE !== undefined) return;
  try {
    const { status } = module.enableCompileCache(folder);
    if (status === module.constants.compileCacheStatus.ENABLED) process.env.NODE_COMPILE_CACHE = folder;
  } catch {
    // A cache that cannot be made costs nothing but the time it would have saved.
  }
}
