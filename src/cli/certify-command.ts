/**
 * What `conformance serve` tells its user to run: the certify command with every input the server can give —
 * both keys, its own fixtures (without them the checks that need known entities skip), its chain node and,
 * over HTTPS, its certificate to trust —
 * and `--allow-destructive`, since the data is the throwaway server's own: run as printed, nothing is skipped
 * and it passes `--require-complete`.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RunningReferenceServer } from '../server/types.js';
import { UsageError } from '../config/usage-error.js';

export function writeServerFixtures(server: RunningReferenceServer, path: string): string {
  const absolute = resolve(path);
  try {
    writeFileSync(absolute, `${JSON.stringify(server.fixtures, null, 2)}\n`);
  } catch (error) {
    throw new UsageError(`--fixtures-out: cannot write ${absolute}: ${(error as Error).message}`);
  }
  return absolute;
}

const quote = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/** The keys printed are those of a local test server, not secrets of a real project. */
export function certifyCommand(
  server: RunningReferenceServer,
  options: { fixturesPath?: string; chainRpcUrl?: string; caFile?: string },
): string {
  const parts = [
    `CONFORMANCE_ACCESS_KEY=${server.accessKey}`,
    `CONFORMANCE_LIMITED_ACCESS_KEY=${server.limitedAccessKey}`,
    'npx conformance run',
    `--target ${server.origin}`,
    ...(options.fixturesPath ? [`--fixtures ${quote(options.fixturesPath)}`] : []),
    ...(options.chainRpcUrl ? [`--chain-rpc-url ${quote(options.chainRpcUrl)}`] : []),
    // Served over HTTPS, its own certificate trusted: a self-signed one needs it, one a public authority signed
    // is verified through Node's own roots all the same (--ca-file adds to them).
    ...(options.caFile ? [`--ca-file ${quote(options.caFile)}`] : []),
    '--allow-destructive',
  ];
  return parts.join(' ');
}
