/**
 * What the three renderers share: the network × operation matrix, the grouping of findings and skips, and the
 * few phrases every output uses. Pure functions of the report model; nothing here escapes (the renderers do,
 * each for its own language).
 */
import { BASES, type BaseName } from '../../src/contract/services.js';
import { isBroken, isMustBroken } from '../../src/report/broken-checks.js';
import { coverageLine, verdictWords } from '../../src/report/coverage.js';
import type { CheckResult, Counts, OperationResult, Report } from '../../src/report/model.js';

/** ✔ all passed · ✘ a MUST check failed or errored · ⚠ only SHOULD findings · – not run or all skipped. */
export type CellState = 'pass' | 'must' | 'should' | 'none';

export const CELL_SYMBOL: Record<CellState, string> = { pass: '✔', must: '✘', should: '⚠', none: '–' };
export const CELL_LABEL: Record<CellState, string> = {
  pass: 'all passed',
  must: 'a MUST check failed or errored',
  should: 'only SHOULD findings',
  none: 'not run or all skipped',
};

export interface Column {
  /** `<Service>.<Method>` as in the model. */
  readonly operation: string;
  /** The method name, or the whole id when two columns would share a method name. */
  readonly header: string;
}

export interface Cell {
  readonly state: CellState;
  readonly counts: Counts;
}

export interface Row {
  readonly network: string;
  /** Null for a network the run lists but the model has no result for. */
  readonly chainId: number | null;
  readonly counts: Counts;
  /** Aligned with `Matrix.columns`. */
  readonly cells: readonly Cell[];
}

export interface Matrix {
  readonly columns: readonly Column[];
  readonly rows: readonly Row[];
  /** Operations the run lists that appear neither in a network nor in the global section. */
  readonly notRun: readonly string[];
}

export const ZERO: Counts = { passed: 0, failed: 0, errored: 0, skipped: 0, mustFailed: 0, shouldFailed: 0 };

export function addCounts(a: Counts, b: Counts): Counts {
  return {
    passed: a.passed + b.passed,
    failed: a.failed + b.failed,
    errored: a.errored + b.errored,
    skipped: a.skipped + b.skipped,
    mustFailed: a.mustFailed + b.mustFailed,
    shouldFailed: a.shouldFailed + b.shouldFailed,
  };
}

/** Findings of the run; a failure an expectations file lists is reported apart, as expected. */
export const isMustFinding = (c: CheckResult): boolean => isMustBroken(c) && c.expectation === undefined;
export const isShouldFinding = (c: CheckResult): boolean => c.level === 'SHOULD' && isBroken(c) && c.expectation === undefined;

/**
 * The state of one cell. The aggregate counts and the checks are both consulted, so the cell is right when
 * the model elides passed checks (counts only) and also when counts were left at zero (checks only).
 */
export function cellState(results: readonly OperationResult[]): CellState {
  let must = false;
  let should = false;
  let passed = false;
  for (const r of results) {
    if (r.counts.mustFailed > 0 || (r.counts.unexpectedPasses ?? 0) > 0) must = true;
    if (r.counts.shouldFailed > 0) should = true;
    if (r.counts.passed > 0) passed = true;
    for (const c of r.checks) {
      if (isMustFinding(c) || c.expectation?.outcome === 'unexpected-pass') must = true;
      else if (isShouldFinding(c)) should = true;
      else if (c.status === 'passed') passed = true;
    }
  }
  if (must) return 'must';
  if (should) return 'should';
  return passed ? 'pass' : 'none';
}

function cellOf(results: readonly OperationResult[]): Cell {
  return { state: cellState(results), counts: results.reduce((acc, r) => addCounts(acc, r.counts), ZERO) };
}

/**
 * Columns are the operations that appear in some network's results, in the order of `run.operations` (then
 * in order of first appearance for any the run does not list). Rows follow `report.networks`, then any
 * network of `run.networks` without a result (all `–`).
 */
