/**
 * The package as another project gets it: `npm pack` (which builds dist/), installed into an empty temporary
 * project, then `npx conformance run --networks polygon` there, the library on plain Node (`node use.mjs`, no
 * TypeScript loader in the process), the project's own type check of the library's types under both module
 * resolutions, and the README's library example — `certify()` inside that project's own vitest test, with the
 * vitest the project installs (the package brings none: `--engine vitest` uses the project's).
 * Dependencies come from the npm cache when it has them, else from the registry.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../src/contract/index.js';
import type { Report } from '../src/report/model.js';

const ROOT = join(import.meta.dirname, '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';
/** The consumer type-checks with the TypeScript this project uses, so that the npm cache has it. */
const TYPESCRIPT_VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'node_modules', 'typescript', 'package.json'), 'utf8')) as { version: string }
).version;
/** The project installs the vitest this project tests with, so that the npm cache has it. */
const VITEST_VERSION = (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'vitest', 'package.json'), 'utf8')) as { version: string })
  .version;
/** The package's own copy, where a source checkout would build its bundle: an installed package never does. */
const PACKAGE_CACHE = ['node_modules', 'rpc-conformance', 'node_modules', '.cache'];

interface Done {
  readonly code: number;
  readonly out: string;
}

/** A child process with a clean environment: nothing of this vitest run leaks into the project's own. */
function exec(command: string, args: readonly string[], cwd: string, timeout = 600_000): Promise<Done> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|NODE_OPTIONS|TEST$|CONFORMANCE_)/.test(k)));
  return new Promise((resolve) => {
    execFile(command, [...args], { cwd, env: { ...env, NO_COLOR: '1' }, timeout, maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out: `${stdout}\n${stderr}` });
    });
  });
}

let project: string;
let tarball: string;
let files: string[];

beforeAll(async () => {
  const work = mkdtempSync(join(tmpdir(), 'conformance-package-'));
  const packed = await exec(NPM, ['pack', '--json', '--pack-destination', work], ROOT);
  expect(packed.code, packed.out).toBe(0);
  const manifest = JSON.parse(packed.out.slice(packed.out.indexOf('['), packed.out.lastIndexOf(']') + 1)) as {
    filename: string;
    files: { path: string }[];
  }[];
  tarball = join(work, manifest[0]!.filename);
  files = manifest[0]!.files.map((f) => f.path);
  project = join(work, 'consumer');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const installed = await exec(
    NPM,
    ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, `typescript@${TYPESCRIPT_VERSION}`],
    project,
  );
  expect(installed.code, installed.out).toBe(0);
}, 1_200_000);

