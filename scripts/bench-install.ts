/**
 * What a team adds to its project: `npm pack` (which builds dist/), then `npm install <tarball>` in an empty
 * project with an empty npm cache (every package downloaded from the registry, as on a first install or a CI
 * without a cache). Measures the size of the project's node_modules, in MB of 10^6 bytes, on disk (whole
 * blocks, as `du` counts: the larger figure, which the goal is set on) and as the files' own bytes (what a CI
 * cache archives), the install's wall time, and lists the largest packages (their files' bytes).
 *
 *   npx tsx scripts/bench-install.ts      (also part of `npm run bench`)
 */
import { execFile } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** The goal: a consumer's install of at most this many MB. */
export const INSTALL_GOAL_MB = 150;

export interface ConsumerInstall {
  /** The files' own bytes, in MB. */
  readonly totalMb: number;
  /** What they take on disk (whole blocks, folders too: `du`'s figure), in MB. */
  readonly diskMb: number;
  readonly seconds: number;
  /** The largest packages of the install, largest first: name and MB. */
  readonly largest: readonly (readonly [string, number])[];
}

function npm(args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(NPM, [...args], { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`npm ${args[0]} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}

/** The bytes of the files under `path` (symbolic links counted as themselves), or with `onDisk` the bytes of the blocks they take. */
function bytesUnder(path: string, onDisk = false): number {
  const stat = lstatSync(path);
  const own = onDisk ? stat.blocks * 512 : stat.isDirectory() ? 0 : stat.size;
  if (!stat.isDirectory()) return own;
  return readdirSync(path).reduce((sum, entry) => sum + bytesUnder(join(path, entry), onDisk), own);
}

/** The packages of a node_modules folder (scoped ones by their full name) and their bytes. */
function packagesOf(modules: string): (readonly [string, number])[] {
  return readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@')
        ? readdirSync(join(modules, name)).map((inner) => [`${name}/${inner}`, bytesUnder(join(modules, name, inner))] as const)
        : [[name, bytesUnder(join(modules, name))] as const],
    );
}

export async function consumerInstall(): Promise<ConsumerInstall> {
  const work = mkdtempSync(join(tmpdir(), 'conformance-install-'));
  const packed = await npm(['pack', '--json', '--pack-destination', work], ROOT);
  const [manifest] = JSON.parse(packed.slice(packed.indexOf('['), packed.lastIndexOf(']') + 1)) as { filename: string }[];
  const project = join(work, 'consumer');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  const started = performance.now();
  await npm(['install', '--no-audit', '--no-fund', '--cache', join(work, 'npm-cache'), join(work, manifest!.filename)], project);
  const seconds = (performance.now() - started) / 1000;
  const modules = join(project, 'node_modules');
  const packages = packagesOf(modules).sort((a, b) => b[1] - a[1]);
  return {
    totalMb: bytesUnder(modules) / 1e6,
    diskMb: bytesUnder(modules, true) / 1e6,
    seconds,
    largest: packages.slice(0, 6).map(([name, bytes]) => [name, bytes / 1e6] as const),
  };
}

/** The line `npm run bench` prints. */
export function installLine(install: ConsumerInstall): string {
  const largest = install.largest.map(([name, mb]) => `${name} ${mb.toFixed(1)}`).join(', ');
  return `a consumer's install (npm pack, npm install <tarball> in an empty project, empty npm cache): ${install.diskMb.toFixed(0)} MB on disk (goal ≤ ${INSTALL_GOAL_MB} MB; ${install.totalMb.toFixed(0)} MB of files) in ${install.seconds.toFixed(0)} s · largest: ${largest} MB`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(installLine(await consumerInstall()));
}
