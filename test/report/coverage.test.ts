/** Coverage: MUST checks ran, passed, skipped and why; a pass with skipped MUST checks is incomplete; nothing tested fails. */
import { describe, expect, it } from 'vitest';
import { buildReport } from '../../src/report/build.js';
import { coverageLine, verdictWords } from '../../src/report/coverage.js';
import type { CheckResult } from '../../src/report/model.js';

const result = (
  checkId: string,
  level: 'MUST' | 'SHOULD',
  status: CheckResult['status'],
  operation = 'Marketplace.GetFloorOrder',
  message?: string,
): CheckResult => ({
  key: `${operation}:${checkId}`,
  checkId,
  operation,
  network: 'polygon',
  level,
  title: checkId,
  status,
  requests: 1,
  durationMs: 1,
  ...(message ? { message } : {}),
});
const run = (extra: Record<string, unknown> = {}) => ({
  startedAt: new Date(0).toISOString(),
  durationMs: 1,
  seed: 1,
  runs: 1,
  strict: false,
  readOnly: false,
  targets: { embedded: true, marketplace: 'm', api: 'a', metadata: 'd', relayer: 'r', indexer: 'i' },
  networks: ['polygon'],
  operations: ['Marketplace.GetFloorOrder'],
  ...extra,
});
const build = (results: CheckResult[], extra?: Record<string, unknown>) =>
  buildReport({ tool: { name: 't', version: '0' }, contractVersion: '0', run: run(extra), results });

describe('coverage', () => {
  it('counts MUST checks that ran, passed and were skipped, with the commonest reason', () => {
    const report = build([
      result('a', 'MUST', 'passed'),
      result('b', 'MUST', 'skipped', undefined, 'no node'),
      result('c', 'MUST', 'skipped', undefined, 'no node'),
      result('d', 'SHOULD', 'skipped'),
    ]);
    expect(report.coverage).toMatchObject({
      mustRan: 1,
      mustPassed: 1,
      mustSkipped: 2,
      complete: false,
      tested: true,
      skippedBecause: [{ reason: 'no node', count: 2 }],
    });
    expect(report.verdict).toBe('pass');
    expect(verdictWords(report)).toBe('PASS (incomplete)');
    expect(coverageLine(report.coverage!)).toContain('1 ran, 1 passed, 2 skipped — most often: no node (2×)');
  });

  it('fails an incomplete run under --require-complete, and a run that tested nothing', () => {
    const incomplete = build([result('a', 'MUST', 'passed'), result('b', 'MUST', 'skipped', undefined, 'why')], { requireComplete: true });
    expect(incomplete.verdict).toBe('fail');
    expect(verdictWords(incomplete)).toContain('--require-complete');
    const nothing = build([result('a', 'MUST', 'skipped', undefined, 'read-only'), result('bad-route', 'SHOULD', 'passed', 'Builder')]);
    expect(nothing.verdict).toBe('fail');
    expect(verdictWords(nothing)).toBe('FAIL (nothing was tested)');
    expect(verdictWords(build([result('a', 'MUST', 'passed')]))).toBe('PASS');
  });
});
