/**
 * `conformance diff BASE HEAD`: what changed between two runs, per check key and network — new failures
 * (regressions), fixed, still failing, checks added or gone — and each side's verdict. Markdown (or JSON) to
 * stdout; exit 1 when HEAD has a failure counting against its verdict that BASE did not have. Reports of
 * different contract versions are refused: their checks do not mean the same.
 */
import { isBroken } from '../report/broken-checks.js';
import type { CheckResult, CheckStatus, Report } from '../report/model.js';
import { UsageError } from '../config/usage-error.js';
import { mdCode, mdText } from '../../reporters/render/escape.js';
import { checksOf, countsAgainst, placeOf, readReportFile } from '../report/report-checks.js';

export interface DiffEntry {
  readonly key: string;
  readonly network: string | null;
  readonly level: CheckResult['level'];
  readonly base?: CheckStatus;
  readonly head?: CheckStatus;
  /** HEAD's message, else BASE's. */
  readonly message?: string;
  /** For a new failure: it counts against HEAD's verdict (so the diff exits 1). */
  readonly counts?: boolean;
}

export interface SideSummary {
  readonly file: string;
  readonly verdict: Report['verdict'];
  readonly startedAt: string;
  readonly seed: number;
  readonly contractVersion: string;
  readonly counts: Report['counts'];
}

export interface RunDiff {
  readonly base: SideSummary;
  readonly head: SideSummary;
  /** Failing in HEAD, not failing (or absent) in BASE. */
  readonly newFailures: readonly DiffEntry[];
  /** Failing in BASE, passed in HEAD. */
  readonly fixed: readonly DiffEntry[];
  readonly stillFailing: readonly DiffEntry[];
  /** Failing in BASE, skipped in HEAD: neither fixed nor failing. */
  readonly undecided: readonly DiffEntry[];
  /** Present in HEAD only. */
  readonly added: readonly DiffEntry[];
  /** Present in BASE only. */
  readonly gone: readonly DiffEntry[];
  /** Whether HEAD has a failure counting against its verdict that BASE did not have. */
  readonly regressed: boolean;
  /** How the two runs differ in what they ran: their checks do not line up one for one. */
  readonly warnings: readonly string[];
}

/** Rows listed per section; the rest are counted (`--format json` has them all). */
export const MAX_DIFF_ROWS = 20;

/** What makes two runs comparable check for check: the same seed, networks, operations, checks and mode. */
function differences(base: Report, head: Report): string[] {
  const warnings: string[] = [];
  const list = (items: readonly string[]) =>
    items.length > 6 ? `${items.slice(0, 6).join(', ')} and ${items.length - 6} more` : items.join(', ');
  const sets = (what: string, a: readonly string[], b: readonly string[]) => {
    const onlyBase = a.filter((x) => !b.includes(x));
    const onlyHead = b.filter((x) => !a.includes(x));
    if (onlyBase.length + onlyHead.length === 0) return;
    const parts = [
      ...(onlyBase.length > 0 ? [`BASE only: ${list(onlyBase)}`] : []),
      ...(onlyHead.length > 0 ? [`HEAD only: ${list(onlyHead)}`] : []),
    ];
    warnings.push(`the runs differ in ${what} (${parts.join('; ')}): their checks there are added or gone, not compared`);
  };
  if (base.run.seed !== head.run.seed)
    warnings.push(
      `the runs have different seeds (${base.run.seed} vs ${head.run.seed}): property checks sent other requests; rerun HEAD with --seed ${base.run.seed} to compare like with like`,
    );
  if (base.run.runs !== head.run.runs) warnings.push(`the runs have different property runs (${base.run.runs} vs ${head.run.runs})`);
  sets('networks', base.run.networks, head.run.networks);
  sets('operations', base.run.operations, head.run.operations);
  sets('chosen checks', base.run.checks ?? [], head.run.checks ?? []);
  if (base.run.strict !== head.run.strict) warnings.push(`one run is --strict and the other is not: SHOULD findings count in one only`);
  if (base.run.readOnly !== head.run.readOnly)
    warnings.push(`one run is --read-only and the other is not: writes were skipped in one only`);
  const profileOf = (report: Report) => report.run.profile ?? 'full';
  if (profileOf(base) !== profileOf(head))
    warnings.push(
      `the runs have different profiles (${profileOf(base)} vs ${profileOf(head)}): the quick one ran some checks on fewer networks, so those are added or gone, not compared`,
    );
  return warnings;
}

