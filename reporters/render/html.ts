/**
 * report.html: one self-contained page. Inline CSS and one static script (allowed by its hash); the
 * Content-Security-Policy forbids every other script, inline handler and external load, so even an escaping
 * mistake could not run code. Every string from the model goes through `escapeHtml`; the only attribute values
 * built from the model are `title`s (escaped, double-quoted) and anchors from `anchorId` (a closed alphabet).
 * URLs the server under test chose are shown as text, never as links.
 */
import { exampleLine, incidentLine, listedIncidents } from '../../src/report/incidents.js';
import type { CheckResult, Exchange, Report, RestingExchange } from '../../src/report/model.js';
import { anchorId, checkAnchorId, escapeHtml as e } from './escape.js';
import { foldFindings, occurrencePlaces, type FoldedFinding } from './fold.js';
import { REPORT_SCRIPT, REPORT_SCRIPT_HASH } from './html-script.js';
import {
  ZERO,
  addCounts,
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
  isServiceWide,
  isShouldFinding,
  plural,
  targetLines,
  verdictText,
  type Cell,
  type Matrix,
} from './view.js';

const CSS = `
:root{--pass:#1a7f37;--must:#cf222e;--should:#9a6700;--none:#6e7781;--bg:#fff;--fg:#1f2328;--muted:#656d76;--line:#d0d7de;--code:#f6f8fa}
@media (prefers-color-scheme:dark){:root{--pass:#3fb950;--must:#f85149;--should:#d29922;--none:#8b949e;--bg:#0d1117;--fg:#e6edf3;--muted:#8d96a0;--line:#30363d;--code:#161b22}}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;padding:1rem 1.5rem;max-width:110rem;background:var(--bg);color:var(--fg)}
h1{font-size:1.6rem}h2{margin-top:2rem;border-bottom:1px solid var(--line)}h3{margin:1.2rem 0 .4rem}
.verdict-pass{color:var(--pass)}.verdict-fail{color:var(--must)}
.incident{border:2px solid var(--must);padding:.5rem 1rem;border-radius:6px}
table{border-collapse:collapse}th,td{border:1px solid var(--line);padding:.2rem .45rem;vertical-align:top}
table.meta th{text-align:left;font-weight:600}
.matrix-wrap{overflow:auto;max-height:85vh}
table.matrix th{position:sticky;top:0;background:var(--bg)}
table.matrix th.op{writing-mode:vertical-rl;transform:rotate(180deg);white-space:nowrap;font-weight:500;height:auto}
table.matrix th[scope=row]{position:sticky;left:0;background:var(--bg);text-align:left;white-space:nowrap}
table.matrix td{text-align:center;min-width:1.6rem}
td.sum{text-align:left!important;white-space:nowrap;color:var(--muted)}
.pass{color:var(--pass)}.must{color:var(--must);font-weight:700}.should{color:var(--should);font-weight:700}.none{color:var(--none)}
td.must{background:color-mix(in srgb,var(--must) 14%,transparent)}td.should{background:color-mix(in srgb,var(--should) 14%,transparent)}
td a{text-decoration:none;display:block;color:inherit}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
details.finding{border:1px solid var(--line);border-left:4px solid var(--must);border-radius:4px;margin:.35rem 0;padding:.3rem .6rem}
details.finding.lvl-SHOULD{border-left-color:var(--should)}
summary{cursor:pointer}
.badge{display:inline-block;font-size:.75rem;font-weight:700;padding:0 .35rem;border-radius:3px;border:1px solid currentColor}
.badge.MUST{color:var(--must)}.badge.SHOULD{color:var(--should)}
code,pre{font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code)}
pre{padding:.5rem;overflow:auto;max-height:30rem;white-space:pre-wrap;word-break:break-all;border-radius:4px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem .8rem;margin:.5rem 0}dt{font-weight:600}dd{margin:0;white-space:pre-wrap;word-break:break-word}
details.occurrence{margin:.3rem 0 .3rem 1rem}details.occurrence:target{outline:2px solid var(--should);outline-offset:2px}
.places{color:var(--muted)}dd.repro{display:flex;gap:.5rem;align-items:flex-start}dd.repro pre{flex:1;margin:0}
button.copy{font:inherit;font-size:.8rem;cursor:pointer}
.muted{color:var(--muted)}
`;

