/**
 * `conformance history DIR… --out FILE.html`: one self-contained page from a series of report.json files (a
 * nightly's): the verdict of each night, and per network and night ✔ or ✘ with the failing checks, plus the
 * night since which each network has been red — "since when has base been red?" at a glance. Nights are
 * ordered by their start time. Every string from a report is escaped.
 */
import { writeFileSync } from 'node:fs';
import type { Report } from '../report/model.js';
import { UsageError } from '../config/usage-error.js';
import { escapeHtml as e } from '../../reporters/render/escape.js';
import { checksOf, countsAgainst, findReportFiles, readReportFile } from '../report/report-checks.js';
import { redactOutput } from '../report/output-boundary.js';

interface Night {
  readonly file: string;
  readonly report: Report;
  /** Failing check keys (counting against the verdict) per network slug; `global` for the global section. */
  readonly failing: ReadonlyMap<string, readonly string[]>;
}

function nightOf(file: string, report: Report): Night {
  const failing = new Map<string, string[]>();
  for (const c of checksOf(report)) {
    if (!countsAgainst(c, report)) continue;
    const where = c.network ?? 'global';
    failing.set(where, [...(failing.get(where) ?? []), c.key]);
  }
  return { file, report, failing };
}

type CellState = 'pass' | 'fail' | 'absent';

function cellState(night: Night, network: string): CellState {
  if (network === 'global') return night.failing.has('global') ? 'fail' : night.report.global.operations.length > 0 ? 'pass' : 'absent';
  if (!night.report.networks.some((n) => n.slug === network)) return 'absent';
  return night.failing.has(network) ? 'fail' : 'pass';
}

/** The start of the latest run of red nights ending with the last night, or undefined when the last night is not red. */
function redSince(nights: readonly Night[], network: string): Night | undefined {
  let since: Night | undefined;
  for (let i = nights.length - 1; i >= 0; i--) {
    const state = cellState(nights[i]!, network);
    if (state === 'fail') since = nights[i];
    else if (state === 'pass') break;
  }
  return since;
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#111}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.25em .5em;text-align:center;vertical-align:top}
th.net,td.net{text-align:left}td.pass{background:#e6f4ea}td.fail{background:#fce8e6}td.absent{color:#999}details{text-align:left;max-width:28em}summary{cursor:pointer}
code{font-size:12px}.since{white-space:nowrap}`;

export function renderHistory(entries: readonly { file: string; report: Report }[]): string {
  const nights = entries.map((x) => nightOf(x.file, x.report)).sort((a, b) => a.report.run.startedAt.localeCompare(b.report.run.startedAt));
  const networks = [...new Set(nights.flatMap((n) => n.report.networks.map((x) => x.slug)))];
  if (nights.some((n) => n.report.global.operations.length > 0)) networks.push('global');
  const day = (n: Night) => n.report.run.startedAt.slice(0, 16).replace('T', ' ');
  const head = nights
    .map((n) => `<th title="${e(n.file)}">${e(day(n))}<br><small>seed ${e(String(n.report.run.seed))}</small></th>`)
    .join('');
  const verdicts = nights
    .map(
      (n) =>
        `<td class="${n.report.verdict === 'pass' ? 'pass' : 'fail'}">${n.report.verdict === 'pass' ? '✔ pass' : '✘ fail'}${n.report.run.incident ? '<br><small>incident</small>' : ''}</td>`,
    )
    .join('');
  const rows = networks.map((network) => {
    const since = redSince(nights, network);
    const cells = nights
      .map((n) => {
        const state = cellState(n, network);
        if (state === 'absent') return '<td class="absent">–</td>';
        if (state === 'pass') return '<td class="pass">✔</td>';
        const keys = n.failing.get(network) ?? [];
        return `<td class="fail"><details><summary>✘ ${keys.length}</summary>${keys.map((k) => `<code>${e(k)}</code>`).join('<br>')}</details></td>`;
      })
      .join('');
    return `<tr><td class="net">${e(network)}</td><td class="since">${since ? `red since ${e(day(since))}` : ''}</td>${cells}</tr>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Conformance history</title><style>${STYLE}</style></head><body>
<h1>Conformance history</h1>
<p>${nights.length} run(s), ${e(nights[0]?.report.run.startedAt ?? '')} to ${e(nights.at(-1)?.report.run.startedAt ?? '')}. ✔ no failure counting against the verdict · ✘ failures (open to list them) · – not run.</p>
<table><thead><tr><th class="net">Network</th><th>Red</th>${head}</tr></thead>
<tbody><tr><th class="net">Verdict</th><td></td>${verdicts}</tr>
${rows.join('\n')}
</tbody></table></body></html>
`;
}

export function historyCommand(paths: readonly string[], out: string | undefined, io: { log: (line: string) => void }): number {
  if (!out) throw new UsageError('history: --out FILE.html is required');
  const entries = findReportFiles(paths, 'history').map((file) => ({ file, report: readReportFile(file) }));
  // A file written is an output like any other: it passes the output redactor.
  writeFileSync(out, redactOutput(renderHistory(entries)));
  io.log(`wrote the history of ${entries.length} run(s) to ${out}`);
  return 0;
}
