/**
 * A target that throttles (the reference server limited to a few requests a second, answering 429 with
 * Retry-After above that): the run waits it out and passes, saying how often it was throttled; with
 * --max-rps 15 against a limit of 20 it is never throttled at all. A target that throttles one operation
 * without end ends within the throttling budget, its answers judged as they came and the throttling one incident.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

describe('a target that throttles an operation without end', () => {
  it('ends within its budget: the answers are judged as they came, and one incident says so', async () => {
    // Every CreateAudience answered 429 with the error the contract gives 402 (a full project): what a front
    // that maps every quota error to 429 does. Everything else goes to the reference server.
    const createAudience: number[] = [];
    const front = http.createServer((req, res) => {
      if (req.url?.endsWith('/CreateAudience')) {
        req.resume();
        createAudience.push(Date.now());
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(JSON.stringify({ error: 'ProjectLimitReached', code: 3005, msg: 'Project limit reached', status: 429 }));
        return;
      }
      const forward = http.request(`${server.origin}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    try {
      const { args, env } = targetArgs(server);
      args[args.indexOf('--target') + 1] = origin;
      const result = await runCliInProcess(
        ['run', ...args, '--networks', 'polygon', '--operations', 'Builder.CreateAudience', '--runs', '2', '--seed', '3'],
        env,
      );
      const report = readReport(result.reportDir);
      expect(result.code, result.stdout + result.stderr).toBe(1);
      const failed = brokenResults(report).filter((r) => r.status === 'failed' && r.level === 'MUST');
      expect(failed.length, JSON.stringify(brokenResults(report).map((r) => r.message))).toBeGreaterThan(0);
      expect(failed.some((r) => /Builder\.CreateAudience/.test(r.message ?? '') && /429/.test(r.message ?? ''))).toBe(true);
      // Throttling is never what a check errs on: the answers were judged.
      expect(brokenResults(report).filter((r) => r.status === 'errored' && /throttled/.test(r.message ?? ''))).toEqual([]);
      const throttled = (report.incidents ?? []).filter((incident) => incident.kind === 'throttled');
      expect(throttled).toHaveLength(1);
      expect(throttled[0]!.summary).toMatch(/throttled without end/);
      expect(throttled[0]!.id).toBe(`throttled ${origin}`);
      expect(result.stdout).toMatch(/throttled without end/);
      expect(createAudience.length).toBeGreaterThan(1);
    } finally {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
    }
  }, 240_000);
});
