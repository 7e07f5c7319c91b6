/**
 * A conformant server that needs the CPU the run uses: each answer takes longer the more requests it has in
 * flight, as a server starved of CPU by the run beside it does. With the run's limit of 128 in flight kept
 * whatever the answers' pace, its answers would take longer than the deadline and it would be reported as
 * not answering; the run cuts its requests in flight as the answers slow, ends with nothing errored, and says
 * it slowed down.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETWORKS as ALL_NETWORKS } from '../src/contract/networks.js';
import { startReferenceServer } from '../src/server/index.js';
import type { RunningReferenceServer } from '../src/server/types.js';
import { brokenResults, readReport, runCliInProcess, targetArgs } from './support/run-cli.js';

/**
 * Each answer takes BASE_MS, and each request in flight at the server when it arrives, past the first
 * EASY_IN_FLIGHT, adds MS_PER_REQUEST_IN_FLIGHT: a server out of CPU past a point.
 */
const BASE_MS = 100;
const MS_PER_REQUEST_IN_FLIGHT = 60;
const EASY_IN_FLIGHT = 8;
const DEADLINE_MS = 3000;
const NETWORKS = ALL_NETWORKS.slice(0, 16).map((network) => network.slug);
const OPERATIONS = [
  'Marketplace.GetFloorOrder',
  'API.GetSwapPrices',
  'Metadata.TokenCollectionFilters',
  'Indexer.GetNativeTokenBalance',
  'Marketplace.GetCountOfFilteredCollectibles',
];

let upstream: RunningReferenceServer;
let busy: http.Server;
let origin: string;
const seen = { inFlight: 0, peak: 0 };
const upstreamAgent = new http.Agent({ keepAlive: true });

beforeAll(async () => {
  upstream = await startReferenceServer({ host: '127.0.0.1', port: 0 });
  busy = http.createServer((req, res) => {
    seen.inFlight += 1;
    seen.peak = Math.max(seen.peak, seen.inFlight);
    const answerAt = Date.now() + BASE_MS + MS_PER_REQUEST_IN_FLIGHT * Math.max(0, seen.inFlight - EASY_IN_FLIGHT);
    const forward = http.request(
      `${upstream.origin}${req.url ?? '/'}`,
      { method: req.method, headers: req.headers, agent: upstreamAgent },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          setTimeout(
            () => {
              seen.inFlight -= 1;
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              res.end(Buffer.concat(chunks));
            },
            Math.max(0, answerAt - Date.now()),
          ),
        );
      },
    );
    forward.on('error', () => {
      seen.inFlight -= 1;
      res.destroy();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(busy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  busy.closeAllConnections();
  await new Promise<void>((resolve) => busy.close(() => resolve()));
  upstreamAgent.destroy();
  await upstream.close();
});

describe('a server whose answers slow down as its requests in flight grow', () => {
  it('passes: the run cuts its requests in flight, nothing is errored, and the report says it slowed down', async () => {
    const units = NETWORKS.length * OPERATIONS.length;
    // With as many in flight as the run has units under way, every answer would outlast the deadline.
    expect(BASE_MS + MS_PER_REQUEST_IN_FLIGHT * (Math.min(128, units) - EASY_IN_FLIGHT)).toBeGreaterThan(DEADLINE_MS);
    const { args, env } = targetArgs(upstream);
    args[args.indexOf('--target') + 1] = origin;
    const result = await runCliInProcess(
      [
        'run',
        ...args,
        '--networks',
        NETWORKS.join(','),
        '--operations',
        OPERATIONS.join(','),
        '--profile',
        'quick',
        '--seed',
        '5',
        '--timeout-ms',
        String(DEADLINE_MS),
      ],
      env,
    );
    const report = readReport(result.reportDir);
    expect(brokenResults(report).map((r) => `${r.key} ${r.message ?? ''}`)).toEqual([]);
    expect(report.counts.errored).toBe(0);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const slowed = report.run.transport?.slowedDown;
    expect(slowed?.from).toBe(128);
    expect(slowed?.to).toBeLessThan(EASY_IN_FLIGHT + DEADLINE_MS / MS_PER_REQUEST_IN_FLIGHT);
    expect(result.stdout).toContain(`slowed down: requests in flight cut from 128 to ${slowed?.to} as answers slowed`);
    // The server never had more in flight than answer within the deadline.
    expect(BASE_MS + (seen.peak - EASY_IN_FLIGHT) * MS_PER_REQUEST_IN_FLIGHT).toBeLessThan(DEADLINE_MS);
  }, 240_000);
});