export function buildMatrix(report: Report, keep: (operation: string) => boolean = () => true): Matrix {
  const listed = new Map(report.run.operations.map((op, i) => [op, i]));
  const seen = new Map<string, number>();
  for (const n of report.networks)
    for (const r of n.operations) if (keep(r.operation) && !seen.has(r.operation)) seen.set(r.operation, seen.size);
  // Service-wide groups come after the operations, in the order of their services' first operations.
  const serviceRank = (op: string): number | undefined => {
    const first = report.run.operations.findIndex((o) => o.startsWith(`${op}.`));
    return first === -1 ? undefined : listed.size + first / listed.size;
  };
  const ops = [...seen.keys()].sort((a, b) => rank(a) - rank(b));
  function rank(op: string): number {
    return listed.get(op) ?? serviceRank(op) ?? listed.size + (seen.get(op) ?? 0);
  }

  const method = (op: string): string => op.slice(op.lastIndexOf('.') + 1) || op;
  const methodUses = new Map<string, number>();
  for (const op of ops) methodUses.set(method(op), (methodUses.get(method(op)) ?? 0) + 1);
  const columns = ops.map((op) => ({ operation: op, header: methodUses.get(method(op)) === 1 ? method(op) : op }));

  const rows: Row[] = report.networks.map((n) => {
    const byOp = groupBy(n.operations, (r) => r.operation);
    return { network: n.slug, chainId: n.chainId, counts: n.counts, cells: ops.map((op) => cellOf(byOp.get(op) ?? [])) };
  });
  const present = new Set(report.networks.map((n) => n.slug));
  for (const slug of report.run.networks)
    if (!present.has(slug)) rows.push({ network: slug, chainId: null, counts: ZERO, cells: ops.map(() => cellOf([])) });

  const ran = new Set([
    ...report.networks.flatMap((n) => n.operations.map((r) => r.operation)),
    ...report.global.operations.map((r) => r.operation),
  ]);
  return { columns, rows, notRun: report.run.operations.filter((op) => !ran.has(op)) };
}

/** A per-service wire group (`<Service>:<checkId>` keys) rather than one operation (`<Service>.<Method>`). */
export const isServiceWide = (operation: string): boolean => !operation.includes('.');

export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** The global section's rows: one per operation (or per-service wire group), merged if listed twice. */
export function globalRows(report: Report): { operation: string; cell: Cell }[] {
  return [...groupBy(report.global.operations, (r) => r.operation)].map(([operation, results]) => ({
    operation,
    cell: cellOf(results),
  }));
}

export interface CheckGroup {
  /** Null for the global section. */
  readonly network: string | null;
  readonly operation: string;
  readonly checks: readonly CheckResult[];
}

/**
 * The checks matching `keep`, grouped by network (report order, global last) then operation (matrix column
 * order within a network, the model's order in the global section). Empty groups are left out.
 */
export function groupChecks(report: Report, keep: (c: CheckResult) => boolean): CheckGroup[] {
  const order = new Map(buildMatrix(report).columns.map((c, i) => [c.operation, i]));
  const groups: CheckGroup[] = [];
  const add = (network: string | null, results: readonly OperationResult[], sort: boolean): void => {
    const byOp = [...groupBy(results, (r) => r.operation)];
    if (sort) byOp.sort(([a], [b]) => (order.get(a) ?? order.size) - (order.get(b) ?? order.size));
    for (const [operation, rs] of byOp) {
      const checks = rs.flatMap((r) => r.checks.filter(keep));
      if (checks.length > 0) groups.push({ network, operation, checks });
    }
  };
  for (const n of report.networks) add(n.slug, n.operations, true);
  add(null, report.global.operations, false);
  return groups;
}

export interface SkipGroup {
  readonly operation: string;
  readonly checkId: string;
  readonly reason: string;
  /** Network slugs, `null` for the global section. */
  readonly networks: readonly (string | null)[];
}

/** Skipped checks folded across networks: one line per (operation, check, reason). */
export function groupSkips(report: Report): SkipGroup[] {
  const map = new Map<string, { operation: string; checkId: string; reason: string; networks: (string | null)[] }>();
  for (const g of groupChecks(report, (c) => c.status === 'skipped'))
    for (const c of g.checks) {
      const reason = c.message ?? '(no reason given)';
      const k = JSON.stringify([c.operation, c.checkId, reason]);
      const entry = map.get(k) ?? { operation: c.operation, checkId: c.checkId, reason, networks: [] };
      if (!entry.networks.includes(g.network)) entry.networks.push(g.network);
      map.set(k, entry);
    }
  return [...map.values()];
}

