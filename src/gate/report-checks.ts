/**
 * Reads a report.json from disk into the report model, and flattens a report's tree of networks and
 * operations into whole check results. A passed check may keep only its id, status and reproduction line:
 * what it leaves out is restored from where it sits in the tree (network, operation) and from the catalogue
 * (level, title), so diffs, merges and re-runs never depend on evidence a pass no longer carries.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CHECK_CATALOGUE } from '../checks/catalogue.js';
import { isBroken } from '../report/broken-checks.js';
import type { CheckResult, OperationResult, Report } from '../report/model.js';
import { UsageError } from '../cli/usage-error.js';

const CATALOGUE = new Map(CHECK_CATALOGUE.map((c) => [c.id, c]));

/** `DIR/report.json` when given a directory, else the file itself. */
export function reportPath(path: string): string {
  try {
    return statSync(path).isDirectory() ? join(path, 'report.json') : path;
  } catch {
    return path;
  }
}

/**
 * The report.json files under the given paths: a file, a directory holding one, or a directory of such
 * directories (as CI downloads artefacts: one subdirectory each), in name order.
 */
export function findReportFiles(paths: readonly string[], command: string): string[] {
  const found: string[] = [];
  for (const path of paths) {
    if (!existsSync(path)) throw new UsageError(`${command}: ${path} does not exist`);
    if (!statSync(path).isDirectory()) found.push(path);
    else if (existsSync(join(path, 'report.json'))) found.push(join(path, 'report.json'));
    else {
      const nested = readdirSync(path)
        .sort()
        .map((name) => join(path, name, 'report.json'))
        .filter((file) => existsSync(file));
      if (nested.length === 0) throw new UsageError(`${command}: no report.json in ${path} nor in its subdirectories`);
      found.push(...nested);
    }
  }
  return found;
}

/** A report.json read and minimally checked; anything unreadable is a usage error naming the file. */
export function readReportFile(path: string, what = 'report'): Report {
  const file = reportPath(path);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read the ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UsageError(`${file} is not JSON: expected a report.json written by conformance run`);
  }
  const report = data as Partial<Report> | null;
  if (
    !report ||
    typeof report !== 'object' ||
    typeof report.contractVersion !== 'string' ||
    typeof report.run !== 'object' ||
    !Array.isArray(report.networks) ||
    typeof report.global !== 'object'
  ) {
    throw new UsageError(`${file} is not a report.json written by conformance run (no contractVersion, run, networks or global)`);
  }
  return report as Report;
}

/** One check result, whole, whatever the report kept of it. */
function whole(check: Partial<CheckResult> & { checkId: string; status: CheckResult['status'] }, operation: string, network: string | null): CheckResult {
  const def = CATALOGUE.get(check.checkId);
  return {
    key: `${operation}:${check.checkId}`,
    operation,
    network,
    level: def?.level ?? 'MUST',
    title: def?.title ?? check.checkId,
    requests: 0,
    durationMs: 0,
    ...check,
  } as CheckResult;
}

function fromOperations(operations: readonly OperationResult[], network: string | null): CheckResult[] {
  return operations.flatMap((o) => o.checks.map((c) => whole(c, o.operation, network)));
}

/** Every check result of the report, per-network ones first (report order), then the global section. */
export function checksOf(report: Report): CheckResult[] {
  return [...report.networks.flatMap((n) => fromOperations(n.operations, n.slug)), ...fromOperations(report.global.operations, null)];
}

/** A failure that counts against the verdict of its report: MUST, or SHOULD in a strict run; not an expected one. */
export function countsAgainst(c: CheckResult, report: Report): boolean {
  return isBroken(c) && c.expectation === undefined && (c.level === 'MUST' || report.run.strict);
}

/** `<key> on <network>`: one check on one network, the unit every command of the gate compares. */
export const placeOf = (c: Pick<CheckResult, 'key' | 'network'>): string => `${c.key}@${c.network ?? 'global'}`;

/** What makes a run fail: a failure counting against its verdict, or an unexpected pass. */
export function failsTheRun(report: Report, c: CheckResult): boolean {
  return countsAgainst(c, report) || c.expectation?.outcome === 'unexpected-pass';
}
