/**
 * Findings folded across networks: a check failing on 39 networks is one entry listing them, not 39. Pure
 * function of the report model, shared by report.md, the GitHub annotations and anything else that lists
 * failures where space is short.
 */
import type { CheckResult, Report } from '../../src/report/model.js';
import { checksOf, countsAgainst } from '../../src/report/report-checks.js';

export interface CheckGroup {
  /** `<Service>.<Method>:<checkId>`. */
  readonly key: string;
  readonly operation: string;
  readonly checkId: string;
  readonly level: CheckResult['level'];
  /** Network slugs in report order; null stands for the global section. */
  readonly networks: readonly (string | null)[];
  /** Every result of the group, in the order of `networks`. */
  readonly results: readonly CheckResult[];
}

/** The results matching `keep`, one group per check key, in the order the first of each appears in the report. */
export function groupByCheck(report: Report, keep: (c: CheckResult) => boolean): CheckGroup[] {
  const groups = new Map<
    string,
    { key: string; operation: string; checkId: string; level: CheckResult['level']; networks: (string | null)[]; results: CheckResult[] }
  >();
  for (const c of checksOf(report)) {
    if (!keep(c)) continue;
    const group = groups.get(c.key) ?? {
      key: c.key,
      operation: c.operation,
      checkId: c.checkId,
      level: c.level,
      networks: [],
      results: [],
    };
    group.networks.push(c.network);
    group.results.push(c);
    groups.set(c.key, group);
  }
  return [...groups.values()];
}

/** "base, polygon" or "global"; "all 39 networks" when the group covers every network of the report. */
export function networksText(report: Report, networks: readonly (string | null)[]): string {
  const slugs = networks.filter((n): n is string => n !== null);
  const parts = report.networks.length > 1 && slugs.length === report.networks.length ? [`all ${slugs.length} networks`] : slugs;
  if (networks.includes(null)) parts.push('global');
  return parts.join(', ');
}

/** A failure that counts: MUST failed or errored (SHOULD too in a strict run), not an expected one. */
export function isCountedFailure(report: Report): (c: CheckResult) => boolean {
  return (c) => countsAgainst(c, report);
}

export const isUnexpectedPass = (c: CheckResult): boolean => c.expectation?.outcome === 'unexpected-pass';
export const isExpectedFailure = (c: CheckResult): boolean => c.expectation?.outcome === 'expected-failure';