describe('the package', () => {
  it('ships the CLI, the compiled library and its types, the spec files, the reporters, the schemas and the docs, and no tests', () => {
    expect(files).toContain('bin/conformance.mjs');
    for (const file of ['dist/cli.mjs', 'dist/check-thread.mjs', 'dist/lib.mjs', 'dist/types/src/lib/index.d.ts'])
      expect(files).toContain(file);
    // Only the declarations the library's entry reaches: none of the command line's.
    expect(files.filter((f) => f.startsWith('dist/types/src/cli/'))).toEqual([]);
    // The sources too: `--engine vitest` runs the spec files through vitest.
    expect(files).toContain('src/lib/index.ts');
    expect(files).toContain('specs/wire.spec.ts');
    for (const op of OPERATIONS) expect(files).toContain(`specs/${op.service}/${op.method}.spec.ts`);
    expect(files).toContain('schemas/report.schema.json');
    expect(files).toContain('docs/contract.md');
    expect(files.filter((f) => f.endsWith('.test.ts') || f.startsWith('test/') || f.startsWith('.tmp/'))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules', 'rpc-conformance', 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(manifest['private']).toBeUndefined();
    // What only the tool's own tests and build need is not installed with it, nor another platform's binary.
    for (const name of ['vitest', 'vite', 'esbuild', 'tsx', 'supertest', '@nomicfoundation']) {
      expect(existsSync(join(project, 'node_modules', name)), name).toBe(false);
    }
    expect(manifest['bin']).toEqual({ conformance: 'bin/conformance.mjs' });
    expect((manifest['exports'] as Record<string, unknown>)['.']).toEqual({
      types: './dist/types/src/lib/index.d.ts',
      default: './dist/lib.mjs',
    });
  });

  it('certifies the embedded server from an empty project: npx conformance run --networks polygon', async () => {
    const run = await exec(
      NPX,
      ['conformance', 'run', '--networks', 'polygon', '--runs', '2', '--seed', '7', '--report-dir', 'out'],
      project,
    );
    expect(run.code, run.out).toBe(0);
    const report = JSON.parse(readFileSync(join(project, 'out', 'report.json'), 'utf8')) as Report;
    expect(report.verdict).toBe('pass');
    expect(report.networks.map((n) => n.slug)).toEqual(['polygon']);
    expect(report.counts.passed).toBeGreaterThan(100);
    for (const file of ['report.md', 'report.html', 'junit.xml']) expect(existsSync(join(project, 'out', file)), file).toBe(true);
    // It ran the package's dist/: nothing was bundled at first run.
    expect(existsSync(join(project, ...PACKAGE_CACHE))).toBe(false);
  }, 700_000);

  it('certifies from plain Node: node use.mjs, with TypeScript refused to the process and its threads', async () => {
    // A module hook that fails any load of tsx or of a .ts file, registered in the process and (through
    // --import, which worker threads inherit) in the checks' threads.
    writeFileSync(
      join(project, 'typescript-refused.mjs'),
      `export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (/\\/tsx\\/|\\.[cm]?ts$/.test(resolved.url)) throw new Error('TypeScript loaded: ' + resolved.url);
  return resolved;
}
`,
    );
    writeFileSync(
      join(project, 'refuse-typescript.mjs'),
      `import { register } from 'node:module';\nregister('./typescript-refused.mjs', import.meta.url);\n`,
    );
    // The hook works: a TypeScript file is refused (tsx is not even installed: the package does not bring it).
    writeFileSync(join(project, 'probe.ts'), 'export const probe = 1;\n');
    const refused = await exec(
      process.execPath,
      ['--import', './refuse-typescript.mjs', '--input-type=module', '-e', "await import('./probe.ts')"],
      project,
    );
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatch(/TypeScript loaded: .*\/probe\.ts/);

    writeFileSync(
      join(project, 'use.mjs'),
      `import { certify } from 'rpc-conformance';

const report = await certify({ networks: ['polygon'], runs: 2, seed: 7, reportDir: 'plain-report' });
console.log(JSON.stringify({ verdict: report.verdict, networks: report.networks.map((n) => n.slug), passed: report.counts.passed }));
`,
    );
    const run = await exec(process.execPath, ['--import', './refuse-typescript.mjs', 'use.mjs'], project);
    expect(run.code, run.out).toBe(0);
    const printed = JSON.parse(run.out.split('\n').find((line) => line.startsWith('{')) ?? '{}') as {
      verdict: string;
      networks: string[];
      passed: number;
    };
    expect(printed.verdict).toBe('pass');
    expect(printed.networks).toEqual(['polygon']);
    expect(printed.passed).toBeGreaterThan(100);
    expect(existsSync(join(project, 'plain-report', 'report.json'))).toBe(true);
    expect(existsSync(join(project, ...PACKAGE_CACHE))).toBe(false);
  }, 700_000);

  it('passes the project’s own strict type check (no skipLibCheck) under node16 and bundler resolution', async () => {
    writeFileSync(
      join(project, 'check.ts'),
      `import { certify, NETWORKS, ReportSchema, type CertifyOptions, type CheckResult, type NetworkResult, type Report } from 'rpc-conformance';

const options: CertifyOptions = { networks: ['polygon'], runs: 2 };
const report: Report = await certify(options);
const failed: CheckResult[] = report.networks
  .flatMap((network: NetworkResult) => network.operations.flatMap((operation) => operation.checks))
  .filter((check) => check.status === 'failed');
console.log(report.verdict, failed.length, ReportSchema.$id, NETWORKS.length);
// The types are the library's own, not \`any\`: a wrong option is an error (else this directive is one).
// @ts-expect-error networks is a list of slugs
await certify({ networks: 'polygon' });
`,
    );
    const compilerOptions = { strict: true, skipLibCheck: false, noEmit: true, target: 'ES2022' };
    const resolutions = {
      node16: { module: 'node16', moduleResolution: 'node16' },
      bundler: { module: 'esnext', moduleResolution: 'bundler' },
    };
    const checked = await Promise.all(
      Object.entries(resolutions).map(async ([name, resolution]) => {
        writeFileSync(
          join(project, `tsconfig.${name}.json`),
          JSON.stringify({ compilerOptions: { ...compilerOptions, ...resolution }, files: ['check.ts'] }),
        );
        return { name, ...(await exec(NPX, ['tsc', '-p', `tsconfig.${name}.json`, '--noEmit'], project)) };
      }),
    );
    for (const { name, code, out } of checked) expect(code, `${name}: ${out}`).toBe(0);
  }, 700_000);

  it('refuses --engine vitest in a project without vitest: one line, exit 2', async () => {
    const run = await exec(
      NPX,
      ['conformance', 'run', '--engine', 'vitest', '--networks', 'polygon', '--report-dir', 'no-vitest'],
      project,
    );
    expect(run.code, run.out).toBe(2);
    expect(run.out).toContain('--engine vitest: vitest is not installed in this project');
    expect(run.out).not.toMatch(/\n\s+at /);
  }, 700_000);

  it('runs certify() inside the project’s own vitest test, as the README shows, and --engine vitest with it', async () => {
    const installed = await exec(
      NPM,
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--save-dev', `vitest@${VITEST_VERSION}`],
      project,
    );
    expect(installed.code, installed.out).toBe(0);
    mkdirSync(join(project, 'test'), { recursive: true });
    writeFileSync(
      join(project, 'test', 'conformance.test.ts'),
      `import { expect, test } from 'vitest';
import { certify, ReportSchema, type Report } from 'rpc-conformance';

test('the embedded server conforms on polygon', async () => {
  const report: Report = await certify({ networks: ['polygon'], runs: 2, seed: 7, reportDir: 'lib-report' });
  expect(report.verdict).toBe('pass');
  expect(report.networks.map((n) => n.slug)).toEqual(['polygon']);
  expect(ReportSchema.$id).toMatch(/report/);
}, 240_000);

test('a mistake in the options is refused with the command line message', async () => {
  await expect(certify({ networks: ['nowhere'] })).rejects.toThrow(/--networks: unknown network slug: nowhere/);
});
`,
    );
    const run = await exec(NPX, ['vitest', 'run'], project);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/2 passed/);
    expect(existsSync(join(project, 'lib-report', 'report.json'))).toBe(true);

    const engine = await exec(
      NPX,
      ['conformance', 'run', '--engine', 'vitest', '--networks', 'polygon', '--runs', '2', '--seed', '7', '--report-dir', 'vitest-out'],
      project,
    );
    expect(engine.code, engine.out).toBe(0);
    expect((JSON.parse(readFileSync(join(project, 'vitest-out', 'report.json'), 'utf8')) as Report).verdict).toBe('pass');
  }, 700_000);
});
