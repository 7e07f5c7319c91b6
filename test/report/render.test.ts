import { describe, expect, it } from 'vitest';
import { renderHtml, renderJunit, renderMarkdown } from '../../reporters/render/index.js';
import { REPORT_SCRIPT, REPORT_SCRIPT_HASH } from '../../reporters/render/html-script.js';
import {
  check,
  fixture,
  largeReport,
  network,
  operation,
  parseXml,
  report,
  textOf,
  walk,
  type XmlElement,
} from '../support/report-fixtures.js';

const FORBIDDEN_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202E\uFFFE\uFFFF]/;

// --- Markdown helpers ------------------------------------------------------------------------------------------

/** Splits a GFM table row on unescaped pipes (a backslash escapes the next character). */
function cells(row: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < row.length; i++) {
    const ch = row[i] ?? '';
    if (ch === '\\') {
      cur += ch + (row[i + 1] ?? '');
      i++;
    } else if (ch === '|') {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out.slice(1, -1);
}

/** The table whose header row starts with `first`: header cells and rows keyed by their first cell. */
function table(md: string, first: string): { header: string[]; rows: Map<string, string[]> } {
  const lines = md.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`| ${first} |`));
  expect(start, first).toBeGreaterThanOrEqual(0);
  return tableAt(lines, start);
}

