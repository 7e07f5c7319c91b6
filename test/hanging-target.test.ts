/**
 * A target that accepts connections and never answers: the run still ends with exit 1 and a whole report in
 * which every check that needed an answer is errored, and a base that timed out again and again is named as
 * not answering rather than waited on once per check.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRunOptions, runConformance } from '../src/runner/run-conformance.js';
import { brokenResults } from './support/run-cli.js';

const held: http.ServerResponse[] = [];
const server = http.createServer((_req, res) => {
  held.push(res);
});

afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('a target that never answers', () => {
  it('ends errored, base by base, with a complete report', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const options = parseRunOptions({
      target: origin,
      accessKey: 'hanging-target-key',
      networks: 'polygon,base',
      runs: '2',
      seed: '1',
      timeoutMs: '300',
      reportDir: mkdtempSync(join(tmpdir(), 'conformance-report-')),
    });
    const outcome = await runConformance(options, { log: () => undefined });
    expect(outcome.exitCode).toBe(1);
    const report = outcome.report;
    expect(Object.fromEntries(report.networks.map((n) => [n.slug, n.status]))).toEqual({ polygon: 'failed', base: 'failed' });
    expect(report.global.status).toBe('failed');
    const broken = brokenResults(report);
    expect(broken.length).toBeGreaterThan(0);
    for (const result of broken) expect(result.status, result.message).toBe('errored');
    // No check passed against a server that never said anything.
    expect(report.counts.passed).toBe(0);
    const notAnswering = broken.filter((r) => /is not answering: \d+ requests in a row got no answer in time/.test(r.message ?? ''));
    expect(notAnswering.map((r) => r.network)).toEqual(expect.arrayContaining(['polygon', 'base']));
    expect(JSON.stringify(report)).not.toContain('hanging-target-key');
  }, 120_000);
});
