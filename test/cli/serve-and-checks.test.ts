/** `conformance serve` as a demonstration (faults, a port in use) and `conformance checks`; only the running server is its own process. */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueEntries } from '../../src/cli/checks-command.js';
import { CHECK_CATALOGUE } from '../../src/checks/catalogue.js';
import { FAULTS } from '../../src/server/faults.js';
import { startReferenceServer } from '../../src/server/index.js';
import { BIN, readReport, runCli, runCliInProcess } from '../support/run-cli.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe.concurrent('conformance serve', () => {
  it('--list-faults names every fault of the table', async () => {
    const result = await runCliInProcess(['serve', '--list-faults']);
    expect(result.code).toBe(0);
    for (const fault of FAULTS) expect(result.stdout).toMatch(new RegExp(`^${fault.name}\\s+\\S`, 'm'));
  }, 60_000);

  it('a port in use is one line and exit 2, no stack trace', async () => {
    const busy = await startReferenceServer({ port: 0 });
    try {
      const port = new URL(busy.origin).port;
      const result = await runCliInProcess(['serve', '--port', port]);
      expect(result.code).toBe(2);
      expect(result.stderr.trim()).toBe(
        `conformance: cannot listen on 127.0.0.1:${port}: the port is in use by another process; choose another --port, or leave it out for a free one (EADDRINUSE)`,
      );
      // As a process it ends too: its chain node, started before the port was tried, is closed with it.
      const child = await runCli(['serve', '--port', port], {}, 120_000);
      expect(child.code, child.stderr).toBe(2);
      expect(child.stderr.trim()).toBe(result.stderr.trim());
    } finally {
      await busy.close();
    }
  }, 180_000);

  it('a --fixtures-out that cannot be written: one line, exit 2, and the process ends with its server and node closed', async () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'serve-out-')), 'no-such-folder', 'fixtures.json');
    const result = await runCli(['serve', '--fixtures-out', missing], {}, 120_000);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr.trim()).toMatch(/^conformance: --fixtures-out: cannot write .*fixtures\.json: ENOENT/);
  }, 180_000);

  it('--fault starts the server with that fault, and prints how to see it fail', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--fault', 'no-auth', '--access-key', 'serve-fault-test-key'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const out = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('Ctrl-C')) resolve(text);
        });
        child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${text}`)));
      });
      expect(out).toContain('with the fault no-auth: answers 200 without checking X-Access-Key');
      expect(out).toMatch(
        /certify it: CONFORMANCE_ACCESS_KEY=serve-fault-test-key CONFORMANCE_LIMITED_ACCESS_KEY=\S+ npx conformance run --target http:\/\/127\.0\.0\.1:\d+ --fixtures \S+\.json/,
      );
      expect(out).toMatch(/see it fail quickly: add --operations \S+ --networks \S+/);
      const origin = /listening at (\S+)/.exec(out)![1]!;
      // The fault is live: a request without a key is answered, where the clean server answers 401.
      const answer = await fetch(`${origin}/marketplace/polygon/rpc/Marketplace/GetFloorOrder`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contractAddress: '0x0000000000000000000000000000000000000001' }),
      });
      expect(answer.status).toBe(200);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
  }, 60_000);
});

describe('the certify command serve prints', () => {
  it('run exactly as printed, against the serving process, passes --require-complete: its chain node included', async () => {
    const child = spawn(process.execPath, [BIN, 'serve'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const out = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('Ctrl-C')) resolve(text);
        });
        child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${text}`)));
      });
      const node = /^embedded chain node at (http:\/\/127\.0\.0\.1:\d+\/\{network\})$/m.exec(out)?.[1];
      expect(node, out).toBeDefined();
      const command = /^certify it: (.+)$/m.exec(out)![1]!;
      expect(command).toContain(`--chain-rpc-url '${node}'`);
      // The line as a user pastes it into a shell, with only where the report goes and the strictest verdict added.
      const reportDir = join(mkdtempSync(join(tmpdir(), 'serve-certify-')), 'report');
      const result = await new Promise<{ code: number; stdout: string }>((resolve) =>
        execFile(
          'bash',
          ['-c', `${command} --require-complete --report-dir ${reportDir}`],
          { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024, timeout: 900_000 },
          (error, stdout) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout }),
        ),
      );
      expect(result.code, result.stdout.slice(-3000)).toBe(0);
      const report = readReport(reportDir);
      expect(report.verdict).toBe('pass');
      expect(report.coverage?.mustSkipped).toBe(0);
      const chainChecks = [...report.networks.flatMap((n) => n.operations), ...report.global.operations]
        .flatMap((o) => o.checks)
        .filter((c) => c.checkId === 'native-balance-matches-chain-node');
      expect(chainChecks.length).toBeGreaterThan(0);
      expect(chainChecks.every((r) => r.status === 'passed')).toBe(true);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
  }, 960_000);
});

describe('conformance checks', () => {
  it('every catalogue id is found where it runs: on operations or on services', () => {
    const entries = catalogueEntries();
    expect(entries.map((e) => e.id)).toEqual(CHECK_CATALOGUE.map((c) => c.id));
    for (const entry of entries) expect(entry.operations.length, entry.id).toBeGreaterThan(0);
    const byId = new Map(entries.map((e) => [e.id, e]));
    expect(byId.get('floor-order-is-listing')!.operations).toEqual(['Marketplace.GetFloorOrder']);
    expect(byId.get('response-schema')!.operations).toHaveLength(18);
    expect(byId.get('bad-route')!.operations).toContain('Relayer');
    expect(byId.get('audience-round-trip')!.needs.join(' ')).toMatch(/builder\.projectId.*writes/);
  });

  it('--format json is the catalogue with operations and needs; md is a table; text is the default', async () => {
    const [json, md, text] = await Promise.all([
      runCliInProcess(['checks', '--format', 'json']),
      runCliInProcess(['checks', '--format', 'md']),
      runCliInProcess(['checks']),
    ]);
    expect(json.code).toBe(0);
    const listed = JSON.parse(json.stdout) as {
      id: string;
      level: string;
      area: string;
      operations: string[];
      needs: string[];
      basis: string;
    }[];
    expect(listed.map((c) => c.id)).toEqual(CHECK_CATALOGUE.map((c) => c.id));
    expect(listed.every((c) => c.basis.length > 0 && c.level && c.area)).toBe(true);
    expect(md.stdout.split('\n')[0]).toBe('| check id | level | area | operations | needs | what must hold | rests on |');
    expect(md.stdout.trimEnd().split('\n')).toHaveLength(CHECK_CATALOGUE.length + 2);
    expect(text.stdout).toMatch(
      /^floor-order-of-requested-collection {2}MUST · semantics · Marketplace\.GetFloorOrder · needs fixture: collection$/m,
    );
  }, 60_000);
});
