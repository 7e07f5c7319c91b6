/**
 * The end of a run in the terminal: the failures grouped by check key with their networks, then the SHOULD
 * findings, each with its reproduction line; then the verdict, the counts and where the report is. With
 * --quiet only the verdict line (and an incident, which is part of it).
 */
import type { Report } from '../../src/report/model.js';
import { firstLine, plural } from '../render/view.js';
import { coverageLine, verdictWords } from '../../src/report/coverage.js';
import { groupFindings, type FindingGroup } from './findings.js';
import { inert } from './output.js';
import type { Style } from './style.js';

/** Entries shown per level; the rest are counted and left to the report files. */
const MAX_GROUPS = 25;
const MAX_NETWORKS_LISTED = 8;

export interface SummaryOptions {
  readonly style: Style;
  readonly quiet: boolean;
}

export function summaryLines(report: Report, files: readonly string[], { style, quiet }: SummaryOptions): string[] {
  const c = report.counts;
  const verdict =
    `${report.verdict === 'pass' ? style.pass(style.bold(`✔ ${verdictWords(report)}`)) : style.fail(style.bold(`✘ ${verdictWords(report)}`))} — ${c.passed} passed, ` +
    `${c.mustFailed} MUST failed/errored, ${c.shouldFailed} SHOULD findings${report.run.strict && c.shouldFailed > 0 ? ' (--strict: they fail the run)' : ''}, ${c.skipped} skipped`;
  const incident = report.run.incident ? [style.fail(`incident: ${inert(report.run.incident)}`)] : [];
  if (quiet) return [verdict, ...incident];

  const groups = groupFindings(report);
  const must = groups.filter((g) => g.level === 'MUST');
  const should = groups.filter((g) => g.level === 'SHOULD');
  const lines: string[] = [];
  if (must.length > 0) {
    lines.push('', style.bold(`MUST failures — ${plural(must.length, 'check')}`));
    lines.push(...groupLines(report, must, style.fail('✘'), style));
  }
  if (should.length > 0) {
    const note = report.run.strict ? 'with --strict they fail the run' : 'reported; they fail the run only with --strict';
    lines.push('', style.bold(`SHOULD findings — ${plural(should.length, 'check')} (${note})`));
    lines.push(...groupLines(report, should, style.warn('⚠'), style));
  }
  // Under --strict a network with SHOULD findings fails the run too, so it is not called green; nor is one
  // where nothing passed (everything skipped is not tested).
  const failedNetworks = report.networks
    .filter((n) => n.status === 'failed' || (report.run.strict && n.counts.shouldFailed > 0))
    .map((n) => n.slug);
  const greenNetworks = report.networks.filter((n) => n.status === 'passed' && !failedNetworks.includes(n.slug)).length;
  lines.push(
    '',
    verdict,
    ...(report.coverage ? [coverageLine(report.coverage)] : []),
    `${greenNetworks}/${report.networks.length} networks green${failedNetworks.length ? ` (failing: ${failedNetworks.join(', ')})` : ''}; global ${report.global.status}`,
    `${report.run.requests} requests in ${(report.run.durationMs / 1000).toFixed(1)} s; seed ${report.run.seed}${report.run.profile === 'quick' ? '; quick profile' : ''}`,
    ...(report.run.checks
      ? [`only the chosen checks ran (${plural(report.run.checks.length, 'check')}): ${report.run.checks.join(', ')}`]
      : []),
    ...incident,
    `report: ${files.join(', ')}`,
  );
  return lines;
}

function groupLines(report: Report, groups: readonly FindingGroup[], mark: string, style: Style): string[] {
  const lines: string[] = [];
  for (const group of groups.slice(0, MAX_GROUPS)) {
    const errored = group.errored > 0 ? ` (${group.errored} errored: the check could not decide)` : '';
    lines.push(`  ${mark} ${style.bold(inert(group.key))} — ${networksText(report, group.networks)}${errored}`);
    lines.push(`      ${inert(firstLine(group.example.message ?? group.example.title, 400))}`);
    if (group.example.reproduction) lines.push(style.dim(`      reproduce: ${inert(group.example.reproduction)}`));
  }
  if (groups.length > MAX_GROUPS) lines.push(`  … and ${groups.length - MAX_GROUPS} more checks in report.md`);
  return lines;
}

function networksText(report: Report, networks: readonly (string | null)[]): string {
  const slugs = networks.filter((n): n is string => n !== null);
  const parts: string[] = [];
  if (slugs.length > 2 && slugs.length === report.networks.length) parts.push(`all ${slugs.length} networks`);
  else if (slugs.length > 0) {
    const listed =
      slugs.length > MAX_NETWORKS_LISTED ? [...slugs.slice(0, MAX_NETWORKS_LISTED), `+${slugs.length - MAX_NETWORKS_LISTED} more`] : slugs;
    parts.push(`${plural(slugs.length, 'network')}: ${listed.map(inert).join(', ')}`);
  }
  if (networks.includes(null)) parts.push('global');
  return parts.join('; ');
}
