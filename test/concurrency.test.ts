/**
 * The number of requests in flight changes how fast a run goes, never what it sends or decides: the same seed
 * run with one request at a time and with many gives the same requests and the same verdict for every check.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/report/model.js';
import { parseRunOptions, runConformance } from '../src/runner/run-conformance.js';
import { startReferenceServer } from '../src/server/index.js';
import type { RunningReferenceServer } from '../src/server/types.js';

let server: RunningReferenceServer | undefined;
afterAll(async () => {
  await server?.close();
});

/** Every check's verdict, request count and reproduction line, by key and network. */
function verdicts(report: Report): Record<string, string> {
  const checks = [...report.networks.flatMap((n) => n.operations), ...report.global.operations].flatMap((o) => o.checks);
  return Object.fromEntries(checks.map((c) => [`${c.network ?? 'global'} ${c.key}`, `${c.status} ${c.requests} ${c.reproduction ?? ''}`]));
}

describe('--concurrency', () => {
  it('gives the same requests and verdicts with 1 request in flight as with 64', async () => {
    server = await startReferenceServer({ host: '127.0.0.1', port: 0 });
    const run = async (concurrency: string) => {
      const options = parseRunOptions({
        target: server!.origin,
        accessKey: server!.accessKey,
        networks: 'polygon,base',
        operations:
          'Marketplace.GetFloorOrder,Marketplace.GetCountOfFilteredCollectibles,API.GetSwapPrices,Metadata.TokenCollectionFilters',
        runs: '4',
        seed: '7',
        concurrency,
        reportDir: mkdtempSync(join(tmpdir(), 'conformance-report-')),
      });
      return (await runConformance({ ...options, fixtures: server!.fixtures }, { log: () => undefined })).report;
    };
    const one = await run('1');
    const many = await run('64');
    expect(one.verdict).toBe('pass');
    expect(many.run.requests).toBe(one.run.requests);
    expect(verdicts(many)).toEqual(verdicts(one));
  }, 240_000);
});
