/**
 * junit.xml for CI systems: one <testsuite> per network and one named `global`, one <testcase> per check
 * (classname `<network>.<operation>`, `global.<operation>` for the global section; name `<checkId>`).
 *
 * How outcomes map:
 * - failed MUST → <failure type="MUST">, errored (any level that counts) → <error type="<level>">,
 *   skipped → <skipped message="<reason>">, passed → an empty testcase;
 * - SHOULD findings follow the verdict. With `run.strict` they count against the verdict, so they are
 *   <failure type="SHOULD"> / <error type="SHOULD">. Without it they do not, and the testcase passes with the
 *   finding in <system-out> and a `should-finding` property: a CI job that gates on JUnit failures then agrees with `report.verdict` instead of
 *   going red on a run whose verdict is pass. The finding is still visible in the test's output.
 * - a failure an expectations file lists → <skipped message="expected failure (<reason>): …">; a listed check
 *   that passed → <failure type="unexpected-pass">, as the verdict counts them;
 * - `run.incident` (the run did not complete normally) is one more <error> testcase in `global`, so an
 *   incomplete run never looks green.
 * Suite and root counts are computed from the testcases written, so they always match the document.
 *
 * Every string goes through `escapeXmlText` / `escapeXmlAttr`, which also replace characters XML 1.0 forbids.
 * No CDATA is used, so a `]]>` in a server string is just text.
 */
import type { CheckResult, Exchange, NetworkResult, OperationResult, Report } from '../../src/report/model.js';
import { escapeXmlAttr as a, escapeXmlText as t } from './escape.js';
import { capText, firstLine } from './view.js';

interface Case {
  readonly xml: string;
  readonly outcome: 'passed' | 'failure' | 'error' | 'skipped';
  readonly durationMs: number;
}

interface Suite {
  readonly name: string;
  readonly properties: readonly [string, string][];
  readonly cases: readonly Case[];
}

export function renderJunit(report: Report): string {
  const suites: Suite[] = report.networks.map((n) => networkSuite(report, n));
  suites.push(globalSuite(report));
  const all = suites.flatMap((s) => s.cases);
  const root = counts(all);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${a(`${report.tool.name} ${report.tool.version} (contract ${report.contractVersion})`)}" tests="${root.tests}" failures="${root.failures}" errors="${root.errors}" skipped="${root.skipped}" time="${seconds(report.run.durationMs)}" timestamp="${a(report.run.startedAt)}">`,
    ...suites.map((s, i) => suiteXml(s, i, report)),
    '</testsuites>',
    '',
  ].join('\n');
}

function runProperties(report: Report): [string, string][] {
  const r = report.run;
  return [
    ['tool', `${report.tool.name} ${report.tool.version}`],
    ['contractVersion', report.contractVersion],
    ['seed', String(r.seed)],
    ...(r.profile === 'quick' ? [['profile', 'quick'] as [string, string]] : []),
    ['runs', String(r.runs)],
    ['strict', String(r.strict)],
    ['readOnly', String(r.readOnly)],
    ['verdict', report.verdict],
  ];
}

function networkSuite(report: Report, n: NetworkResult): Suite {
  return {
    name: n.slug,
    properties: [['network', n.slug], ['chainId', String(n.chainId)], ...runProperties(report)],
    cases: operationCases(report, n.slug, n.operations),
  };
}

function globalSuite(report: Report): Suite {
  const cases = operationCases(report, 'global', report.global.operations);
  if (report.run.incident !== undefined) {
    const message = report.run.incident;
    cases.push({
      outcome: 'error',
      durationMs: 0,
      xml: `<testcase classname="run" name="incident" time="0"><error type="incident" message="${a(firstLine(message))}">${t(message)}</error></testcase>`,
    });
  }
  return { name: 'global', properties: runProperties(report), cases };
}

function operationCases(report: Report, prefix: string, results: readonly OperationResult[]): Case[] {
  return results.flatMap((r) => {
    // Escaped once per operation: a full run has thousands of testcases and most of them pass.
    const classname = a(`${prefix}.${r.operation}`);
    return r.checks.map((c) => testcase(report, classname, c));
  });
}

