// Loads the command line: from the bundle of the package's TypeScript (src/bundle/current.mjs says which), or,
// when there is none, from the sources through tsx.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startCheckThreadsEarly } from '../src/bundle/check-threads.mjs';
import { cacheCompiledCode, compileCacheFolder } from '../src/bundle/compile-cache.mjs';
import { bundleFolder } from '../src/bundle/current.mjs';

/** The command line's `main(argv)`, for the command line `argv` (a run's checks' threads start booting now). */
export async function loadCli(argv = process.argv.slice(2)) {
  const dir = await bundleFolder();
  if (dir) {
    cacheCompiledCode(compileCacheFolder(dir));
    if (argv[0] === 'run') startCheckThreadsEarly(pathToFileURL(join(dir, 'check-thread.mjs')));
    return (await import(pathToFileURL(join(dir, 'cli.mjs')).href)).main;
  }
  const { register } = await import('tsx/esm/api');
  register();
  return (await import('../src/cli/main.ts')).main;
}
