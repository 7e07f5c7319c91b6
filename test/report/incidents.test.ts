/**
 * Transport incidents: a hung base and an unreachable one each show as one incident, first, in the terminal,
 * report.json, report.md, report.html and the GitHub annotations; the checks it hit stay errored and name it.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { annotationsOf } from '../../src/gate/github.js';
import { withIncidents } from '../../src/report/incidents.js';
import type { CheckResult } from '../../src/report/model.js';
import { readReport, runCliInProcess } from '../support/run-cli.js';

const held: http.ServerResponse[] = [];
const hung = http.createServer((_req, res) => held.push(res));
afterAll(async () => {
  for (const res of held) res.destroy();
  hung.closeAllConnections();
  await new Promise((resolve) => hung.close(resolve));
});

const errored = (key: string, message: string, url: string): CheckResult => ({
  key,
  checkId: key.split(':')[1]!,
  operation: key.split(':')[0]!,
  network: 'polygon',
  level: 'MUST',
  status: 'errored',
  title: 't',
  message,
  exchange: { request: { method: 'POST', url, headers: {} }, transportError: 'connection: socket hang up', durationMs: 1 },
  requests: 1,
  durationMs: 1,
});

describe('incidents', () => {
  it('group errored checks by transport cause and origin; a check failed on its answer is no incident', () => {
    const { results, incidents } = withIncidents([
      errored('A.B:one', 'A.B on polygon [one]: no usable answer (connection): socket hang up', 'http://h:1/rpc/A/B'),
      errored('A.B:two', 'A.B on polygon [two]: no usable answer (connection): socket hang up', 'http://h:1/rpc/A/B'),
      errored('A.B:three', 'A.B on polygon [three]: no usable answer (throttled): still throttled', 'http://h:1/rpc/A/B'),
      errored('A.B:four', 'A.B on polygon [four]: the check itself failed: boom', 'http://h:1/rpc/A/B'),
    ]);
    expect(incidents.map((i) => [i.id, i.checks.length])).toEqual([
      ['closed-early http://h:1', 2],
      ['throttled http://h:1', 1],
    ]);
    expect(results.map((r) => r.incident)).toEqual([
      'closed-early http://h:1',
      'closed-early http://h:1',
      'throttled http://h:1',
      undefined,
    ]);
    expect(incidents[0]!.example?.request.url).toBe('http://h:1/rpc/A/B');
  });

  it('a hung base is one incident, first in every format, and its checks name it', async () => {
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(hung.address() as AddressInfo).port}`;
    const result = await runCliInProcess(
      [
        'run',
        '--target',
        origin,
        '--networks',
        'polygon',
        '--operations',
        'Marketplace.GetFloorOrder',
        '--runs',
        '1',
        '--timeout-ms',
        '300',
      ],
      { CONFORMANCE_ACCESS_KEY: 'k-wire-0042-zz' },
    );
    expect(result.code).toBe(1);
    const report = readReport(result.reportDir);
    expect(report.incidents?.map((i) => i.id)).toEqual([`not-answering ${origin}`]);
    const id = report.incidents![0]!.id;
    const brokenChecks = [...report.networks.flatMap((n) => n.operations), ...report.global.operations]
      .flatMap((o) => o.checks)
      .filter((c) => c.status === 'errored');
    expect(brokenChecks.length).toBeGreaterThan(0);
    for (const check of brokenChecks) expect(check.incident, check.message).toBe(id);
    expect(report.incidents![0]!.checks).toHaveLength(brokenChecks.length);
    const md = readFileSync(join(result.reportDir, 'report.md'), 'utf8');
    expect(md.indexOf('**Incident:**')).toBeGreaterThan(0);
    expect(md.indexOf('**Incident:**')).toBeLessThan(md.indexOf('| Run |'));
    const html = readFileSync(join(result.reportDir, 'report.html'), 'utf8');
    expect(html.indexOf('<strong>Incident:</strong>')).toBeGreaterThan(0);
    expect(html.indexOf('<strong>Incident:</strong>')).toBeLessThan(html.indexOf('class="meta"'));
    expect(result.stdout).toMatch(/✘ incident: http:\/\/127\.0\.0\.1:\d+ stopped answering/);
    const mustAt = result.stdout.indexOf('MUST failures');
    if (mustAt >= 0) expect(result.stdout.indexOf('✘ incident:')).toBeLessThan(mustAt);
    expect(annotationsOf(report)[0]!.title).toBe(`incident: ${id}`);
  });

  it('an unreachable target is one incident, first', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const origin = `http://127.0.0.1:${port}`;
    const result = await runCliInProcess(
      ['run', '--target', origin, '--networks', 'polygon', '--operations', 'Marketplace.GetFloorOrder'],
      {
        CONFORMANCE_ACCESS_KEY: 'k-wire-0042-zz',
      },
    );
    expect(result.code).toBe(1);
    const report = readReport(result.reportDir);
    expect(report.incidents?.map((i) => i.id)).toEqual([`unreachable ${origin}`]);
    const md = readFileSync(join(result.reportDir, 'report.md'), 'utf8');
    expect(md.indexOf('**Incident:** target unreachable')).toBeLessThan(md.indexOf('| Run |'));
  });
});
