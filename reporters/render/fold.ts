/**
 * Findings folded across networks: a check that fails on 30 networks is one entry naming those 30 networks,
 * each occurrence kept with its own message, evidence and reproduction (the servers may fail differently).
 */
import type { CheckResult, Report } from '../../src/report/model.js';
import { groupChecks } from './view.js';

export interface FoldedFinding {
  /** `<Service>.<Method>:<checkId>` (or `<Service>:<checkId>`), as in the model. */
  readonly key: string;
  readonly operation: string;
  readonly checkId: string;
  readonly level: CheckResult['level'];
  readonly title: string;
  /** One per network (null: the global section), in report order. */
  readonly occurrences: readonly CheckResult[];
}

/** The checks matching `keep`, one entry per check key, in the order of the run's operations. */
export function foldFindings(report: Report, keep: (c: CheckResult) => boolean): FoldedFinding[] {
  const byKey = new Map<string, { first: CheckResult; occurrences: CheckResult[] }>();
  for (const group of groupChecks(report, keep))
    for (const c of group.checks) {
      const entry = byKey.get(c.key);
      if (entry) entry.occurrences.push(c);
      else byKey.set(c.key, { first: c, occurrences: [c] });
    }
  const order = new Map(report.run.operations.map((op, i) => [op, i]));
  const rank = (op: string): number => order.get(op) ?? order.size;
  return [...byKey.values()]
    .map(({ first, occurrences }) => ({
      key: first.key,
      operation: first.operation,
      checkId: first.checkId,
      level: first.level,
      title: first.title,
      occurrences,
    }))
    .sort((a, b) => rank(a.operation) - rank(b.operation));
}

/** The networks an entry covers, `global` for the global section. */
export function occurrencePlaces(f: FoldedFinding): string[] {
  return f.occurrences.map((c) => c.network ?? 'global');
}
