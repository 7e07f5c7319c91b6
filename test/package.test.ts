/**
 * The package as another project gets it: `npm pack`, installed into an empty temporary project, then
 * `npx conformance run --networks polygon` there, and the README's library example — `certify()` inside that
 * project's own vitest test. Dependencies come from the npm cache when it has them, else from the registry.
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
  const installed = await exec(NPM, ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], project);
  expect(installed.code, installed.out).toBe(0);
}, 1_200_000);

describe('the package', () => {
  it('ships the CLI, the spec files, the reporters, the schemas and the docs, and no tests', () => {
    expect(files).toContain('bin/conformance.mjs');
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
    expect(manifest['bin']).toEqual({ conformance: 'bin/conformance.mjs' });
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
  }, 700_000);

  it('runs certify() inside the project’s own vitest test, as the README shows', async () => {
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
  }, 700_000);
});