function side(file: string, report: Report): SideSummary {
  return {
    file,
    verdict: report.verdict,
    startedAt: report.run.startedAt,
    seed: report.run.seed,
    contractVersion: report.contractVersion,
    counts: report.counts,
  };
}

export function diffReports(base: { file: string; report: Report }, head: { file: string; report: Report }): RunDiff {
  if (base.report.contractVersion !== head.report.contractVersion) {
    throw new UsageError(
      `diff: BASE ${base.file} is of contract version ${base.report.contractVersion}, HEAD ${head.file} of ${head.report.contractVersion}: runs against different contracts cannot be compared`,
    );
  }
  const before = new Map(checksOf(base.report).map((c) => [placeOf(c), c]));
  const after = new Map(checksOf(head.report).map((c) => [placeOf(c), c]));
  const entry = (b: CheckResult | undefined, h: CheckResult | undefined, counts?: boolean): DiffEntry => {
    const any = (h ?? b)!;
    const message = h?.message ?? b?.message;
    return {
      key: any.key,
      network: any.network,
      level: any.level,
      ...(b ? { base: b.status } : {}),
      ...(h ? { head: h.status } : {}),
      ...(message === undefined ? {} : { message }),
      ...(counts === undefined ? {} : { counts }),
    };
  };
  const newFailures: DiffEntry[] = [];
  const fixed: DiffEntry[] = [];
  const stillFailing: DiffEntry[] = [];
  const undecided: DiffEntry[] = [];
  const added: DiffEntry[] = [];
  const gone: DiffEntry[] = [];
  for (const [place, h] of after) {
    const b = before.get(place);
    if (!b) added.push(entry(undefined, h));
    if (isBroken(h) && !(b && isBroken(b))) newFailures.push(entry(b, h, countsAgainst(h, head.report)));
    else if (isBroken(h)) stillFailing.push(entry(b, h));
    else if (b && isBroken(b) && h.status === 'passed') fixed.push(entry(b, h));
    else if (b && isBroken(b)) undecided.push(entry(b, h));
  }
  for (const [place, b] of before) {
    if (!after.has(place)) gone.push(entry(b, undefined));
  }
  return {
    base: side(base.file, base.report),
    head: side(head.file, head.report),
    newFailures,
    fixed,
    stillFailing,
    undecided,
    added,
    gone,
    regressed: newFailures.some((e) => e.counts === true),
    warnings: differences(base.report, head.report),
  };
}

/** Entries folded per check key, networks listed: one line per key. */
function folded(
  entries: readonly DiffEntry[],
): { key: string; level: string; networks: string[]; base: string; head: string; message?: string }[] {
  const byKey = new Map<
    string,
    { key: string; level: string; networks: string[]; base: Set<string>; head: Set<string>; message?: string }
  >();
  for (const e of entries) {
    const row = byKey.get(e.key) ?? {
      key: e.key,
      level: e.level,
      networks: [],
      base: new Set(),
      head: new Set(),
      ...(e.message === undefined ? {} : { message: e.message }),
    };
    row.networks.push(e.network ?? 'global');
    row.base.add(e.base ?? '–');
    row.head.add(e.head ?? '–');
    byKey.set(e.key, row);
  }
  return [...byKey.values()].map((r) => ({ ...r, base: [...r.base].join('/'), head: [...r.head].join('/') }));
}

