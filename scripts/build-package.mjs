// `npm pack`'s build (the `prepack` script): the package's dist/, what an installed package runs on plain Node.
// - the bundles of the command line, the checks' thread and the library, built as a source checkout builds them
//   (src/bundle/build.mjs), which bin/ and the package's `exports` load;
// - the library's types: the declarations tsc emits (tsconfig.package.json), only those the library's entry
//   reaches, so that a consumer's own type check reads exactly the public surface.
// Built aside and renamed into place: a run never meets a half-written dist/.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { buildBundles } from '../src/bundle/build.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
/** The library's declarations, as package.json's `exports` names them (under the types' folder). */
const TYPES_ENTRY = 'src/lib/index.d.ts';

const building = join(ROOT, `dist.building-${process.pid}`);
rmSync(building, { recursive: true, force: true });
try {
  await buildBundles({ packageRoot: ROOT, outdir: building, runsFrom: DIST });
  const types = join(building, 'types');
  const tsc = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.package.json', '--outDir', types],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (tsc.status !== 0) throw new Error(`tsc could not emit the library's declarations (exit code ${tsc.status})`);
  const kept = keepReachable(types, join(types, TYPES_ENTRY));
  rmSync(DIST, { recursive: true, force: true });
  renameSync(building, DIST);
  process.stdout.write(`dist/: ${readdirSync(DIST).filter((f) => f.endsWith('.mjs')).length} bundle files, ${kept} declaration files\n`);
} catch (error) {
  rmSync(building, { recursive: true, force: true });
  process.stderr.write(`build-package: ${error.message}\n`);
  process.exitCode = 1;
}

/**
 * Removes the declarations the entry's do not reach (relative imports, `import()` types, references): tsc emits
 * one for every module of the program, the command line's included. Returns how many are kept.
 */
function keepReachable(folder, entry) {
  const reached = new Set();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop();
    if (reached.has(file)) continue;
    if (!existsSync(file)) throw new Error(`${relative(folder, file)} is imported by the declarations but was not emitted`);
    reached.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+|reference\s+path=)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      pending.push(resolve(dirname(file), specifier.replace(/\.(m?)js$/, '.d.$1ts')));
    }
  }
  const visit = (dir) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, item.name);
      if (item.isDirectory()) {
        visit(path);
        if (readdirSync(path).length === 0) rmSync(path, { recursive: true });
      } else if (!reached.has(path)) rmSync(path);
    }
  };
  visit(folder);
  return reached.size;
}
