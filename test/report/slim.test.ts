/**
 * report.json keeps little of a passed check (src/report/slim.ts): what it drops must come back on reading,
 * whatever the report holds (every status, expectation marks, shared and distinct reproduction lines), and a
 * real run's report must read back to the model it was written from.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReport } from '../../reporters/write-report.js';
import { CHECK_CATALOGUE } from '../../src/checks/catalogue.js';
import { publishable } from '../../src/contract/schema-files.js';
import { checksOf, readReportFile } from '../../src/report/report-checks.js';
import { certify } from '../../src/lib/index.js';
import { ReportSchema, type CheckResult, type Report } from '../../src/report/model.js';
import { FAULTS } from '../../src/server/faults.js';
import { startReferenceServer } from '../../src/server/index.js';
import { reportOf } from '../support/report-fixtures.js';
import type { RunningReferenceServer } from '../../src/server/types.js';
import { SchemaValidators } from '../../src/validation/validators.js';

const FLOOR = 'Marketplace.GetFloorOrder';
const LINE_A = `curl -sS -X POST 'https://m.example/marketplace/polygon/rpc/Marketplace/GetFloorOrder' --data-raw '{"a":1}'`;
const LINE_B = `curl -sS -X POST 'https://m.example/marketplace/polygon/rpc/Marketplace/GetFloorOrder' --data-raw '{"b":2}'`;
const validators = new SchemaValidators([publishable(ReportSchema)]);

/** A check as the catalogue names it, so that its level and title are what reading restores. */
function result(checkId: string, status: CheckResult['status'], network: string | null, extra: Partial<CheckResult> = {}): CheckResult {
  const def = CHECK_CATALOGUE.find((c) => c.id === checkId)!;
  return {
    key: `${FLOOR}:${checkId}`,
    checkId,
    operation: FLOOR,
    network,
    level: def.level,
    title: def.title,
    status,
    requests: 1,
    durationMs: 5,
    ...extra,
  };
}

/** What every reader relies on, per check: where it is, what it is, how it ended and how to reproduce it. */
const identity = (c: CheckResult) => ({
  key: c.key,
  checkId: c.checkId,
  status: c.status,
  level: c.level,
  title: c.title,
  network: c.network,
  operation: c.operation,
  reproduction: c.reproduction,
});

function written(report: Report): { raw: Report; text: string; back: Report } {
  const dir = mkdtempSync(join(tmpdir(), 'slim-'));
  writeReport(report, dir);
  const text = readFileSync(join(dir, 'report.json'), 'utf8');
  return { raw: JSON.parse(text) as Report, text, back: readReportFile(dir) };
}

