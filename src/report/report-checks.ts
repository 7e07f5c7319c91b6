/**
 * Reads a report.json from disk into the report model, and flattens a report's tree of networks and
 * operations into whole check results. What report.json leaves out of a passed check is restored on reading
 * (src/report/slim.ts), so diffs, merges and re-runs never depend on evidence a pass no longer carries.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isBroken } from './broken-checks.js';
import type { CheckResult, Report } from './model.js';
import { wholeReport } from './slim.js';
import { UsageError } from '../config/usage-error.js';

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
    !Array.isArray(report.global?.operations)
  ) {
    throw new UsageError(`${file} is not a report.json written by conformance run (no contractVersion, run, networks or global)`);
  }
  try {
    return wholeReport(report as Report);
  } catch {
    throw new UsageError(`${file} is not a report.json written by conformance run (a network, operation or check of another shape)`);
  }
}

const checksByReport = new WeakMap<Report, readonly CheckResult[]>();

/**
 * Every check result of the report, per-network ones first (report order), then the global section. Listed
 * once per report: the renderers and the summary each read a full run's ~14,000 results several times over, and
 * a report is never changed once built (a changed one is a new object).
 */
export function checksOf(report: Report): readonly CheckResult[] {
  let checks = checksByReport.get(report);
  if (!checks) {
    const list: CheckResult[] = [];
    for (const section of [...report.networks, report.global]) for (const o of section.operations) for (const c of o.checks) list.push(c);
    checks = Object.freeze(list);
    checksByReport.set(report, checks);
  }
  return checks;
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
