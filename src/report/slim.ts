/**
 * report.json carries ~13,000 passed checks in a full run; whole, they would repeat the same key, level, title,
 * network, operation and near-identical curl lines thousands of times. So report.json stores a passed check
 * (without an expectation mark) as its id and status only, and each operation lists its passed checks'
 * distinct reproduction lines once, in `reproductions`, the line most of them share first. A slim check's
 * `reproduction` is then absent for that shared line, the index of its line otherwise, and null when it has
 * none. Every other result is stored whole. What a slim check leaves out is restored from where it sits
 * (network, operation) and from the catalogue (level, title); its request count and duration are not kept
 * and read back as 0.
 */
import { CHECK_CATALOGUE, type CheckDef } from '../checks/catalogue.js';
import type { CheckResult, NetworkResult, OperationResult, PassedCheck, Report } from './model.js';

const CATALOGUE = new Map<string, CheckDef>(CHECK_CATALOGUE.map((c) => [c.id, c]));

const isSlimmable = (c: CheckResult): boolean => c.status === 'passed' && c.expectation === undefined;

function slimOperation(operation: OperationResult): OperationResult {
  const uses = new Map<string, number>();
  for (const c of operation.checks)
    if (isSlimmable(c) && c.reproduction !== undefined) uses.set(c.reproduction, (uses.get(c.reproduction) ?? 0) + 1);
  // Stable: among lines used as often, the first used comes first.
  const lines = [...uses.keys()].sort((a, b) => uses.get(b)! - uses.get(a)!);
  const indexOf = new Map(lines.map((line, index) => [line, index]));
  const checks = operation.checks.map((c): CheckResult | PassedCheck => {
    if (!isSlimmable(c)) return c;
    const slim: PassedCheck = { checkId: c.checkId, status: 'passed' };
    const index = c.reproduction === undefined ? null : indexOf.get(c.reproduction)!;
    return index === 0 || (index === null && lines.length === 0) ? slim : { ...slim, reproduction: index };
  });
  const { checks: _whole, reproductions: _lines, ...rest } = operation;
  // The model types a stored check as whole (readers see only whole ones); this is the one place that is not.
  return { ...rest, ...(lines.length > 0 ? { reproductions: lines } : {}), checks: checks as CheckResult[] };
}

/** The report as report.json stores it. */
export function slimReport(report: Report): Report {
  const operations = (list: readonly OperationResult[]) => list.map(slimOperation);
  return {
    ...report,
    networks: report.networks.map((n) => ({ ...n, operations: operations(n.operations) })),
    global: { ...report.global, operations: operations(report.global.operations) },
  };
}

/** A stored check: a whole one as it is, a slim passed one restored. */
function wholeCheck(check: CheckResult | PassedCheck, operation: OperationResult, network: string | null): CheckResult {
  if ('key' in check) return check;
  const def = CATALOGUE.get(check.checkId);
  const line = check.reproduction === null ? undefined : operation.reproductions?.[check.reproduction ?? 0];
  return {
    key: `${operation.operation}:${check.checkId}`,
    checkId: check.checkId,
    operation: operation.operation,
    network,
    level: def?.level ?? 'MUST',
    title: def?.title ?? check.checkId,
    status: check.status,
    ...(line !== undefined ? { reproduction: line } : {}),
    requests: 0,
    durationMs: 0,
  };
}

function wholeOperation(operation: OperationResult, network: string | null): OperationResult {
  const { reproductions: _lines, ...rest } = operation;
  return { ...rest, checks: operation.checks.map((c) => wholeCheck(c, operation, network)) };
}

/** A report as read from report.json, slim or whole, with every check whole. */
export function wholeReport(report: Report): Report {
  return {
    ...report,
    networks: report.networks.map((n): NetworkResult => ({ ...n, operations: n.operations.map((o) => wholeOperation(o, n.slug)) })),
    global: { ...report.global, operations: report.global.operations.map((o) => wholeOperation(o, null)) },
  };
}
