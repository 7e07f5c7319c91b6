/**
 * report.md: for a pull-request comment or a job summary. Every string from the model goes through `mdText`
 * (inline text, table-safe), `mdCode` (inline code) or `mdFence` (code block); anchors are built from
 * `anchorId` alone. Passed checks are only counted. A check failing on several networks is one entry listing
 * them, and the whole stays under MARKDOWN_MAX_CHARS: what does not fit is counted and pointed to report.html.
 */
import { exampleLine, incidentLine, listedIncidents } from '../../src/report/incidents.js';
import type { CheckResult, Exchange, Report, RestingExchange } from '../../src/report/model.js';
import { anchorId, mdCode, mdFence, mdText } from './escape.js';
import {
  CELL_LABEL,
  CELL_SYMBOL,
  buildMatrix,
  capText,
  cellDescription,
  countsText,
  INSECURE_MODE,
  throttlingText,
  writesText,
  describeNetworks,
  firstLine,
  formatDuration,
  globalRows,
  groupSkips,
  isMustFinding,
  isShouldFinding,
  targetLines,
  verdictText,
  type Cell,
} from './view.js';
import { groupByCheck, isExpectedFailure, isUnexpectedPass, networksText, type CheckGroup } from './check-groups.js';

/** Values longer than this, or with a line break, go in a code block instead of inline code. */
const INLINE_MAX = 120;
/** A field of one finding in report.md; report.html shows it whole. */
const FIELD_MAX = 4_000;

/** GitHub refuses a pull-request comment over 65,536 characters; a job summary is read in the same places. */
export const MARKDOWN_MAX_CHARS = 60_000;

/**
 * Adds blocks while they fit under the cap, and counts the entries left out: the head of the report (verdict,
 * metadata, matrix) always goes in, findings in order of importance after it.
 */
class Budget {
  readonly lines: string[] = [];
  private used = 0;
  omitted = 0;

  constructor(private readonly max: number) {}

  /** Adds `block` (lines) when it fits; `entries` is what it lists, counted as omitted when it does not fit. */
  add(block: readonly string[], entries = 1): boolean {
    if (this.tryAdd(block)) return true;
    this.omitted += entries;
    return false;
  }

  /** Characters still free. */
  get room(): number {
    return this.max - this.used;
  }

  /** Adds `block` when it fits, counting nothing when it does not (the caller has a smaller form to try). */
  tryAdd(block: readonly string[]): boolean {
    const size = block.reduce((n, line) => n + line.length + 1, 0);
    if (this.used + size > this.max) return false;
    this.lines.push(...block);
    this.used += size;
    return true;
  }
}

/** Room kept for the closing line that counts what did not fit. */
const CLOSING_RESERVE = 300;

