// Loads the command line: from the bundle of the package's TypeScript (src/bundle/current.mjs says which), or,
// when there is none, from the sources through tsx.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleFolder } from '../src/bundle/current.mjs';

/** The command line's `main(argv)`. */
export async function loadCli() {
  const dir = await bundleFolder();
  if (dir) return (await import(pathToFileURL(join(dir, 'cli.mjs')).href)).main;
  const { register } = await import('tsx/esm/api');
  register();
  return (await import('../src/cli/main.ts')).main;
}