/** Nothing external, no script but the page's own (by hash), no plug-ins, forms or base changes. */
const CSP = `default-src 'none'; style-src 'unsafe-inline'; script-src ${REPORT_SCRIPT_HASH}; base-uri 'none'; form-action 'none'`;

export function renderHtml(report: Report): string {
  const verdict = report.verdict === 'pass' ? 'pass' : 'fail';
  const parts: string[] = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${e(`Conformance report: ${verdictText(report)}`)}</title>`,
    `<style>${CSS}</style>`,
    '</head>',
    '<body>',
    `<h1>Conformance report: <span class="verdict-${verdict}">${verdict === 'pass' ? '✔' : '✘'} ${e(verdictText(report))}</span></h1>`,
  ];
  if (report.run.incident !== undefined)
    parts.push(`<p class="incident" role="alert"><strong>Incident:</strong> ${e(report.run.incident)}</p>`);
  for (const incident of listedIncidents(report)) {
    const example = exampleLine(incident);
    parts.push(
      `<p class="incident" role="alert"><strong>Incident:</strong> ${e(incidentLine(incident))}${example ? `<br>example: <code>${e(example)}</code>` : ''}</p>`,
    );
  }
  parts.push(
    metadata(report),
    matrix(report),
    serviceWide(report),
    globalSection(report),
    findings(report, 'fail'),
    findings(report, 'should'),
    skipped(report),
  );
  parts.push(`<script>${REPORT_SCRIPT}</script>`, '</body>', '</html>', '');
  return parts.join('\n');
}

function metadata(report: Report): string {
  const r = report.run;
  const written = writesText(r.writes);
  const rows: [string, string][] = [
    ['Tool', `${e(report.tool.name)} ${e(report.tool.version)}`],
    ['Contract version', e(report.contractVersion)],
    ['Started', e(r.startedAt)],
    ['Duration', e(formatDuration(r.durationMs))],
    ['Seed', `<code>${e(String(r.seed))}</code> (runs: ${e(String(r.runs))}${r.profile === 'quick' ? ', quick profile' : ''})`],
    [
      'Mode',
      `strict: ${r.strict ? 'yes' : 'no'}, read-only: ${r.readOnly ? 'yes' : 'no'}${r.insecure ? `, <strong>${INSECURE_MODE}</strong>` : ''}`,
    ],
    ['Requests', e([String(r.requests), throttlingText(r)].filter(Boolean).join('; '))],
    ...(written ? ([['Writes', e(written)]] as [string, string][]) : []),
    [
      'Targets',
      targetLines(report)
        .map(([k, v]) => `${e(k)}: <code>${e(v)}</code>`)
        .join('<br>'),
    ],
    ['Networks', e(String(report.networks.length))],
    ['Checks', e(countsText(report.counts))],
  ];
  return `<table class="meta"><caption class="vh">Run</caption>${rows.map(([k, v]) => `<tr><th scope="row">${k}</th><td>${v}</td></tr>`).join('')}</table>`;
}

function cellHtml(cell: Cell, network: string | null, operation: string, where: string): string {
  const description = `${where}: ${cellDescription(cell)}`;
  const inner = `<span aria-hidden="true">${CELL_SYMBOL[cell.state]}</span><span class="vh">${e(description)}</span>`;
  const target =
    cell.state === 'must'
      ? anchorId('fail', network, operation)
      : cell.state === 'should'
        ? anchorId('should', network, operation)
        : undefined;
  const body = target === undefined ? inner : `<a href="#${target}">${inner}</a>`;
  return `<td class="${cell.state}" title="${e(description)}">${body}</td>`;
}

function legend(): string {
  return `<p>${(['pass', 'must', 'should', 'none'] as const)
    .map((s) => `<span class="${s}" aria-hidden="true">${CELL_SYMBOL[s]}</span> ${e(CELL_LABEL[s])}`)
    .join(' · ')}</p>`;
}

function matrixTable(m: Matrix, label: string): string {
  const out: string[] = ['<div class="matrix-wrap"><table class="matrix">', `<caption class="vh">${e(label)}</caption>`];
  out.push(
    `<thead><tr><th scope="col">Network</th>${m.columns
      .map((c) => `<th scope="col" class="op" title="${e(c.operation)}">${e(c.header)}</th>`)
      .join('')}<th scope="col">Checks</th></tr></thead><tbody>`,
  );
  for (const row of m.rows) {
    const chain = row.chainId === null ? 'no result' : `chain ${row.chainId}`;
    const cells = row.cells
      .map((cell, i) => {
        const op = m.columns[i]?.operation ?? '';
        return cellHtml(cell, row.network, op, `${row.network} ${op}`);
      })
      .join('');
    const counts = row.cells.reduce((acc, c) => addCounts(acc, c.counts), ZERO);
    out.push(`<tr><th scope="row" title="${e(chain)}">${e(row.network)}</th>${cells}<td class="sum">${e(countsText(counts))}</td></tr>`);
  }
  out.push('</tbody></table></div>');
  return out.join('\n');
}

function matrix(report: Report): string {
  const m = buildMatrix(report, (op) => !isServiceWide(op));
  const out: string[] = ['<h2 id="matrix">Networks × operations</h2>', legend()];
  if (m.columns.length === 0 || m.rows.length === 0) out.push('<p class="muted">No per-network operation ran.</p>');
  else out.push(matrixTable(m, 'Networks × operations'));
  if (m.notRun.length > 0) out.push(`<p>Not run: ${m.notRun.map((op) => `<code>${e(op)}</code>`).join(', ')}.</p>`);
  return out.join('\n');
}

/** The per-network checks of a whole service (Marketplace, Relayer, Indexer): its own block, explained. */
function serviceWide(report: Report): string {
  const m = buildMatrix(report, isServiceWide);
  if (m.columns.length === 0 || m.rows.length === 0) return '';
  return [
    '<h2 id="service-wide">Service-wide checks per network</h2>',
    '<p class="muted">Checks of a whole service rather than of one operation: an unknown method name under the service&#39;s base on that network, and the error checks of its answer. Services addressed per network are checked once per network; the others appear under Global.</p>',
    matrixTable(m, 'Service-wide checks per network'),
  ].join('\n');
}

function globalSection(report: Report): string {
  const rows = globalRows(report);
  if (rows.length === 0) return '';
  const body = rows
    .map(({ operation, cell }) => {
      const what = isServiceWide(operation) ? `service-wide checks of <code>${e(operation)}</code>` : `<code>${e(operation)}</code>`;
      return `<tr><th scope="row">${what}</th>${cellHtml(cell, null, operation, operation)}<td class="sum">${e(countsText(cell.counts))}</td></tr>`;
    })
    .join('\n');
  return `<h2 id="global">Global (not per network)</h2>
<p class="muted">Builder operations, and the service-wide checks of services not addressed per network (API, Builder, Metadata).</p>
<table class="matrix"><thead><tr><th scope="col">Operation</th><th scope="col">Result</th><th scope="col">Checks</th></tr></thead><tbody>
${body}
</tbody></table>`;
}

function findings(report: Report, kind: 'fail' | 'should'): string {
  const folded = foldFindings(report, kind === 'fail' ? isMustFinding : isShouldFinding);
  if (folded.length === 0) return '';
  const total = folded.reduce((n, f) => n + f.occurrences.length, 0);
  const counted = `${plural(folded.length, 'check')}, ${plural(total, 'finding')}`;
  const heading =
    kind === 'fail'
      ? `<h2 id="failures">Failures (MUST): ${e(counted)}</h2>`
      : `<h2 id="should">SHOULD findings: ${e(counted)}</h2><p class="muted">${
          report.run.strict
            ? 'The run was strict: these count against the verdict.'
            : 'Conventions the document does not state; they do not affect the verdict (run with --strict to make them count).'
        }</p>`;
  // The first finding of each matrix cell carries the cell's anchor, so the cell's link lands on it.
  const anchored = new Set<string>();
  return [heading, ...folded.map((f) => foldedFinding(f, kind, anchored))].join('\n');
}

function foldedFinding(f: FoldedFinding, kind: 'fail' | 'should', anchored: Set<string>): string {
  // The class comes from a closed set, not from the model: a report read from disk may not have been validated.
  const level = f.level === 'MUST' ? 'MUST' : 'SHOULD';
  const places = occurrencePlaces(f);
  const where = places.length === 1 ? `on ${places[0] ?? ''}` : `on ${places.length} networks: ${places.join(', ')}`;
  return `<details class="finding lvl-${level}" id="${checkAnchorId(kind, f.key)}"><summary><span class="badge ${level}">${e(f.level)}</span> <code>${e(f.checkId)}</code> · <code>${e(f.operation)}</code>: ${e(f.title)} <span class="places">${e(where)}</span></summary>
${f.occurrences.map((c) => occurrence(c, kind, anchored)).join('\n')}</details>`;
}

function occurrence(c: CheckResult, kind: 'fail' | 'should', anchored: Set<string>): string {
  const cell = anchorId(kind, c.network, c.operation);
  const id = anchored.has(cell) ? '' : ` id="${cell}"`;
  anchored.add(cell);
  const dl: string[] = [];
  const item = (label: string, value: string | undefined, pre = false): void => {
    if (value === undefined) return;
    dl.push(`<dt>${label}</dt><dd>${pre ? `<pre>${e(capText(value))}</pre>` : e(capText(value))}</dd>`);
  };
  item('Key', c.key);
  item('Message', c.message);
  item('Pointer', c.pointer);
  item('Expected', c.expected, true);
  item('Actual', c.actual, true);
  if (c.reproduction !== undefined)
    dl.push(
      `<dt>Reproduction</dt><dd class="repro"><pre>${e(capText(c.reproduction))}</pre><button type="button" class="copy">Copy</button></dd>`,
    );
  item('Duration', `${formatDuration(c.durationMs)}, ${c.requests} request${c.requests === 1 ? '' : 's'}`);
  const place = c.network ?? 'global';
  return `<details class="occurrence"${id} data-cell="${cell}"><summary><strong>${e(place)}</strong> ${e(c.status)}${
    c.message === undefined ? '' : `: ${e(firstLine(c.message))}`
  }</summary>
<dl>${dl.join('')}</dl>${c.exchange === undefined ? '' : exchange(c.exchange)}${(c.restsOn ?? []).map(restingExchange).join('\n')}</details>`;
}

function headerLines(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

/** An answer the finding rests on, shown as its own exchange is: a reader checks the verdict against it. */
function restingExchange(other: RestingExchange): string {
  return `<h4 class="rests-on">Rests on <code>${e(other.operation)}</code></h4>\n${exchange(other.exchange)}`;
}

function exchange(x: Exchange): string {
  const req = x.request;
  const reqText = [`${req.method} ${req.url}`, headerLines(req.headers), ...(req.body === undefined ? [] : ['', req.body])]
    .filter((line, i) => i !== 1 || line !== '')
    .join('\n');
  const out = [`<h4>Request</h4><pre>${e(capText(reqText))}</pre>`];
  if (x.response !== undefined) {
    const res = x.response;
    const resText = [`HTTP ${String(res.status)}`, headerLines(res.headers), '', res.body]
      .filter((line, i) => i !== 1 || line !== '')
      .join('\n');
    out.push(
      `<h4>Response <span class="muted">(${e(formatDuration(x.durationMs))}${res.truncated ? ', body truncated' : ''})</span></h4><pre>${e(capText(resText))}</pre>`,
    );
  }
  if (x.transportError !== undefined) out.push(`<h4>Transport error</h4><pre>${e(capText(x.transportError))}</pre>`);
  return out.join('\n');
}

function skipped(report: Report): string {
  const groups = groupSkips(report);
  if (groups.length === 0) return '';
  const total = groups.reduce((n, s) => n + s.networks.length, 0);
  const rows = groups
    .map(
      (s) =>
        `<tr><td><code>${e(s.operation)}</code></td><td><code>${e(s.checkId)}</code></td><td>${e(s.reason)}</td><td>${e(describeNetworks(report, s.networks))}</td></tr>`,
    )
    .join('\n');
  return `<h2 id="skipped">Skipped checks</h2>
<details><summary>${groups.length} distinct skip${groups.length === 1 ? '' : 's'} (${total} check group${total === 1 ? '' : 's'})</summary>
<table><thead><tr><th scope="col">Operation</th><th scope="col">Check</th><th scope="col">Reason</th><th scope="col">Where</th></tr></thead><tbody>
${rows}
</tbody></table></details>`;
}
