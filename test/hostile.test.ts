/**
 * Hostile targets: garbage, huge bodies, script in strings, reset connections. Each is reported as failures —
 * the run ends, exits 1 and leaves a whole report, with every server string escaped.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readReport, runCliInProcess } from './support/run-cli.js';

type Mode = 'garbage' | 'huge' | 'script' | 'reset';
const servers: http.Server[] = [];

function hostile(mode: Mode): Promise<string> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (mode === 'reset') return req.socket.destroy();
      if (mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<<<\u0000 not json >>>');
      }
      if (mode === 'huge') {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = `"${'x'.repeat(1 << 20)}",`;
        res.write('[');
        for (let i = 0; i < 12; i += 1) res.write(chunk);
        return res.end('0]');
      }
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: '<script>alert(1)</script>', code: '</testcase>]]>', msg: '| `x` |\n# y', status: 400 }));
    });
  });
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

afterAll(() => {
  for (const server of servers) server.close();
});

describe.concurrent('a hostile target is reported, never a crash or a lost report', () => {
  for (const mode of ['garbage', 'huge', 'script', 'reset'] as const) {
    it(
      mode,
      async () => {
        const origin = await hostile(mode);
        const result = await runCliInProcess(
          [
            'run',
            '--target',
            origin,
            '--networks',
            'polygon',
            '--operations',
            'Marketplace.GetCountOfFilteredCollectibles',
            '--runs',
            '2',
            '--seed',
            '1',
            '--timeout-ms',
            '3000',
          ],
          { CONFORMANCE_ACCESS_KEY: 'hostile-test-key' },
        );
        expect(result.code, result.stdout + result.stderr).toBe(1);
        const report = readReport(result.reportDir);
        expect(report.verdict).toBe('fail');
        // A target that resets every connection cannot be told from one that is not there: an incident says so.
        if (mode === 'reset') expect(report.run.incident).toMatch(/unreachable.*(reset|hang up)/i);
        else expect(report.counts.mustFailed).toBeGreaterThan(0);
        const html = readFileSync(join(result.reportDir, 'report.html'), 'utf8');
        expect(html).not.toContain('<script>alert(1)</script>');
        const junit = readFileSync(join(result.reportDir, 'junit.xml'), 'utf8');
        expect(junit).not.toContain(']]>');
        for (const file of ['report.json', 'report.md', 'report.html', 'junit.xml']) {
          expect(readFileSync(join(result.reportDir, file), 'utf8'), file).not.toContain('hostile-test-key');
        }
      },
      120_000,
    );
  }
});
