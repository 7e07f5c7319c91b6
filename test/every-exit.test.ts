/**
 * Redaction at every exit, tried through the real command line: a target echoing the key in encodings (base64,
 * base64url, hex, reversed, in halves), Builder errors, headers and HTML pages naming contacts, a chain node
 * quoting its secret URL; the terminal, the report files, the GitHub job summary and annotations keep none of
 * it, and the report's own words stay whole. Usage errors and the chain node's preflight error, printed before
 * a run starts, keep none of what the flags held either.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../src/server/index.js';
import type { RunningReferenceServer } from '../src/server/types.js';
import { echoingChainNode, everyByte, listen, prefixProxy, slicesIn } from './support/hostile.js';
import { perBaseArgs, readReport, runCliInProcess } from './support/run-cli.js';

const KEY = 'Rw7uKp2Qx9VzL4mB6tN8sD1fH3jG5cYa';
const TENANT = 'tenantS3cretPath77';
const NODE_PATH = '/v3/9aa3d95b3bc440fa88ea12eaa4456161';
const PERSON = { name: 'Philomena Zanzibar', email: 'philo.zanzibar@mailbox.example' };

const servers: RunningReferenceServer[] = [];
const plain: http.Server[] = [];
afterAll(async () => {
  for (const s of plain) s.close();
  await Promise.all(servers.map((s) => s.close()));
});

const reversed = [...KEY].reverse().join('');
const base64s = [KEY, `x${KEY}`, `xy${KEY}`].flatMap((t) => [Buffer.from(t).toString('base64'), Buffer.from(t).toString('base64url')]);
const hex = Buffer.from(KEY).toString('hex');

/** What must not be left of the encodings: their inner 8-character slices (the edges depend on the neighbours). */
function encodedLeaks(bytes: string): string[] {
  const inner = (s: string) => s.slice(4, -4);
  const hexSlices: string[] = [];
  for (let i = 0; i + 16 <= hex.length; i += 2)
    if (bytes.toLowerCase().includes(hex.slice(i, i + 16))) hexSlices.push(hex.slice(i, i + 16));
  return [...base64s.flatMap((b) => slicesIn(bytes, inner(b)).map((s) => `base64 ${s}`)), ...hexSlices.map((s) => `hex ${s}`)];
}

