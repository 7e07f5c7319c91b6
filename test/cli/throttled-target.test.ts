/**
 * A target that throttles (the reference server limited to a few requests a second, answering 429 with
 * Retry-After above that): the run waits it out and passes, saying how often it was throttled; with
 * --max-rps 15 against a limit of 20 it is never throttled at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/server/index.js';
import type { RunningReferenceServer } from '../../src/server/types.js';
import { brokenResults, readReport, runCliInProcess, targetArgs } from '../support/run-cli.js';

let server: RunningReferenceServer;
/** Limited far below what any run sends, however busy the machine: it throttles for certain. */
let slowServer: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ host: '127.0.0.1', port: 0, maxRps: 20 });
  slowServer = await startReferenceServer({ host: '127.0.0.1', port: 0, maxRps: 5 });
});
afterAll(async () => {
  await server.close();
  await slowServer.close();
});

const RUN = [
  '--networks',
  'polygon',
  '--operations',
  'Marketplace.GetFloorOrder,Metadata.TokenCollectionFilters',
  '--runs',
  '2',
  '--seed',
  '3',
];

describe('a target that throttles', () => {
  it('is waited out: the run passes and reports the throttling', async () => {
    const { args, env } = targetArgs(slowServer);
    const result = await runCliInProcess(['run', ...args, ...RUN], env);
    const report = readReport(result.reportDir);
    expect(brokenResults(report).map((r) => `${r.key} ${r.message ?? ''}`)).toEqual([]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(report.run.throttling?.throttled).toBeGreaterThan(0);
    expect(result.stdout).toContain(`throttled ${report.run.throttling?.throttled}×, requests waited `);
  }, 240_000);

  it('with --max-rps under its limit, is never throttled', async () => {
    const { args, env } = targetArgs(server);
    // A second since the other run's last request: the server's window starts empty.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const result = await runCliInProcess(['run', ...args, ...RUN, '--max-rps', '15'], { ...env });
    const report = readReport(result.reportDir);
    expect(brokenResults(report)).toEqual([]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(report.run.throttling?.throttled ?? 0).toBe(0);
    expect(result.stdout).toMatch(/paced \(--max-rps\), requests waited/);
  }, 240_000);
});