function tableAt(lines: readonly string[], start: number): { header: string[]; rows: Map<string, string[]> } {
  const header = cells(lines[start] ?? '');
  const rows = new Map<string, string[]>();
  for (let i = start + 2; i < lines.length && (lines[i] ?? '').startsWith('|'); i++) {
    const row = cells(lines[i] ?? '');
    expect(row, `row ${lines[i]} has as many cells as the header`).toHaveLength(header.length);
    rows.set((row[0] ?? '').replace(/^<a id="[^"]*"><\/a>/, ''), row);
  }
  return { header, rows };
}

/** The Markdown outside fenced blocks and code spans: where raw HTML would be live. */
function outsideCode(md: string): string {
  const kept: string[] = [];
  let fence: string | null = null;
  for (const line of md.split('\n')) {
    const f = /^(`{3,})/.exec(line)?.[1];
    if (fence === null && f !== undefined) fence = f;
    else if (fence !== null && line === fence) fence = null;
    else if (fence === null) kept.push(line);
  }
  // Code spans: a run of n backticks up to the next run of exactly n (CommonMark §6.1).
  let out = '';
  const text = kept.join('\n');
  for (let i = 0; i < text.length;) {
    if (text[i] === '\\') {
      out += text.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (text[i] !== '`') {
      out += text[i];
      i++;
      continue;
    }
    let n = 0;
    while (text[i + n] === '`') n++;
    let j = i + n;
    let close = -1;
    while (j < text.length) {
      if (text[j] === '`') {
        let m = 0;
        while (text[j + m] === '`') m++;
        if (m === n) {
          close = j;
          break;
        }
        j += m;
      } else j++;
    }
    if (close < 0) {
      out += text.slice(i, i + n);
      i += n;
    } else {
      out += '<code/>';
      i = close + n;
    }
  }
  return out;
}

describe('renderMarkdown', () => {
  const md = renderMarkdown(fixture());

  it('states the verdict and the run metadata', () => {
    expect(md.split('\n')[0]).toBe('# ✘ Conformance report: FAIL (3 MUST findings, 1 SHOULD finding)');
    for (const s of [
      'rpc-conformance 0.1.0',
      'interface.md@2025-01',
      '`1234567` (runs: 50)',
      '1 min 23 s',
      '4321',
      '2025-01-02T03:04:05.000Z',
      'https://relayer.example/',
    ])
      expect(md).toContain(s);
  });

  it('renders the matrix: rows are networks, columns the operations that ran, linked to the findings', () => {
    const { header, rows } = table(md, 'Network');
    expect(header).toEqual(['Network', 'GetFloorOrder', 'GetSwapPrice', 'GetNativeTokenBalance', 'Checks']);
    expect(rows.get('arbitrum')?.slice(1, 4)).toEqual([
      '[✘](#fail-_global~Marketplace.GetFloorOrder)',
      '[⚠](#should-_global~API.GetSwapPrice)',
      '✔',
    ]);
    expect(rows.get('base')?.slice(1, 4)).toEqual(['[✘](#fail-_global~Marketplace.GetFloorOrder)', '✔', '–']);
    expect(rows.get('polygon')?.slice(1, 4)).toEqual(['✔', '✔', '–']);
    expect(rows.get('amoy')?.slice(1, 4)).toEqual(['–', '–', '–']);
    for (const target of md.matchAll(/\]\(#([^)]+)\)/g)) expect(md).toContain(`<a id="${target[1]}"></a>`);
  });

  it('has a global section with the Builder failure', () => {
    const { rows } = table(md, 'Operation');
    expect(rows.get('`Builder.CreateAudience`')?.[1]).toBe('[✘](#fail-_global~Builder.CreateAudience)');
    expect(rows.get('`Marketplace`')?.[1]).toBe('✔');
    expect(md).toContain('### Builder.CreateAudience');
    expect(md).toContain('#### MUST `auth.missing-key-is-unauthorized`: ✘ failed on global');
  });

  it('lists MUST failures with level, check id, pointer, expected/actual and the reproduction in a code block', () => {
    const failures = md.slice(md.indexOf('## Failures (MUST)'), md.indexOf('## SHOULD findings'));
    // One entry for the check, whichever networks it broke on, with the evidence of each kind of breakage.
    expect(failures).toContain('### Marketplace.GetFloorOrder');
    expect(failures.match(/#### MUST `valid-never-5xx`/g)).toHaveLength(1);
    expect(failures).toContain('#### MUST `valid-never-5xx`: ✘ failed on arbitrum; ⚠ errored on base');
    expect(failures).toContain('Evidence from arbitrum:');
    expect(failures).toContain('Evidence from base:');
    expect(failures).toContain('- **Expected:** `a status below 500`');
    expect(failures).toContain('**Actual:**');
    expect(failures).toContain(
      "```sh\ncurl -sS -X POST 'https://marketplace.example/rpc/Marketplace/GetFloorOrder' -d '<script>alert(1)</script>",
    );
    expect(failures).toContain('transport error: timeout after 10000 ms');
    expect(failures).not.toContain('response-conventions');
  });

  it('lists SHOULD findings and skipped checks briefly, with reasons', () => {
    const should = table(md, 'Operation | Check | Where');
    expect([...should.rows.keys()]).toEqual(['API.GetSwapPrice']);
    expect(should.rows.get('API.GetSwapPrice')?.slice(1, 3)).toEqual(['`response-conventions`', '✘ failed on arbitrum']);
    expect(should.rows.get('API.GetSwapPrice')?.[3]).toContain(
      'price is not a decimal integer: &lt;script&gt;alert(1)&lt;/script&gt; \\]\\]&gt; a\\|b',
    );
    const { rows } = table(md, 'Operation | Check | Reason');
    expect([...rows.keys()]).toEqual(['API.GetSwapPrice', 'Marketplace.GetFloorOrder']);
    expect(rows.get('Marketplace.GetFloorOrder')?.[2]).toBe('read-only run');
    expect(rows.get('Marketplace.GetFloorOrder')?.[3]).toBe('amoy');
    expect(rows.get('API.GetSwapPrice')?.[2]).toMatch(/^read-only run &lt;script&gt;/);
    expect(md).toContain('## SHOULD findings');
    expect(md).toContain('`response-conventions`');
  });

  it('escapes server text: no live HTML outside code, every table row keeps its shape, no control characters', () => {
    const live = outsideCode(md);
    const tags = [...live.matchAll(/<\/?([A-Za-z][A-Za-z0-9]*)/g)].map((m) => m[1]);
    expect(new Set(tags)).toEqual(new Set(['br', 'a', 'code']));
    expect(live).not.toMatch(/(?<!\\)\]\(javascript:/);
    expect(md).not.toMatch(FORBIDDEN_CONTROLS);
    // Every table in the document: each row has the header's number of cells.
    const lines = md.split('\n');
    let tables = 0;
    lines.forEach((line, i) => {
      if (line.startsWith('|') && (lines[i + 1] ?? '').startsWith('|--')) {
        tableAt(lines, i);
        tables++;
      }
    });
    expect(tables).toBe(5);
  });
});

// --- HTML -----------------------------------------------------------------------------------------------------

const ALLOWED_ELEMENTS = new Set(
  'html head meta title style body h1 h2 h3 h4 p span strong table caption thead tbody tr th td a code pre details summary dl dt dd section div br script button'.split(
    ' ',
  ),
);
const ALLOWED_ATTRIBUTES = new Set([
  'lang',
  'charset',
  'http-equiv',
  'content',
  'name',
  'class',
  'id',
  'href',
  'title',
  'scope',
  'role',
  'aria-hidden',
  'type',
  'data-cell',
]);

function byId(root: XmlElement, id: string): XmlElement | undefined {
  for (const el of walk(root)) if (el.attrs['id'] === id) return el;
  return undefined;
}

describe('renderHtml', () => {
  const html = renderHtml(fixture());
  const root = parseXml(html, { html: true });

  it('is one well-formed, self-contained page without scripts or external resources', () => {
    const elements = [...walk(root)];
    for (const el of elements) {
      expect(ALLOWED_ELEMENTS, `element <${el.name}>`).toContain(el.name);
      for (const attr of Object.keys(el.attrs)) expect(ALLOWED_ATTRIBUTES, `attribute ${attr}`).toContain(attr);
      const href = el.attrs['href'];
      if (href !== undefined) {
        expect(href.startsWith('#')).toBe(true);
        expect(byId(root, href.slice(1)), `target of ${href}`).toBeDefined();
      }
    }
    expect(html).not.toMatch(/<img|<link|<iframe|url\(|@import/i);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(textOf(elements.find((el) => el.name === 'script')!)).toBe(REPORT_SCRIPT);
    expect(html).toContain(
      `content="default-src 'none'; style-src 'unsafe-inline'; script-src ${REPORT_SCRIPT_HASH}; base-uri 'none'; form-action 'none'"`,
    );
    expect(html).not.toMatch(FORBIDDEN_CONTROLS);
  });

  it('escapes every server string (and decodes back to the sanitised original)', () => {
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; ]]&gt; a|b &quot;dq&quot; &#39;sq&#39; &amp; &amp;amp;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const text = textOf(root);
    expect(text).toContain('x-evil: <script>alert(1)</script>');
    expect(text).toContain('x-<script>alert(1)</script>');
    expect(text).toContain('third\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD end');
  });

  it('colours the matrix with text for assistive technology and links cells to the findings', () => {
    const cell = (network: string, col: number): XmlElement | undefined => {
      for (const tr of walk(root))
        if (tr.name === 'tr' && tr.children[0]?.name === 'th' && textOf(tr.children[0]) === network) return tr.children[col + 1];
      return undefined;
    };
    const floor = cell('arbitrum', 0);
    expect(floor?.attrs['class']).toBe('must');
    expect(floor?.attrs['title']).toMatch(/^arbitrum Marketplace\.GetFloorOrder: a MUST check failed or errored: 1 MUST finding; 1 passed/);
    const link = floor?.children[0];
    expect(link?.attrs['href']).toBe('#fail-arbitrum~Marketplace.GetFloorOrder');
    expect(textOf(link!)).toContain('a MUST check failed or errored');
    expect(cell('arbitrum', 1)?.attrs['class']).toBe('should');
    expect(cell('arbitrum', 1)?.children[0]?.attrs['href']).toBe('#should-arbitrum~API.GetSwapPrice');
    expect(cell('polygon', 0)?.attrs['class']).toBe('pass');
    expect(cell('amoy', 0)?.attrs['class']).toBe('none');
    expect(byId(root, 'fail-_global~Builder.CreateAudience')).toBeDefined();
  });

  it('makes each finding expandable with request, response or transport error and reproduction', () => {
    const findings = [...walk(root)].filter((el) => el.name === 'details' && el.attrs['class']?.startsWith('finding'));
    expect(findings).toHaveLength(3); // 1 MUST on two networks, 1 global MUST, 1 SHOULD
    const folded = findings.find((el) => textOf(el.children[0]!).includes('valid-never-5xx'))!;
    expect(textOf(folded.children[0]!)).toContain('on 2 networks: arbitrum, base');
    expect(folded.children.filter((el) => el.name === 'details').map((el) => el.attrs['data-cell'])).toEqual([
      'fail-arbitrum~Marketplace.GetFloorOrder',
      'fail-base~Marketplace.GetFloorOrder',
    ]);
    const failed = textOf(byId(root, 'fail-arbitrum~Marketplace.GetFloorOrder')!);
    expect(failed).toContain('POST https://marketplace.example/rpc/Marketplace/GetFloorOrder?q=<script>');
    expect(failed).toContain('content-type: application/json');
    expect(failed).toContain('{"chainId":"42161"');
    expect(failed).toContain('HTTP 500');
    expect(failed).toContain('body truncated');
    expect(failed).toContain("curl -sS -X POST 'https://marketplace.example/rpc/Marketplace/GetFloorOrder'");
    const errored = textOf(byId(root, 'fail-base~Marketplace.GetFloorOrder')!);
    expect(errored).toContain('Transport error');
    expect(errored).toContain('timeout after 10000 ms');
  });

  it('counts passed checks instead of listing them', () => {
    expect(html).not.toContain('only-passed-check-here');
  });
});

// --- JUnit ----------------------------------------------------------------------------------------------------

function junitCounts(suite: XmlElement): Record<string, number> {
  const cases = suite.children.filter((c) => c.name === 'testcase');
  const has = (name: string): number => cases.filter((c) => c.children.some((x) => x.name === name)).length;
  return { tests: cases.length, failures: has('failure'), errors: has('error'), skipped: has('skipped') };
}

function attrsCounts(el: XmlElement): Record<string, number> {
  return Object.fromEntries(['tests', 'failures', 'errors', 'skipped'].map((k) => [k, Number(el.attrs[k])]));
}

function testcase(root: XmlElement, classname: string, name: string): XmlElement {
  const found = [...walk(root)].find((el) => el.name === 'testcase' && el.attrs['classname'] === classname && el.attrs['name'] === name);
  expect(found, `${classname} ${name}`).toBeDefined();
  return found!;
}

describe('renderJunit', () => {
  const xml = renderJunit(fixture());
  const root = parseXml(xml);

  it('is well-formed XML with one suite per network plus global, and counts that match', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites')).toBe(true);
    const suites = root.children.filter((c) => c.name === 'testsuite');
    expect(suites.map((s) => s.attrs['name'])).toEqual(['arbitrum', 'base', 'polygon', 'amoy', 'global']);
    for (const s of suites) expect(attrsCounts(s), s.attrs['name']).toEqual(junitCounts(s));
    expect(attrsCounts(root)).toEqual({ tests: 14, failures: 2, errors: 1, skipped: 2 });
    expect(attrsCounts(suites[0]!)).toEqual({ tests: 5, failures: 1, errors: 0, skipped: 0 });
  });

  it('maps outcomes: failure type=level, error, skipped with reason; SHOULD to system-out without --strict', () => {
    const must = testcase(root, 'arbitrum.Marketplace.GetFloorOrder', 'valid-never-5xx');
    expect(must.children[0]?.name).toBe('failure');
    expect(must.children[0]?.attrs['type']).toBe('MUST');
    expect(must.children[0]?.attrs['message']).toContain('<script>alert(1)</script> ]]> a|b "dq"');
    expect(textOf(must)).toContain('reproduce: curl -sS -X POST');
    const should = testcase(root, 'arbitrum.API.GetSwapPrice', 'response-conventions');
    expect(should.children.map((c) => c.name)).toEqual(['properties', 'system-out']);
    expect(should.children[0]?.children[0]?.attrs['name']).toBe('should-finding');
    expect(should.children[0]?.children[0]?.attrs['value']).toMatch(/^failed: price is not a decimal integer/);
    expect(textOf(should)).toContain('SHOULD finding (does not affect the verdict without --strict)');
    const errored = testcase(root, 'base.Marketplace.GetFloorOrder', 'valid-never-5xx');
    expect(errored.children[0]?.name).toBe('error');
    expect(textOf(errored)).toContain('transport error: timeout after 10000 ms');
    const skipped = testcase(root, 'base.API.GetSwapPrice', 'stateful-order');
    expect(skipped.children[0]?.name).toBe('skipped');
    expect(skipped.children[0]?.attrs['message']).toMatch(/^read-only run <script>/);
    const builder = testcase(root, 'global.Builder.CreateAudience', 'auth.missing-key-is-unauthorized');
    expect(builder.children[0]?.attrs['type']).toBe('MUST');
    const passed = testcase(root, 'polygon.Marketplace.GetFloorOrder', 'response-schema');
    expect(passed.children).toHaveLength(0);
  });

  it('reports SHOULD findings as failures under --strict, and an incident as an error', () => {
    const strict = parseXml(renderJunit(fixture({ strict: true, incident: 'runner crashed <oops>' })));
    const should = testcase(strict, 'arbitrum.API.GetSwapPrice', 'response-conventions');
    expect(should.children[0]?.name).toBe('failure');
    expect(should.children[0]?.attrs['type']).toBe('SHOULD');
    expect(testcase(strict, 'run', 'incident').children[0]?.attrs['message']).toBe('runner crashed <oops>');
    expect(attrsCounts(strict)).toEqual({ tests: 15, failures: 3, errors: 2, skipped: 2 });
  });

  it('strips characters XML forbids and never carries a raw ]]>', () => {
    expect(xml).not.toMatch(FORBIDDEN_CONTROLS);
    expect(xml).not.toContain(']]>');
    expect(xml).not.toContain('<script');
  });
});

describe('edge cases', () => {
  it('renders a report with hostile network and operation names (a report read from disk is not trusted)', () => {
    const slug = 'a"><script>x</script>|b';
    const op = 'Svc.<b>M|`x`';
    const r = report([network(slug, 1, [operation(op, [check(op, slug, { checkId: 'c"<>', status: 'failed', message: 'm' })])])], []);
    const html = renderHtml(r);
    const root = parseXml(html, { html: true });
    for (const el of walk(root)) expect(ALLOWED_ELEMENTS).toContain(el.name);
    const href = [...walk(root)].find((el) => el.name === 'a')?.attrs['href'] ?? '';
    expect(href).toMatch(/^#fail-[A-Za-z0-9._~-]+$/);
    expect(byId(root, href.slice(1))).toBeDefined();
    const md = renderMarkdown(r);
    const { rows } = table(md, 'Network');
    const mdHref = /^\[✘\]\((#[^)]+)\)$/.exec(rows.get('a"&gt;&lt;script&gt;x&lt;/script&gt;\\|b')?.[1] ?? '')?.[1] ?? '';
    expect(mdHref).toMatch(/^#fail-[A-Za-z0-9._~-]+$/);
    expect(md).toContain(`<a id="${mdHref.slice(1)}"></a>`);
    const junit = parseXml(renderJunit(r));
    expect(junit.children[0]?.attrs['name']).toBe(slug);
    expect(testcase(junit, `${slug}.${op}`, 'c"<>').children[0]?.name).toBe('failure');
  });

  it('renders an empty run with an incident, and JUnit fails it', () => {
    const r = report([], [], { incident: 'target unreachable: <ECONNREFUSED>' });
    expect(r.verdict).toBe('fail');
    expect(renderMarkdown(r)).toContain('> **Incident:** target unreachable: &lt;ECONNREFUSED&gt;');
    expect(renderMarkdown(r)).toContain('*No per-network operation ran.*');
    const html = renderHtml(r);
    parseXml(html, { html: true });
    expect(html).toContain('target unreachable: &lt;ECONNREFUSED&gt;');
    const junit = parseXml(renderJunit(r));
    expect(attrsCounts(junit)).toEqual({ tests: 1, failures: 0, errors: 1, skipped: 0 });
  });

  it('JUnit fails exactly when the verdict fails', () => {
    for (const r of [
      fixture(),
      fixture({ strict: true }),
      report(
        [
          network('x', 1, [
            operation('A.B', [
              check('A.B', 'x', { checkId: 'c', status: 'passed' }),
              check('A.B', 'x', { checkId: 'd', level: 'SHOULD', status: 'failed' }),
            ]),
          ]),
        ],
        [],
      ),
    ]) {
      const junit = parseXml(renderJunit(r));
      const red = Number(junit.attrs['failures']) + Number(junit.attrs['errors']) > 0;
      expect(red).toBe(r.verdict === 'fail');
    }
  });
});

describe('scale: 39 networks × 18 operations, ~5,000 checks', () => {
  it('renders all three outputs consistently', () => {
    const big = largeReport();
    const checks = big.networks.flatMap((n) => n.operations).reduce((n, o) => n + o.checks.length, 0);
    expect(checks).toBe(39 * 18 * 7);
    const md = renderMarkdown(big);
    const html = renderHtml(big);
    const xml = renderJunit(big);
    expect(table(md, 'Network').rows.size).toBe(39);
    const junit = parseXml(xml);
    expect(Number(junit.attrs['tests'])).toBe(checks + 1);
    expect(Number(junit.attrs['failures'])).toBe(big.counts.mustFailed);
    parseXml(html, { html: true });
    // Passed checks are counted, not listed: the page grows with findings only.
    const findings = big.counts.mustFailed + big.counts.shouldFailed;
    expect(html.split('<details class="occurrence"').length - 1).toBe(findings);
  });
});
