/**
 * A target that accepts connections and never answers: the run still ends with exit 1 and a whole report in
 * which every check is errored with the reason, and the target is not waited on once per check: after one
 * round of requests in flight timed out, nothing more is sent to it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findOperation, isPerNetwork, OPERATIONS, operationId } from '../src/contract/operations.js';
import { TIMEOUTS_IN_A_ROW_BEFORE_BASE_IS_DOWN } from '../src/harness/base-health.js';
import { parseRunOptions, runConformance } from '../src/runner/run-conformance.js';
import { REPORT_FILES } from '../reporters/write-report.js';
import { readReport, runCli } from './support/run-cli.js';

const held: http.ServerResponse[] = [];
let received = 0;
const server = http.createServer((_req, res) => {
  received += 1;
  held.push(res);
});

afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const NETWORKS = ['polygon', 'base', 'xai'];
const CONCURRENCY = 8;

describe('a target that never answers', () => {
  it('ends errored with the reason, every check of every network reported, after one round of timeouts', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const reportDir = mkdtempSync(join(tmpdir(), 'conformance-report-'));
    const options = parseRunOptions({
      target: origin,
      accessKey: 'hanging-target-key',
      networks: NETWORKS.join(','),
      runs: '2',
      seed: '1',
      timeoutMs: '300',
      concurrency: String(CONCURRENCY),
      reportDir,
    });
    const outcome = await runConformance(options, { log: () => undefined });
    expect(outcome.exitCode).toBe(1);
    const report = outcome.report;

    // Complete: the four files, every network and every operation, each with its checks.
    for (const file of REPORT_FILES) expect(existsSync(join(reportDir, file)), file).toBe(true);
    expect(report.networks.map((n) => n.slug).sort()).toEqual([...NETWORKS].sort());
    const perNetwork = OPERATIONS.filter(isPerNetwork).map(operationId);
    const global = OPERATIONS.filter((op) => !isPerNetwork(op)).map(operationId);
    for (const network of report.networks) {
      expect(network.status).toBe('failed');
      expect(network.operations.map((o) => o.operation)).toEqual(expect.arrayContaining(perNetwork));
    }
    expect(report.global.status).toBe('failed');
    expect(report.global.operations.map((o) => o.operation)).toEqual(expect.arrayContaining(global));
    const operations = [...report.networks.flatMap((n) => n.operations), ...report.global.operations];
    for (const operation of operations.filter((o) => findOperation(o.operation))) {
      expect(
        operation.checks.map((c) => c.checkId),
        operation.operation,
      ).toEqual(expect.arrayContaining(['response-schema', 'auth-missing-key', 'error-body-schema']));
    }

    // Every check errored, saying why: no answer in time, or its base judged not answering.
    const results = operations.flatMap((o) => o.checks);
    expect(results.length).toBeGreaterThan(NETWORKS.length * perNetwork.length * 10);
    for (const result of results) {
      expect(result.status, `${result.key} on ${result.network}: ${result.message}`).toBe('errored');
      expect(result.message, result.key).toMatch(/no complete answer within 300 ms|is not answering|already timed out/);
    }
    const notAnswering = results.filter((r) =>
      /is not answering: \d+ requests (in a row|to http:\/\/127\.0\.0\.1:\d+) got no answer in time/.test(r.message ?? ''),
    );
    expect(new Set(notAnswering.map((r) => r.network))).toEqual(new Set([...NETWORKS, null]));

    // Bounded: one round of requests in flight, the probe (one per base kind), and the few requests that took
    // a slot freed by one of the first timeouts before the target was judged (per worker thread, at most two).
    const probes = new Set(OPERATIONS.map((op) => op.base)).size;
    expect(received).toBeLessThanOrEqual(CONCURRENCY + probes + 2 * (TIMEOUTS_IN_A_ROW_BEFORE_BASE_IS_DOWN - 1));
    expect(report.run.requests).toBeLessThanOrEqual(received);
    expect(JSON.stringify(report)).not.toContain('hanging-target-key');
  }, 120_000);

  it('ends, on the command line, as one incident: the verdict names it and its checks are listed under it, not as failures', async () => {
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const result = await runCli(
      ['run', '--target', origin, '--networks', 'polygon', '--runs', '1', '--seed', '1', '--timeout-ms', '300', '--concurrency', '4'],
      { CONFORMANCE_ACCESS_KEY: 'hanging-target-key' },
    );
    expect(result.code, result.stderr).toBe(1);
    const verdict = result.stdout.split('\n').find((line) => line.startsWith('✘ FAIL'));
    expect(verdict, result.stdout).toMatch(/ — fails: an incident$/);
    expect(result.stdout).not.toMatch(/failing check|^MUST failures|^SHOULD findings/m);
    expect(result.stdout).toMatch(/^✘ incident: http:\/\/127\.0\.0\.1:\d+ stopped answering/m);
    const report = readReport(result.reportDir);
    const stopped = result.stdout.split('\n').filter((line) => line.startsWith('      stopped: '));
    // Every operation of the run is listed under the incident, with the number of its checks it stopped.
    const operations = [...report.networks.flatMap((n) => n.operations), ...report.global.operations].map((o) => o.operation);
    expect(stopped.map((line) => line.slice('      stopped: '.length).split(':')[0]).sort()).toEqual([...new Set(operations)].sort());
    const counted = stopped.reduce((sum, line) => sum + Number(/: (\d+) checks? on /.exec(line)![1]), 0);
    expect(counted).toBe(report.incidents![0]!.checks.length);

    // The pull request's comment tells the same story: the incident, no table of failures.
    const comment = await runCli(['comment', result.reportDir]);
    expect(comment.code, comment.stderr).toBe(0);
    expect(comment.stdout).toMatch(/^## ✘ Conformance: FAIL — fails: an incident$/m);
    expect(comment.stdout).toMatch(/^### Incident\n\n- ✘ http:\/\/127\.0\.0\.1:\d+ stopped answering/m);
    expect(comment.stdout).not.toMatch(/^### Failures/m);
  }, 240_000);
});
