/**
 * The findings of a report folded for reading in a terminal: one entry per check key (`<operation>:<checkId>`)
 * listing the networks it failed on, MUST first, then SHOULD; each keeps the first finding's message and
 * reproduction line as the example to start from.
 */
import { isBroken } from '../../src/report/broken-checks.js';
import type { CheckResult, Report } from '../../src/report/model.js';
import { groupChecks } from '../render/view.js';

/** What the terminal lists: findings not known from the expectations, and expected failures that now pass. */
const worthListing = (c: CheckResult): boolean =>
  (isBroken(c) && c.expectation === undefined) || c.expectation?.outcome === 'unexpected-pass';

export interface FindingGroup {
  readonly key: string;
  readonly level: 'MUST' | 'SHOULD';
  /** Network slugs in report order; `null` for the global section. */
  readonly networks: readonly (string | null)[];
  /** How many of them errored (could not decide) rather than failed. */
  readonly errored: number;
  readonly example: CheckResult;
}

export function groupFindings(report: Report): FindingGroup[] {
  const byKey = new Map<string, { level: 'MUST' | 'SHOULD'; networks: (string | null)[]; errored: number; example: CheckResult }>();
  for (const group of groupChecks(report, worthListing)) {
    for (const check of group.checks) {
      const entry = byKey.get(check.key) ?? { level: check.level, networks: [], errored: 0, example: check };
      if (!entry.networks.includes(group.network)) entry.networks.push(group.network);
      if (check.status === 'errored') entry.errored += 1;
      byKey.set(check.key, entry);
    }
  }
  const groups = [...byKey].map(([key, g]) => ({ key, ...g }));
  const rank = (g: FindingGroup) => (g.level === 'MUST' ? 0 : 1);
  // Stable: within a level, the order of first appearance (report order of networks and operations).
  return groups
    .map((g, i) => ({ g, i }))
    .sort((a, b) => rank(a.g) - rank(b.g) || a.i - b.i)
    .map(({ g }) => g);
}