/** "all networks" when a skip covers every network of the report, else the slugs. */
export function describeNetworks(report: Report, networks: readonly (string | null)[]): string {
  const slugs = networks.filter((n): n is string => n !== null);
  const all = report.networks.length > 1 && slugs.length === report.networks.length;
  const parts = all ? [`all ${slugs.length} networks`] : slugs;
  if (networks.includes(null)) parts.push('global');
  return parts.join(', ');
}

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return String(ms);
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const totalSeconds = Math.round(ms / 1000);
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  return h > 0 ? `${h} h ${m} min ${s} s` : `${m} min ${s} s`;
}

/** How a report of an --insecure run says so. */
export const INSECURE_MODE = 'TLS certificates NOT verified (--insecure)';

/**
 * "throttled 212×, waited 38 s", "slowed down: requests in flight cut from 128 to 9 as answers slowed": how the
 * target held the run back, or undefined when it did not.
 */
export function throttlingText(run: Report['run']): string | undefined {
  const t = run.throttling;
  const slowed = run.transport?.slowedDown;
  const slowedText = slowed ? `slowed down: requests in flight cut from ${slowed.from} to ${slowed.to} as answers slowed` : undefined;
  if (!t) return slowedText;
  // Requests wait side by side: their waits added up can exceed the run's own duration.
  const waited = `requests waited ${formatDuration(t.waitedMs)} in all`;
  const held = t.throttled > 0 ? `throttled ${t.throttled}×, ${waited}` : `paced (--max-rps), ${waited}`;
  return slowedText ? `${held}; ${slowedText}` : held;
}

/** "3 CreateAudience, 2 RemoveAudienceContacts to audience(s) 17, 18": what the run wrote, or undefined when nothing. */
export function writesText(w: Report['run']['writes']): string | undefined {
  if (!w || w.createAudience + w.removeAudienceContacts === 0) return undefined;
  const ids = w.audienceIds;
  const shown = ids.length > 10 ? `${ids.slice(0, 10).join(', ')} and ${ids.length - 10} more` : ids.join(', ');
  return `${w.createAudience} CreateAudience, ${w.removeAudienceContacts} RemoveAudienceContacts${ids.length ? ` to audience(s) ${shown}` : ''} — each to an audience this run created and read back as its own, or one the fixtures give up`;
}

export function countsText(c: Counts): string {
  return `${c.passed} passed · ${c.failed} failed · ${c.errored} errored · ${c.skipped} skipped`;
}

/** The cell's accessible description, e.g. "a MUST check failed or errored: 2 MUST findings, of which 1 errored; 14 passed, 3 skipped". */
export function cellDescription(cell: Cell): string {
  const c = cell.counts;
  const findings: string[] = [];
  if (c.mustFailed > 0) findings.push(plural(c.mustFailed, 'MUST finding'));
  if (c.shouldFailed > 0) findings.push(plural(c.shouldFailed, 'SHOULD finding'));
  if (c.errored > 0) findings.push(`of which ${c.errored} errored`);
  const rest = `${c.passed} passed, ${c.skipped} skipped`;
  return `${CELL_LABEL[cell.state]}${findings.length > 0 ? `: ${findings.join(', ')}` : ''}; ${rest}`;
}

export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export function verdictText(report: Report): string {
  const c = report.counts;
  const parts = [plural(c.mustFailed, 'MUST finding'), plural(c.shouldFailed, 'SHOULD finding')];
  const coverage = report.coverage ? `; ${coverageLine(report.coverage)}` : '';
  return `${verdictWords(report)} (${parts.join(', ')}${report.run.strict ? '; strict: SHOULD findings count' : ''}${coverage})`;
}

/** The base addresses as one line each (in the contract's order of bases): `embedded` when the tool certified its own server. */
export function targetLines(report: Report): [string, string][] {
  const t = report.run.targets;
  const lines = (Object.keys(BASES) as BaseName[]).map((base): [string, string] => [base, t[base]]);
  return t.embedded ? [['embedded', 'the embedded reference server'], ...lines] : lines;
}

/** Cap on a body or header block shown in Markdown or HTML; the model already truncates, this is a backstop. */
export const MAX_SHOWN_CHARS = 20_000;

export function capText(text: string, max = MAX_SHOWN_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n… (${text.length - max} more characters not shown)`;
}

/** The first line of a message, shortened: for summaries and attributes. */
export function firstLine(text: string, max = 300): string {
  const line = text.split(/\r\n|\r|\n/, 1)[0] ?? '';
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
