/**
 * How much of the contract a run actually tested: MUST checks that ran, passed and were skipped (and the most
 * common reasons why). A pass with skipped MUST checks is a pass of less than the contract, and says so; a run
 * in which nothing was tested is no pass at all.
 */
import type { CheckResult } from './model.js';

import type { Coverage } from './coverage-schema.js';

export { CoverageSchema, type Coverage } from './coverage-schema.js';

const REASONS_SHOWN = 5;

export function coverageOf(results: readonly Pick<CheckResult, 'level' | 'status' | 'message' | 'operation'>[]): Coverage {
  const must = results.filter((r) => r.level === 'MUST');
  const skipped = must.filter((r) => r.status === 'skipped');
  const reasons = new Map<string, number>();
  for (const r of skipped) {
    const reason = r.message ?? 'no reason given';
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  return {
    mustRan: must.length - skipped.length,
    mustPassed: must.filter((r) => r.status === 'passed').length,
    mustSkipped: skipped.length,
    skippedBecause: [...reasons.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, REASONS_SHOWN)
      .map(([reason, count]) => ({ reason, count })),
    complete: skipped.length === 0,
    // Results of a whole service (specs/wire.spec.ts) are filed under the service's name, operations as Service.Method.
    tested: results.some((r) => r.status !== 'skipped' && r.operation.includes('.')),
  };
}

/** The verdict in words: "PASS", "PASS (incomplete)", "INTERRUPTED", or "FAIL" with why when coverage decided it. */
export function verdictWords(report: {
  readonly verdict: 'pass' | 'fail' | 'errored';
  readonly coverage?: Coverage | undefined;
  readonly counts: { readonly mustFailed: number };
  readonly run: { readonly requireComplete?: boolean | undefined };
}): string {
  const coverage = report.coverage;
  if (report.verdict === 'errored') return 'INTERRUPTED';
  if (report.verdict === 'pass') return coverage && !coverage.complete ? 'PASS (incomplete)' : 'PASS';
  if (coverage && !coverage.tested) return 'FAIL (nothing was tested)';
  if (coverage && !coverage.complete && report.run.requireComplete && report.counts.mustFailed === 0)
    return 'FAIL (incomplete, and --require-complete)';
  return 'FAIL';
}

/** One line: how many MUST checks ran, passed and were skipped, and the commonest reason. */
export function coverageLine(coverage: Coverage): string {
  const top = coverage.skippedBecause[0];
  const why = top ? ` — most often: ${top.reason} (${top.count}×)` : '';
  return `MUST checks: ${coverage.mustRan} ran, ${coverage.mustPassed} passed, ${coverage.mustSkipped} skipped${why}`;
}