describe.concurrent('nothing leaked at any exit', () => {
  it('a target echoing the key encoded and split, contacts in Builder errors, headers and HTML pages, a node quoting its URL: none of it in terminal, report, job summary or annotations', async () => {
    const upstream = await startReferenceServer({ host: '127.0.0.1', port: 0, accessKey: KEY });
    servers.push(upstream);
    const prefix = `/t/${TENANT}`;
    let builderErrors = 0;
    const proxy = await prefixProxy(upstream.origin, prefix, (path, answer) => {
      const headers = {
        ...answer.headers,
        'x-echo-b64': Buffer.from(KEY).toString('base64'),
        'x-echo-hex': hex,
        'x-echo-rev': reversed,
      };
      if (path.includes('/Builder/') && answer.status >= 400) {
        builderErrors += 1;
        const contactHeaders = { ...headers, 'x-contact': `${PERSON.name} <${PERSON.email}>` };
        if (builderErrors % 2 === 0) {
          return {
            status: answer.status,
            headers: { ...contactHeaders, 'content-type': 'text/html' },
            body: `<html><body><h1>Error</h1><p>contact ${PERSON.name} (${PERSON.email}) not found</p></body></html>`,
          };
        }
        const body = JSON.parse(answer.body) as Record<string, unknown>;
        body['msg'] = `contact ${PERSON.name} <${PERSON.email}> not found`;
        body['cause'] = `key halves ${KEY.slice(0, 16)} / ${KEY.slice(16)}`;
        return { ...answer, headers: contactHeaders, body: JSON.stringify(body) };
      }
      if (answer.status >= 400) {
        const body = JSON.parse(answer.body) as Record<string, unknown>;
        body['msg'] = `bad key ${base64s[2]} hex ${hex} rev ${reversed}`;
        body['cause'] = `halves ${KEY.slice(0, 16)} … ${KEY.slice(16)}`;
        return { ...answer, headers, body: JSON.stringify(body) };
      }
      return { ...answer, headers };
    });
    const node = await echoingChainNode();
    plain.push(proxy.server, node.server);
    const fixtures = join(mkdtempSync(join(tmpdir(), 'conformance-fixtures-')), 'fixtures.json');
    writeFileSync(fixtures, JSON.stringify(upstream.fixtures));
    const summary = join(mkdtempSync(join(tmpdir(), 'conformance-summary-')), 'summary.md');
    writeFileSync(summary, '');
    const base = `${proxy.origin}${prefix}`;
    const result = await runCliInProcess(
      [
        'run',
        ...perBaseArgs(base),
        '--chain-rpc-url',
        `${node.origin}${NODE_PATH}`,
        '--fixtures',
        fixtures,
        '--networks',
        'polygon',
        '--operations',
        'Marketplace.GetFloorOrder,Indexer.GetNativeTokenBalance,Builder.GetAudience',
        '--read-only',
        '--runs',
        '2',
        '--seed',
        '3',
        '--github',
      ],
      { CONFORMANCE_ACCESS_KEY: KEY, GITHUB_STEP_SUMMARY: summary },
    );
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(builderErrors).toBeGreaterThan(1);
    const jobSummary = readFileSync(summary, 'utf8');
    // The hostile answers were kept as evidence (the test would prove nothing otherwise).
    expect(result.stdout).toContain('::error');
    expect(jobSummary.length).toBeGreaterThan(100);
    const bytes = `${everyByte(result)}\n${jobSummary}`;
    expect(slicesIn(bytes, KEY)).toEqual([]);
    expect(slicesIn(bytes, reversed)).toEqual([]);
    expect(encodedLeaks(bytes)).toEqual([]);
    for (const secret of [TENANT, '9aa3d95b', 'Zanzibar', 'Philomena', 'mailbox.example']) expect(bytes, secret).not.toContain(secret);
    expect(bytes).toContain(proxy.origin);
    // The report's own words are whole.
    const report = readReport(result.reportDir);
    const ids = [...report.networks.flatMap((n) => n.operations), ...report.global.operations].flatMap((o) =>
      o.checks.map((c) => c.checkId),
    );
    for (const id of ids) expect(jobSummary + readFileSync(join(result.reportDir, 'report.json'), 'utf8')).toContain(id);
  }, 240_000);

  it("a key holding the report's words leaves them whole, is hidden where it appears whole, and is said to be weak", async () => {
    const weakKey = 'Zq81limited-key-permission-denied7Xw';
    const server = await startReferenceServer({ host: '127.0.0.1', port: 0, accessKey: weakKey });
    servers.push(server);
    const fixtures = join(mkdtempSync(join(tmpdir(), 'conformance-fixtures-')), 'fixtures.json');
    writeFileSync(fixtures, JSON.stringify(server.fixtures));
    const result = await runCliInProcess(
      ['run', '--target', server.origin, '--fixtures', fixtures, '--operations', 'Builder.GetAudience', '--read-only', '--runs', '2'],
      { CONFORMANCE_ACCESS_KEY: weakKey, CONFORMANCE_LIMITED_ACCESS_KEY: server.limitedAccessKey },
    );
    expect(result.stderr).toMatch(/warning: the access key contains words of the report/);
    const bytes = everyByte(result);
    expect(bytes).not.toContain(weakKey);
    expect(bytes).toContain('limited-key-permission-denied');
    expect(bytes).not.toContain('[redacted]permission-denied');
  }, 240_000);
});

describe.concurrent('what is printed before a run starts', () => {
  it('a usage error does not echo a URL with user:password@, nor its key-like path, nor a misspelt key flag', async () => {
    const secretUrl = 'https://alice:hunter2secret@api.example/v3/9aa3d95b3bc440fa88ea12eaa4456161';
    for (const args of [
      ['run', '--api-url', secretUrl, '--runs', 'many'],
      ['run', `--target=${secretUrl}`],
      ['run', '--api-url', secretUrl.replace('https://', 'htps//')],
      ['run', '--acess-key', KEY, '--target', 'http://127.0.0.1:9'],
      ['run', '--target', 'http://127.0.0.1:9', '--timeout-ms', KEY],
    ]) {
      const result = await runCliInProcess(args, {});
      expect(result.code, args.join(' ')).toBe(2);
      const out = result.stdout + result.stderr;
      for (const secret of ['hunter2secret', 'alice:', '9aa3d95b']) expect(out, args.join(' ')).not.toContain(secret);
      expect(slicesIn(out, KEY), args.join(' ')).toEqual([]);
    }
  }, 60_000);

  it("the chain node preflight's error shows the node's origin only", async () => {
    let self = '';
    const node = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32001, message: `project not allowed: ${self}${req.url ?? ''}` } }),
        );
      });
    });
    plain.push(node);
    self = await listen(node);
    const result = await runCliInProcess(
      ['run', '--chain-rpc-url', `${self}${NODE_PATH}`, '--operations', 'Indexer.GetNativeTokenBalance'],
      {},
    );
    expect(result.code, result.stdout + result.stderr).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(self);
    expect(result.stderr).not.toContain('9aa3d95b');
  }, 60_000);
});
