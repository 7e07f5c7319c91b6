/**
 * The code V8 compiles from the bundle is kept for the next run (Node 22.1 and later), by the main thread and by
 * the checks' threads, in a folder of the bundle's own (a checkout) or of the project that installed the package;
 * Node 20 keeps none, and a cache the user set or turned off is left to them.
 */
import module from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCacheFolder } from '../../src/bundle/compile-cache.mjs';
import { runCli } from '../support/run-cli.js';

const NODE_KEEPS_COMPILED_CODE = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

describe('where compiled code is kept', () => {
  it("in a checkout, inside the bundle's folder (removed with it once the sources change)", () => {
    const bundle = join('/work', 'repo', 'node_modules', '.cache', 'rpc-conformance', 'cli-0123456789abcdef');
    expect(compileCacheFolder(bundle)).toBe(join(bundle, 'compile-cache'));
  });

  it('for an installed package, in the cache folder of the node_modules it was installed into, never in the package', () => {
    expect(compileCacheFolder(join('/p', 'node_modules', 'rpc-conformance', 'dist'))).toBe(
      join('/p', 'node_modules', '.cache', 'rpc-conformance', 'compile-cache'),
    );
    expect(
      compileCacheFolder(join('/p', 'node_modules', '.pnpm', 'rpc-conformance@1.0.0', 'node_modules', 'rpc-conformance', 'dist')),
    ).toBe(join('/p', 'node_modules', '.pnpm', 'rpc-conformance@1.0.0', 'node_modules', '.cache', 'rpc-conformance', 'compile-cache'));
    expect(compileCacheFolder(join('/opt', 'rpc-conformance', 'dist'))).toBeUndefined();
  });
});

describe('a run', () => {
  const run = (env: Record<string, string | undefined>) =>
    runCli(['run', '--networks', 'polygon', '--operations', 'Marketplace.GetFloorOrder'], {
      NODE_COMPILE_CACHE: undefined,
      NODE_DISABLE_COMPILE_CACHE: undefined,
      NODE_DEBUG_NATIVE: 'COMPILE_CACHE',
      ...env,
    });
  const cacheLines = (stderr: string): string[] => stderr.split('\n').filter((line) => line.startsWith('[compile cache]'));

  it(
    NODE_KEEPS_COMPILED_CODE
      ? "keeps the code its main thread and its checks' threads compile in the bundle's folder"
      : 'keeps no compiled code on a Node without a compile cache',
    async () => {
      const result = await run({});
      expect(result.code, result.stdout + result.stderr).toBe(0);
      const lines = cacheLines(result.stderr);
      if (!NODE_KEEPS_COMPILED_CODE) {
        expect(lines).toEqual([]);
        return;
      }
      expect(lines.some((line) => /\.cache[/\\]rpc-conformance[/\\]cli-[0-9a-f]+[/\\]compile-cache/.test(line))).toBe(true);
      // Only a checks' thread loads its own entry: the line shows the threads keep their code too.
      expect(lines.some((line) => /check-thread\.mjs/.test(line))).toBe(true);
    },
  );

  it('leaves the cache alone when the user turned it off', async () => {
    const result = await run({ NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(cacheLines(result.stderr).filter((line) => line.includes('rpc-conformance'))).toEqual([]);
  });
});