const verdictMark = (v: Report['verdict']): string => (v === 'pass' ? '✔ PASS' : v === 'errored' ? '✘ INTERRUPTED' : '✘ FAIL');

export function renderDiffMarkdown(diff: RunDiff): string {
  const out = [`# Conformance diff: BASE ${verdictMark(diff.base.verdict)} → HEAD ${verdictMark(diff.head.verdict)}`, ''];
  const count = (label: string, entries: readonly DiffEntry[]) => `${entries.length} ${label}`;
  out.push(
    `${diff.regressed ? '**HEAD has new failures.**' : 'No new failure in HEAD.'} ` +
      [
        count('new failures', diff.newFailures),
        count('fixed', diff.fixed),
        count('still failing', diff.stillFailing),
        count('checks added', diff.added),
        count('checks gone', diff.gone),
      ].join(' · '),
    '',
  );
  for (const warning of diff.warnings) out.push(`> ⚠ ${mdText(warning)}`, '>');
  if (diff.warnings.length > 0) out.splice(out.length - 1, 1, '');
  out.push('| | BASE | HEAD |', '|---|---|---|');
  const row = (label: string, read: (s: SideSummary) => string) =>
    out.push(`| ${label} | ${mdText(read(diff.base))} | ${mdText(read(diff.head))} |`);
  row('Report', (s) => s.file);
  row('Verdict', (s) => verdictMark(s.verdict));
  row('Started', (s) => s.startedAt);
  row('Seed', (s) => String(s.seed));
  row('MUST findings', (s) => String(s.counts.mustFailed));
  row('SHOULD findings', (s) => String(s.counts.shouldFailed));
  out.push('');
  const section = (title: string, entries: readonly DiffEntry[]) => {
    const rows = folded(entries);
    out.push(`## ${title} (${entries.length})`, '');
    if (rows.length === 0) {
      out.push('None.', '');
      return;
    }
    out.push('| Check | Level | Networks | BASE | HEAD | Message |', '|---|---|---|---|---|---|');
    for (const r of rows.slice(0, MAX_DIFF_ROWS)) {
      const message = (r.message ?? '').split(/\r?\n/, 1)[0]!.slice(0, 200);
      const networks =
        r.networks.length > 8 ? `${r.networks.slice(0, 8).join(', ')} +${r.networks.length - 8} more` : r.networks.join(', ');
      out.push(
        `| ${mdCode(r.key, true)} | ${r.level} | ${mdText(networks)} | ${mdText(r.base)} | ${mdText(r.head)} | ${mdText(message)} |`,
      );
    }
    if (rows.length > MAX_DIFF_ROWS) out.push('', `… and ${rows.length - MAX_DIFF_ROWS} more checks (\`--format json\` lists them all).`);
    out.push('');
  };
  section('New failures', diff.newFailures);
  section('Fixed', diff.fixed);
  section('Still failing', diff.stillFailing);
  if (diff.undecided.length > 0) section('Failing in BASE, skipped in HEAD', diff.undecided);
  section('Checks added', diff.added);
  section('Checks gone', diff.gone);
  return `${out.join('\n').trimEnd()}\n`;
}

export function diffCommand(
  baseArg: string,
  headArg: string,
  options: { format?: string },
): { exitCode: 0 | 1; diff: RunDiff; text: string } {
  const format = options.format ?? 'markdown';
  if (format !== 'markdown' && format !== 'json')
    throw new UsageError(`--format: expected markdown or json, got ${JSON.stringify(format)}`);
  const diff = diffReports(
    { file: baseArg, report: readReportFile(baseArg, 'BASE report') },
    { file: headArg, report: readReportFile(headArg, 'HEAD report') },
  );
  const text = format === 'json' ? `${JSON.stringify(diff, null, 2)}\n` : renderDiffMarkdown(diff);
  return { exitCode: diff.regressed ? 1 : 0, diff, text };
}
