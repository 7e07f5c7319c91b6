/**
 * report.md: for a pull-request comment or a job summary. Every string from the model goes through `mdText`
 * (inline text, table-safe), `mdCode` (inline code) or `mdFence` (code block); anchors are built from
 * `anchorId` alone. Passed checks are only counted.
 */
import type { CheckResult, Exchange, Report } from '../../src/report/model.js';
import { anchorId, mdCode, mdFence, mdText } from './escape.js';
import {
  CELL_LABEL,
  CELL_SYMBOL,
  buildMatrix,
  capText,
  cellDescription,
  countsText,
  describeNetworks,
  formatDuration,
  globalRows,
  groupChecks,
  groupSkips,
  isMustFinding,
  isShouldFinding,
  targetLines,
  verdictText,
  type Cell,
} from './view.js';

/** Values longer than this, or with a line break, go in a code block instead of inline code. */
const INLINE_MAX = 120;

export function renderMarkdown(report: Report): string {
  const out: string[] = [];
  out.push(`# ${report.verdict === 'pass' ? '✔' : '✘'} Conformance report: ${mdText(verdictText(report))}`, '');
  if (report.run.incident !== undefined) out.push(`> **Incident:** ${mdText(report.run.incident)}`, '');
  out.push(...metadata(report), '');
  out.push(...matrix(report));
  out.push(...globalSection(report));
  out.push(...mustFindings(report));
  out.push(...shouldFindings(report));
  out.push(...skipped(report));
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

function metadata(report: Report): string[] {
  const r = report.run;
  const rows: [string, string][] = [
    ['Tool', `${mdText(report.tool.name)} ${mdText(report.tool.version)}`],
    ['Contract version', mdText(report.contractVersion)],
    ['Started', mdText(r.startedAt)],
    ['Duration', mdText(formatDuration(r.durationMs))],
    ['Seed', `${mdCode(String(r.seed), true)} (runs: ${mdText(String(r.runs))})`],
    ['Mode', `strict: ${r.strict ? 'yes' : 'no'}, read-only: ${r.readOnly ? 'yes' : 'no'}`],
    ['Requests', mdText(String(r.requests))],
    ['Targets', targetLines(report).map(([k, v]) => `${mdText(k)}: ${mdText(v)}`).join('<br>')],
    ['Networks', String(report.networks.length)],
    ['Checks', mdText(countsText(report.counts))],
  ];
  return ['| Run | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)];
}

function cellMd(cell: Cell, network: string | null, operation: string): string {
  const symbol = CELL_SYMBOL[cell.state];
  if (cell.state === 'must') return `[${symbol}](#${anchorId('fail', network, operation)})`;
  if (cell.state === 'should') return `[${symbol}](#${anchorId('should', network, operation)})`;
  return symbol;
}

function matrix(report: Report): string[] {
  const m = buildMatrix(report);
  const legend = (['pass', 'must', 'should', 'none'] as const).map((s) => `${CELL_SYMBOL[s]} ${CELL_LABEL[s]}`).join(' · ');
  const out = ['## Networks × operations', '', legend, ''];
  if (m.columns.length === 0 || m.rows.length === 0) {
    out.push('*No per-network operation ran.*', '');
  } else {
    out.push(`| Network | ${m.columns.map((c) => mdText(c.header)).join(' | ')} | Checks |`);
    out.push(`|---|${m.columns.map(() => ':-:|').join('')}---|`);
    for (const row of m.rows) {
      const cells = row.cells.map((cell, i) => cellMd(cell, row.network, m.columns[i]?.operation ?? ''));
      out.push(`| ${mdText(row.network)} | ${cells.join(' | ')} | ${mdText(countsText(row.counts))} |`);
    }
    out.push('');
    const renamed = m.columns.filter((c) => c.header !== c.operation);
    if (renamed.length > 0)
      out.push(`Columns: ${renamed.map((c) => `${mdText(c.header)} = ${mdCode(c.operation)}`).join(', ')}.`, '');
  }
  if (m.notRun.length > 0) out.push(`Not run: ${m.notRun.map((op) => mdCode(op)).join(', ')}.`, '');
  return out;
}

function globalSection(report: Report): string[] {
  const rows = globalRows(report);
  if (rows.length === 0) return [];
  const out = ['## Global (not per network)', '', '| Operation | Result | Checks |', '|---|:-:|---|'];
  for (const { operation, cell } of rows)
    out.push(`| ${mdCode(operation, true)} | ${cellMd(cell, null, operation)} | ${mdText(cellDescription(cell))} |`);
  out.push('');
  return out;
}

const where = (network: string | null, operation: string): string =>
  `${network === null ? 'global' : mdText(network)} · ${mdText(operation)}`;

function mustFindings(report: Report): string[] {
  const groups = groupChecks(report, isMustFinding);
  if (groups.length === 0) return [];
  const out = ['## Failures (MUST)', ''];
  for (const g of groups) {
    out.push(`<a id="${anchorId('fail', g.network, g.operation)}"></a>`, '', `### ${where(g.network, g.operation)}`, '');
    for (const c of g.checks) out.push(...finding(c));
  }
  return out;
}

function finding(c: CheckResult): string[] {
  const symbol = c.status === 'errored' ? '⚠ errored' : '✘ failed';
  const out = [`#### ${mdText(c.level)} ${mdCode(c.checkId)}: ${symbol}`, '', mdText(c.title), ''];
  const blocks: string[] = [];
  const items: string[] = [];
  const field = (label: string, value: string | undefined): void => {
    if (value === undefined) return;
    if (value.length <= INLINE_MAX && !/[\r\n]/.test(value)) items.push(`- **${label}:** ${mdCode(value)}`);
    else blocks.push(`**${label}:**`, '', mdFence(capText(value), 'text'), '');
  };
  if (c.message !== undefined) items.push(`- **Message:** ${mdText(c.message)}`);
  field('Pointer', c.pointer);
  field('Expected', c.expected);
  field('Actual', c.actual);
  const outcome = exchangeOutcome(c.exchange);
  if (outcome !== undefined) items.push(`- **Observed:** ${outcome}`);
  out.push(...items, '', ...blocks);
  if (c.reproduction !== undefined) out.push('**Reproduction:**', '', mdFence(capText(c.reproduction), 'sh'), '');
  return out;
}

function exchangeOutcome(x: Exchange | undefined): string | undefined {
  if (x === undefined) return undefined;
  const req = `${mdText(x.request.method)} ${mdCode(x.request.url)}`;
  if (x.transportError !== undefined) return `${req} → transport error: ${mdText(x.transportError)}`;
  if (x.response !== undefined) return `${req} → HTTP ${mdText(String(x.response.status))} in ${mdText(formatDuration(x.durationMs))}`;
  return req;
}

function shouldFindings(report: Report): string[] {
  const groups = groupChecks(report, isShouldFinding);
  if (groups.length === 0) return [];
  const note = report.run.strict
    ? 'The run was strict: these count against the verdict.'
    : 'Conventions the document does not state; they do not affect the verdict (run with --strict to make them count).';
  const out = ['## SHOULD findings', '', note, '', '| Network | Operation | Check | Status | Message | Pointer |', '|---|---|---|---|---|---|'];
  for (const g of groups)
    g.checks.forEach((c, i) => {
      const anchor = i === 0 ? `<a id="${anchorId('should', g.network, g.operation)}"></a>` : '';
      out.push(
        `| ${anchor}${g.network === null ? 'global' : mdText(g.network)} | ${mdText(g.operation)} | ${mdCode(c.checkId, true)} | ${mdText(c.status)} | ${mdText(c.message ?? c.title)} | ${c.pointer === undefined ? '' : mdCode(c.pointer, true)} |`,
      );
    });
  out.push('');
  return out;
}

function skipped(report: Report): string[] {
  const groups = groupSkips(report);
  if (groups.length === 0) return [];
  const out = ['## Skipped checks', '', '| Operation | Check | Reason | Where |', '|---|---|---|---|'];
  for (const s of groups)
    out.push(
      `| ${mdText(s.operation)} | ${mdCode(s.checkId, true)} | ${mdText(s.reason)} | ${mdText(describeNetworks(report, s.networks))} |`,
    );
  out.push('');
  return out;
}