export function renderMarkdown(report: Report, maxChars = MARKDOWN_MAX_CHARS): string {
  const head = (linked: boolean): string[] => {
    const out = [`# ${report.verdict === 'pass' ? '✔' : '✘'} Conformance report: ${mdText(verdictText(report))}`, ''];
    if (report.run.incident !== undefined) out.push(`> **Incident:** ${mdText(capText(report.run.incident, 2000))}`, '');
    for (const incident of listedIncidents(report)) {
      const example = exampleLine(incident);
      out.push(`> **Incident:** ${mdText(capText(incidentLine(incident), 2000))}`);
      if (example) out.push('>', `> example: ${mdCode(capText(example, 500), true)}`);
      out.push('');
    }
    out.push(...metadata(report), '', ...matrix(report, linked), ...globalSection(report, linked));
    return out;
  };
  const budget = new Budget(maxChars - CLOSING_RESERVE);
  // A matrix of many networks is the largest fixed part: without its links it is about half the size.
  if (!budget.add(head(true), 0) && !budget.add(head(false), 0)) budget.add(head(false).slice(0, 3), 0);
  sections(report).forEach((section) => section(budget));
  if (budget.omitted > 0) {
    budget.lines.push(
      '',
      `> **${budget.omitted} more ${budget.omitted === 1 ? 'entry' : 'entries'} did not fit in report.md (kept under ${maxChars.toLocaleString('en')} characters): see report.html or report.json.**`,
    );
  }
  return `${budget.lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

/** The parts after the head, most important first: what fails the run, then what does not. */
function sections(report: Report): ((budget: Budget) => void)[] {
  return [
    (b) => unexpectedPasses(report, b),
    (b) => mustFindings(report, b),
    (b) => shouldFindings(report, b),
    (b) => expectedFailures(report, b),
    (b) => skipped(report, b),
  ];
}

function metadata(report: Report): string[] {
  const r = report.run;
  const written = writesText(r.writes);
  const rows: [string, string][] = [
    ['Tool', `${mdText(report.tool.name)} ${mdText(report.tool.version)}`],
    ['Contract version', mdText(report.contractVersion)],
    ['Started', mdText(r.startedAt)],
    ['Duration', mdText(formatDuration(r.durationMs))],
    ['Seed', `${mdCode(String(r.seed), true)} (runs: ${mdText(String(r.runs))}${r.profile === 'quick' ? ', quick profile' : ''})`],
    ['Mode', `strict: ${r.strict ? 'yes' : 'no'}, read-only: ${r.readOnly ? 'yes' : 'no'}${r.insecure ? `, ${INSECURE_MODE}` : ''}`],
    ['Requests', mdText([String(r.requests), throttlingText(r)].filter(Boolean).join('; '))],
    ...(written ? ([['Writes', mdText(written)]] as [string, string][]) : []),
    [
      'Targets',
      targetLines(report)
        .map(([k, v]) => `${mdText(k)}: ${mdText(v)}`)
        .join('<br>'),
    ],
    ['Networks', String(report.networks.length)],
    ['Checks', mdText(countsText(report.counts))],
  ];
  return ['| Run | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)];
}

/** Cells link to the operation's entries below: findings are listed per check, not per network. */
function cellMd(cell: Cell, operation: string, linked: boolean): string {
  const symbol = CELL_SYMBOL[cell.state];
  if (!linked) return symbol;
  if (cell.state === 'must') return `[${symbol}](#${anchorId('fail', null, operation)})`;
  if (cell.state === 'should') return `[${symbol}](#${anchorId('should', null, operation)})`;
  return symbol;
}

function matrix(report: Report, linked: boolean): string[] {
  const m = buildMatrix(report);
  const legend = (['pass', 'must', 'should', 'none'] as const).map((s) => `${CELL_SYMBOL[s]} ${CELL_LABEL[s]}`).join(' · ');
  const out = ['## Networks × operations', '', legend, ''];
  if (m.columns.length === 0 || m.rows.length === 0) {
    out.push('*No per-network operation ran.*', '');
  } else {
    out.push(`| Network | ${m.columns.map((c) => mdText(c.header)).join(' | ')} | Checks |`);
    out.push(`|---|${m.columns.map(() => ':-:|').join('')}---|`);
    for (const row of m.rows) {
      const cells = row.cells.map((cell, i) => cellMd(cell, m.columns[i]?.operation ?? '', linked));
      out.push(`| ${mdText(row.network)} | ${cells.join(' | ')} | ${mdText(countsText(row.counts))} |`);
    }
    out.push('');
    const renamed = m.columns.filter((c) => c.header !== c.operation);
    if (renamed.length > 0) out.push(`Columns: ${renamed.map((c) => `${mdText(c.header)} = ${mdCode(c.operation)}`).join(', ')}.`, '');
  }
  if (m.notRun.length > 0) out.push(`Not run: ${m.notRun.map((op) => mdCode(op)).join(', ')}.`, '');
  return out;
}

function globalSection(report: Report, linked: boolean): string[] {
  const rows = globalRows(report);
  if (rows.length === 0) return [];
  const out = ['## Global (not per network)', '', '| Operation | Result | Checks |', '|---|:-:|---|'];
  for (const { operation, cell } of rows)
    out.push(`| ${mdCode(operation, true)} | ${cellMd(cell, operation, linked)} | ${mdText(cellDescription(cell))} |`);
  out.push('');
  return out;
}

/** "✘ failed on base, polygon; ⚠ errored on amoy": where a check broke, by status. */
function whereBroken(report: Report, g: CheckGroup): string {
  const parts: string[] = [];
  for (const [status, symbol] of [
    ['failed', '✘'],
    ['errored', '⚠'],
  ] as const) {
    const networks = [...new Set(g.results.filter((r) => r.status === status).map((r) => r.network))];
    if (networks.length > 0) parts.push(`${symbol} ${status} on ${networksText(report, networks)}`);
  }
  return parts.join('; ');
}

/**
 * One entry per failing check key, its networks listed, the evidence of its first network shown. Room is kept
 * for one line per check still to come, so that when space runs short every failing check is still named.
 */
function mustFindings(report: Report, budget: Budget): void {
  // Each operation's checks together, under one heading (and one anchor), operations in order of first appearance.
  const found = groupByCheck(report, isMustFinding);
  const operations = [...new Set(found.map((g) => g.operation))];
  const groups = operations.flatMap((op) => found.filter((g) => g.operation === op));
  const size = (lines: readonly string[]) => lines.reduce((n, line) => n + line.length + 1, 0);
  const briefs = groups.map((g) => [
    `- ${mdText(g.level)} ${mdCode(g.checkId)}: ${mdText(whereBroken(report, g))} (evidence in report.html)`,
    '',
  ]);
  const headingOf = (op: string) => [`<a id="${anchorId('fail', null, op)}"></a>`, '', `### ${mdText(op)}`, ''];
  // What a brief line costs, with the heading of its operation when it opens one.
  const briefSizes = groups.map(
    (g, i) => size(briefs[i]!) + (i === 0 || groups[i - 1]!.operation !== g.operation ? size(headingOf(g.operation)) : 0),
  );
  let briefsAfter = briefSizes.reduce((n, b) => n + b, 0);
  let title: string[] = ['## Failures (MUST)', ''];
  let operation: string | undefined;
  groups.forEach((g, i) => {
    briefsAfter -= briefSizes[i]!;
    const heading = g.operation === operation ? [] : headingOf(g.operation);
    // The evidence of the first network per status: a failure and an error differ in kind, not networks of one kind.
    const shown = (['failed', 'errored'] as const).flatMap((status) => g.results.find((r) => r.status === status) ?? []);
    const evidence = shown.flatMap((r) => [
      ...(g.results.length > 1 ? [`Evidence from ${r.network === null ? 'global' : mdText(r.network)}:`, ''] : []),
      ...finding(r),
    ]);
    const entry = [
      ...title,
      ...heading,
      `#### ${mdText(g.level)} ${mdCode(g.checkId)}: ${mdText(whereBroken(report, g))}`,
      '',
      mdText(g.results[0]!.title),
      '',
      ...evidence,
    ];
    const full = size(entry) + briefsAfter <= budget.room && budget.tryAdd(entry);
    if (full || budget.add([...title, ...heading, ...briefs[i]!])) {
      title = [];
      operation = g.operation;
    }
  });
}

function finding(c: CheckResult): string[] {
  const out: string[] = [];
  const blocks: string[] = [];
  const items: string[] = [];
  const field = (label: string, value: string | undefined): void => {
    if (value === undefined) return;
    if (value.length <= INLINE_MAX && !/[\r\n]/.test(value)) items.push(`- **${label}:** ${mdCode(value)}`);
    else blocks.push(`**${label}:**`, '', mdFence(capText(value, FIELD_MAX), 'text'), '');
  };
  if (c.message !== undefined) items.push(`- **Message:** ${mdText(capText(c.message, FIELD_MAX))}`);
  field('Pointer', c.pointer);
  field('Expected', c.expected);
  field('Actual', c.actual);
  const outcome = exchangeOutcome(c.exchange);
  if (outcome !== undefined) items.push(`- **Observed:** ${outcome}`);
  out.push(...items, '', ...blocks);
  for (const other of c.restsOn ?? []) out.push(...restingExchange(other));
  if (c.reproduction !== undefined) out.push('**Reproduction:**', '', mdFence(capText(c.reproduction, FIELD_MAX), 'sh'), '');
  return out;
}

/** An answer the finding rests on: its request and answer, so a reader can check the verdict against it. */
function restingExchange(other: RestingExchange): string[] {
  const x = other.exchange;
  return [
    `**Rests on** ${mdCode(other.operation)}: ${exchangeOutcome(x) ?? ''}`,
    '',
    ...(x.request.body === undefined ? [] : ['Request body:', '', mdFence(capText(x.request.body, FIELD_MAX), 'json'), '']),
    ...(x.response === undefined
      ? []
      : [`Response body${x.response.truncated ? ' (truncated)' : ''}:`, '', mdFence(capText(x.response.body, FIELD_MAX), 'json'), '']),
  ];
}

function exchangeOutcome(x: Exchange | undefined): string | undefined {
  if (x === undefined) return undefined;
  const req = `${mdText(x.request.method)} ${mdCode(x.request.url)}`;
  if (x.transportError !== undefined) return `${req} → transport error: ${mdText(x.transportError)}`;
  if (x.response !== undefined) return `${req} → HTTP ${mdText(String(x.response.status))} in ${mdText(formatDuration(x.durationMs))}`;
  return req;
}

/** A table whose rows are added while they fit; the header goes in with the first row. */
function table(budget: Budget, title: readonly string[], header: readonly string[], rows: readonly string[]): void {
  let pending = [...title, ...header];
  for (const row of rows) if (budget.add([...pending, row])) pending = [];
  if (pending.length === 0) budget.add([''], 0);
}

function shouldFindings(report: Report, budget: Budget): void {
  const groups = groupByCheck(report, isShouldFinding);
  if (groups.length === 0) return;
  const note = report.run.strict
    ? 'The run was strict: these count against the verdict.'
    : 'Conventions the document does not state; they do not affect the verdict (run with --strict to make them count).';
  const anchored = new Set<string>();
  const rows = groups.map((g) => {
    const first = g.results[0]!;
    const anchor = anchored.has(g.operation) ? '' : `<a id="${anchorId('should', null, g.operation)}"></a>`;
    anchored.add(g.operation);
    return `| ${anchor}${mdText(g.operation)} | ${mdCode(g.checkId, true)} | ${mdText(whereBroken(report, g))} | ${mdText(firstLine(first.message ?? first.title))} | ${first.pointer === undefined ? '' : mdCode(first.pointer, true)} |`;
  });
  table(
    budget,
    ['## SHOULD findings', '', note, ''],
    ['| Operation | Check | Where | Message (first network) | Pointer |', '|---|---|---|---|---|'],
    rows,
  );
}

/** Listed failures that passed: they fail the run until their line leaves the expectations file. */
function unexpectedPasses(report: Report, budget: Budget): void {
  const groups = groupByCheck(report, isUnexpectedPass);
  if (groups.length === 0) return;
  const rows = groups.map(
    (g) => `| ${mdCode(g.key, true)} | ${mdText(networksText(report, g.networks))} | ${mdText(g.results[0]!.expectation!.reason)} |`,
  );
  const note = 'Listed as expected failures, these checks passed: remove them from the expectations file. They fail the run.';
  table(budget, ['## Unexpected passes', '', note, ''], ['| Check | Networks | Reason it was expected to fail |', '|---|---|---|'], rows);
}

function expectedFailures(report: Report, budget: Budget): void {
  const groups = groupByCheck(report, isExpectedFailure);
  if (groups.length === 0) return;
  const rows = groups.map(
    (g) =>
      `| ${mdCode(g.key, true)} | ${mdText(g.level)} | ${mdText(networksText(report, g.networks))} | ${mdText(g.results[0]!.expectation!.reason)} |`,
  );
  table(
    budget,
    ['## Expected failures', '', 'Known failures the expectations file lists: they do not affect the verdict.', ''],
    ['| Check | Level | Networks | Reason |', '|---|---|---|---|'],
    rows,
  );
}

function skipped(report: Report, budget: Budget): void {
  const groups = groupSkips(report);
  if (groups.length === 0) return;
  const rows = groups.map(
    (s) =>
      `| ${mdText(s.operation)} | ${mdCode(s.checkId, true)} | ${mdText(s.reason)} | ${mdText(describeNetworks(report, s.networks))} |`,
  );
  table(budget, ['## Skipped checks', ''], ['| Operation | Check | Reason | Where |', '|---|---|---|---|'], rows);
}
