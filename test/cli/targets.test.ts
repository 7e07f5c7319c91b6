/** The ways of naming a target: one origin, each base separately (with {network}), or environment variables. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/server/index.js';
import type { RunningReferenceServer } from '../../src/server/types.js';
import { perBaseArgs, readReport, runCliInProcess, targetArgs } from '../support/run-cli.js';

const OPS = 'Marketplace.GetFloorOrder,Relayer.FeeOptions,Indexer.GetNativeTokenBalance,Metadata.TokenCollectionFilters,API.GetSwapPrices';
let server: RunningReferenceServer;

beforeAll(async () => {
  server = await startReferenceServer({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await server.close();
});

describe.concurrent('naming the target', () => {
  it('each base separately, relayer and indexer per network through {network}', async () => {
    const { args, env } = targetArgs(server);
    const fixtures = args.slice(args.indexOf('--fixtures'), args.indexOf('--fixtures') + 2);
    const result = await runCliInProcess(
      [
        'run',
        ...perBaseArgs(server.origin),
        ...fixtures,
        '--networks',
        'polygon,xai-sepolia',
        '--operations',
        OPS,
        '--runs',
        '3',
        '--seed',
        '5',
      ],
      env,
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const report = readReport(result.reportDir);
    expect(report.run.targets.relayer).toBe(`${server.origin}/relayer/{network}`);
    expect(report.run.targets.embedded).toBe(false);
    expect(report.networks.map((n) => n.status)).toEqual(['passed', 'passed']);
  }, 240_000);

  it('from CONFORMANCE_* variables alone, and the key never reaches the report', async () => {
    const { args, env } = targetArgs(server);
    const result = await runCliInProcess(['run', '--networks', 'base', '--runs', '2', '--seed', '6'], {
      ...env,
      CONFORMANCE_TARGET: server.origin,
      CONFORMANCE_FIXTURES: args[args.indexOf('--fixtures') + 1]!,
      CONFORMANCE_OPERATIONS: OPS,
    });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    for (const file of ['report.json', 'report.md', 'report.html', 'junit.xml']) {
      expect(readFileSync(join(result.reportDir, file), 'utf8'), file).not.toContain(server.accessKey);
    }
    expect(result.stdout).not.toContain(server.accessKey);
  }, 240_000);
});