describe('report.json of a hand-built report with every kind of result', () => {
  const exchange = {
    request: { method: 'POST', url: 'https://m.example/x', headers: {} },
    response: { status: 200, headers: {}, body: '{}', truncated: false },
    durationMs: 3,
  };
  const results = [
    result('response-content-type', 'passed', 'polygon', { reproduction: LINE_B }),
    result('response-schema', 'passed', 'polygon', { reproduction: LINE_A }),
    result('response-conventions', 'passed', 'polygon', { reproduction: LINE_A, requests: 0 }),
    result('invalid-request-4xx', 'passed', 'polygon', { requests: 12 }),
    result('bad-method', 'failed', 'polygon', {
      message: 'answered 200',
      pointer: '',
      expected: '405',
      actual: '200',
      reproduction: LINE_B,
      exchange,
    }),
    result('bad-route', 'errored', 'polygon', { message: 'timeout', reproduction: LINE_A }),
    result('malformed-json', 'skipped', 'polygon', { message: 'no fixture' }),
    result('bad-content-type', 'failed', 'polygon', {
      message: 'listed',
      expectation: { outcome: 'expected-failure', reason: 'known' },
      reproduction: LINE_A,
    }),
    result('auth-missing-key', 'passed', 'polygon', {
      reproduction: LINE_A,
      expectation: { outcome: 'unexpected-pass', reason: 'fixed?' },
    }),
  ];
  const report = reportOf(results);
  const { raw, text, back } = written(report);
  const stored = raw.networks[0]!.operations[0]!;

  it('stores a passed check as its id and status, and its line once per operation, the most shared first', () => {
    expect(stored.reproductions).toEqual([LINE_A, LINE_B]);
    expect(stored.checks.slice(0, 4)).toEqual([
      { checkId: 'response-content-type', status: 'passed', reproduction: 1 },
      { checkId: 'response-schema', status: 'passed' },
      { checkId: 'response-conventions', status: 'passed' },
      { checkId: 'invalid-request-4xx', status: 'passed', reproduction: null },
    ]);
    // Once in the list, and once in each of the three whole results that carry it.
    expect(text.split(JSON.stringify(LINE_A)).length - 1).toBe(1 + 3);
  });

  it('keeps every field of failed, errored, skipped, expected-failure and unexpected-pass results', () => {
    expect(stored.checks.slice(4)).toEqual(results.slice(4));
  });

  it('is valid against schemas/report.schema.json, and so is the whole in-memory report', () => {
    expect(validators.must(ReportSchema.$id!, raw)).toEqual([]);
    expect(validators.must(ReportSchema.$id!, JSON.parse(JSON.stringify(report)))).toEqual([]);
    expect(
      validators.must(ReportSchema.$id!, {
        ...raw,
        networks: [{ ...raw.networks[0], operations: [{ ...stored, checks: [{ checkId: 'x', status: 'passed', title: 'extra' }] }] }],
      }),
    ).not.toEqual([]);
  });

  it('reads back to the report it was written from; a slim pass only loses its request count and duration', () => {
    expect(back.networks[0]!.operations[0]!.reproductions).toBeUndefined();
    const slimmed = new Set(['response-schema', 'response-conventions', 'response-content-type', 'invalid-request-4xx']);
    expect(checksOf(back)).toEqual(results.map((c) => (slimmed.has(c.checkId) ? { ...c, requests: 0, durationMs: 0 } : c)));
    expect({ ...back, networks: [], global: {} }).toEqual({ ...report, $schema: ReportSchema.$id, networks: [], global: {} });
    expect(back.networks[0]!.counts).toEqual(report.networks[0]!.counts);
  });

  it('refuses, with one line, a report.json whose operations are of another shape', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'odd-')), 'report.json');
    writeFileSync(file, JSON.stringify({ ...raw, networks: [{ ...raw.networks[0], operations: [{ operation: FLOOR }] }] }));
    expect(() => readReportFile(file)).toThrow(
      `${file} is not a report.json written by conformance run (a network, operation or check of another shape)`,
    );
  });

  it('reads a report.json written whole (before passes were slimmed) as it is', () => {
    const dir = mkdtempSync(join(tmpdir(), 'whole-'));
    const file = join(dir, 'report.json');
    writeFileSync(file, JSON.stringify(report, null, 2));
    expect(readReportFile(file)).toEqual(report);
  });
});

describe('report.json of a real run (a broken server, two networks, every operation)', () => {
  let server: RunningReferenceServer;
  let report: Report;
  let raw: Report;
  let back: Report;

  beforeAll(async () => {
    server = await startReferenceServer({ host: '127.0.0.1', port: 0, faults: [FAULTS.find((f) => f.name === 'wrong-field-type')!.hooks] });
    const dir = mkdtempSync(join(tmpdir(), 'slim-run-'));
    writeFileSync(join(dir, 'fixtures.json'), JSON.stringify(server.fixtures));
    const reportDir = join(dir, 'report');
    report = await certify({
      target: server.origin,
      accessKey: server.accessKey,
      fixtures: join(dir, 'fixtures.json'),
      networks: ['polygon', 'amoy'],
      runs: 1,
      seed: 11,
      reportDir,
    });
    raw = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as Report;
    back = readReportFile(reportDir);
  }, 300_000);
  afterAll(async () => {
    await server?.close();
  });

  it('gives back the same check keys, statuses, levels, titles, networks, operations and reproduction lines', () => {
    expect(checksOf(report).some((c) => c.status === 'failed')).toBe(true);
    expect(checksOf(report).filter((c) => c.status === 'passed').length).toBeGreaterThan(100);
    expect(checksOf(back).map(identity)).toEqual(checksOf(report).map(identity));
    expect(checksOf(back).filter((c) => c.status !== 'passed')).toEqual(checksOf(report).filter((c) => c.status !== 'passed'));
  });

  it('drops every other field of a passed check from the file, and validates against the schema', () => {
    const stored = [...raw.networks, raw.global]
      .flatMap((n) => n.operations)
      .flatMap((o) => o.checks as unknown as Record<string, unknown>[]);
    const passed = stored.filter((c) => c['status'] === 'passed');
    expect(passed.length).toBe(checksOf(report).filter((c) => c.status === 'passed').length);
    for (const c of passed)
      expect(
        Object.keys(c).filter((k) => !['checkId', 'status', 'reproduction'].includes(k)),
        String(c['checkId']),
      ).toEqual([]);
    expect(validators.must(ReportSchema.$id!, raw)).toEqual([]);
  });
});