/** `classname` comes escaped. */
function testcase(report: Report, classname: string, c: CheckResult): Case {
  const open = `<testcase classname="${classname}" name="${a(c.checkId)}" time="${seconds(c.durationMs)}">`;
  const counts = c.level === 'MUST' || report.run.strict;
  if (c.expectation?.outcome === 'expected-failure') {
    const reason = `expected failure (${c.expectation.reason}): ${firstLine(c.message ?? c.title)}`;
    return {
      outcome: 'skipped',
      durationMs: c.durationMs,
      xml: `${open}<skipped message="${a(reason)}"/><system-out>${t(details(c))}</system-out></testcase>`,
    };
  }
  if (c.expectation?.outcome === 'unexpected-pass') {
    const why = `unexpected pass: listed as an expected failure (${c.expectation.reason}); remove it from the expectations file`;
    return {
      outcome: 'failure',
      durationMs: c.durationMs,
      xml: `${open}<failure type="unexpected-pass" message="${a(why)}">${t(details(c))}</failure></testcase>`,
    };
  }
  switch (c.status) {
    case 'passed':
      return { outcome: 'passed', durationMs: c.durationMs, xml: `${open.slice(0, -1)}/>` };
    case 'skipped':
      return {
        outcome: 'skipped',
        durationMs: c.durationMs,
        xml: `${open}<skipped message="${a(c.message ?? 'skipped')}"/></testcase>`,
      };
    case 'failed':
    case 'errored': {
      const body = t(details(c));
      if (!counts) {
        const out = `SHOULD ${c.status === 'failed' ? 'finding' : 'check errored'} (does not affect the verdict without --strict)\n${details(c)}`;
        // A property too, for CI systems that show testcase properties but not output.
        const property = `<properties><property name="should-finding" value="${a(`${c.status}: ${firstLine(c.message ?? c.title)}`)}"/></properties>`;
        return { outcome: 'passed', durationMs: c.durationMs, xml: `${open}${property}<system-out>${t(out)}</system-out></testcase>` };
      }
      const element = c.status === 'failed' ? 'failure' : 'error';
      return {
        outcome: element,
        durationMs: c.durationMs,
        xml: `${open}<${element} type="${a(c.level)}" message="${a(firstLine(c.message ?? c.title))}">${body}</${element}></testcase>`,
      };
    }
    default:
      // An unknown status in a report read from disk is an error, never silently a pass.
      return {
        outcome: 'error',
        durationMs: c.durationMs,
        xml: `${open}<error type="${a(c.level)}" message="${a(`unknown status ${String(c.status)}`)}"/></testcase>`,
      };
  }
}

/** The failure text: the rule and the observation, then how to replay it (GUIDE.md example 8). */
function details(c: CheckResult): string {
  const lines = [`${c.level} ${c.key}: ${c.title}`];
  if (c.message !== undefined) lines.push(`message: ${c.message}`);
  if (c.pointer !== undefined) lines.push(`pointer: ${c.pointer}`);
  if (c.expected !== undefined) lines.push(`expected: ${c.expected}`);
  if (c.actual !== undefined) lines.push(`actual: ${c.actual}`);
  if (c.exchange !== undefined) lines.push(exchangeLine(c.exchange));
  for (const other of c.restsOn ?? [])
    lines.push(`rests on ${other.operation}, ${exchangeLine(other.exchange)}`, requestBodyLine(other.exchange));
  if (c.reproduction !== undefined) lines.push(`reproduce: ${c.reproduction}`);
  return capText(lines.join('\n'));
}

function exchangeLine(x: Exchange): string {
  const req = `${x.request.method} ${x.request.url}`;
  if (x.transportError !== undefined) return `exchange: ${req} -> transport error: ${x.transportError}`;
  if (x.response !== undefined) {
    const body = x.response.body.length > 2000 ? `${x.response.body.slice(0, 2000)}…` : x.response.body;
    return `exchange: ${req} -> HTTP ${x.response.status}\nresponse body: ${body}`;
  }
  return `exchange: ${req}`;
}

function requestBodyLine(x: Exchange): string {
  return `request body: ${x.request.body ?? '(none)'}`;
}

function counts(cases: readonly Case[]): { tests: number; failures: number; errors: number; skipped: number } {
  let failures = 0;
  let errors = 0;
  let skipped = 0;
  for (const c of cases) {
    if (c.outcome === 'failure') failures++;
    else if (c.outcome === 'error') errors++;
    else if (c.outcome === 'skipped') skipped++;
  }
  return { tests: cases.length, failures, errors, skipped };
}

function suiteXml(s: Suite, id: number, report: Report): string {
  const c = counts(s.cases);
  const time = s.cases.reduce((sum, x) => sum + (Number.isFinite(x.durationMs) ? x.durationMs : 0), 0);
  return [
    `  <testsuite name="${a(s.name)}" id="${id}" tests="${c.tests}" failures="${c.failures}" errors="${c.errors}" skipped="${c.skipped}" time="${seconds(time)}" timestamp="${a(report.run.startedAt)}">`,
    '    <properties>',
    ...s.properties.map(([k, v]) => `      <property name="${a(k)}" value="${a(v)}"/>`),
    '    </properties>',
    ...s.cases.map((x) => `    ${x.xml}`),
    '  </testsuite>',
  ].join('\n');
}

function seconds(ms: number): string {
  return Number.isFinite(ms) && ms >= 0 ? (ms / 1000).toFixed(3) : '0.000';
}
