/**
 * The end of a run in the terminal, told as the gate's story (reporters/story.ts): the incident first, then
 * what fails the run (new failures, unexpected passes), then what does not (SHOULD findings outside --strict,
 * expected failures), each check once with its networks and a reproduction line; then the verdict line,
 * which names why the run fails, the counts and where the report is. A run stopped early is one line of
 * counts: its findings are in the report. With --quiet only the verdict line (and an incident).
 */
import type { Report } from '../../src/report/model.js';
import { firstLine, INSECURE_MODE, plural, throttlingText } from '../render/view.js';
import { exampleLine, incidentLine, listedIncidents, stoppedByOperation } from '../../src/report/incidents.js';
import type { CheckGroup } from '../render/check-groups.js';
import { coverageLine, verdictWords } from '../../src/report/coverage.js';
import { gateStory, type GateStory } from '../story.js';
import { inert } from './output.js';
import type { Style } from './style.js';

/** Entries shown per section; the rest are counted and left to the report files. */
const MAX_GROUPS = 25;
const MAX_NETWORKS_LISTED = 8;

export interface SummaryOptions {
  readonly style: Style;
  readonly quiet: boolean;
}

function verdictLine(report: Report, story: GateStory, style: Style): string {
  const c = report.counts;
  const words = `${report.verdict === 'pass' ? '✔' : '✘'} ${verdictWords(report)}`;
  const mark = report.verdict === 'pass' ? style.pass(style.bold(words)) : style.fail(style.bold(words));
  if (report.run.interrupted) {
    const ran = c.passed + c.failed + c.errored + c.skipped - story.notRun - story.stopped;
    return (
      `${mark} — ${plural(ran, 'check')} ran (${c.passed} passed, ${c.failed} failed, ${c.errored - story.notRun - story.stopped} errored, ` +
      `${c.skipped} skipped), ${story.stopped} stopped before sending, ${plural(story.notRun, 'operation')} not run`
    );
  }
  const expected = c.expectedFailures ? `, ${c.expectedFailures} expected failures` : '';
  const why = story.reasons.length > 0 ? ` — fails: ${story.reasons.join(', ')}` : '';
  return (
    `${mark} — ${c.passed} passed, ${c.mustFailed} MUST failed/errored, ${c.shouldFailed} SHOULD findings` +
    `${report.run.strict && c.shouldFailed > 0 ? ' (--strict: they fail the run)' : ''}${expected}, ${c.skipped} skipped${why}`
  );
}

export function summaryLines(report: Report, files: readonly string[], { style, quiet }: SummaryOptions): string[] {
  const story = gateStory(report);
  const verdict = verdictLine(report, story, style);
  const incident = story.incident && !story.interrupted ? [style.fail(`incident: ${inert(story.incident)}`)] : [];
  // Transport incidents (unreachable, TLS, a base that stopped answering, throttled): the root causes of the
  // errored checks, told before them.
  const transport = listedIncidents(report);
  if (quiet) return [verdict, ...incident, ...transport.map((each) => style.fail(`✘ incident: ${inert(incidentLine(each))}`))];
  if (story.interrupted) return [verdict, `report: ${files.join(', ')}`];

  const lines: string[] = [];
  if (incident.length > 0) lines.push('', ...incident);
  if (transport.length > 0) lines.push('');
  for (const each of transport) {
    const example = exampleLine(each);
    lines.push(style.fail(`✘ incident: ${inert(incidentLine(each))}`), ...(example ? [style.dim(`      example: ${inert(example)}`)] : []));
    // The checks it stopped are told here, under their cause, and not again as failures.
    const stopped = stoppedByOperation(each);
    lines.push(...stopped.slice(0, MAX_GROUPS).map((line) => `      stopped: ${inert(line)}`));
    if (stopped.length > MAX_GROUPS) lines.push(`      … and ${stopped.length - MAX_GROUPS} more operations in report.md`);
  }
  const section = (title: string, groups: readonly CheckGroup[], mark: string, withReason = false): void => {
    if (groups.length === 0) return;
    lines.push('', style.bold(`${title}`));
    lines.push(...groupLines(report, groups, mark, style, withReason));
  };
  const must = story.failures.filter((g) => g.level === 'MUST');
  const strictShould = story.failures.filter((g) => g.level === 'SHOULD');
  section(
    story.withExpectations
      ? `New failures (not in the expectations file) — ${plural(must.length, 'check')}`
      : `MUST failures — ${plural(must.length, 'check')}`,
    must,
    style.fail('✘'),
  );
  section(
    `Unexpected passes — ${plural(story.unexpectedPasses.length, 'check')} (listed as expected failures, now passing: remove their lines)`,
    story.unexpectedPasses,
    style.fail('✘'),
  );
  section(`SHOULD findings — ${plural(strictShould.length, 'check')} (with --strict they fail the run)`, strictShould, style.warn('⚠'));
  section(
    `SHOULD findings — ${plural(story.findings.length, 'check')} (reported; they fail the run only with --strict)`,
    story.findings,
    style.warn('⚠'),
  );
  section(
    `Expected failures — ${plural(story.expectedFailures.length, 'check')} (listed in the expectations file; they do not fail the run)`,
    story.expectedFailures,
    style.dim('○'),
    true,
  );
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
    `${report.run.requests} requests in ${(report.run.durationMs / 1000).toFixed(1)} s; ${[throttlingText(report.run), `seed ${report.run.seed}`, report.run.profile === 'quick' ? 'quick profile' : undefined].filter(Boolean).join('; ')}`,
    ...(report.run.checks
      ? [`only the chosen checks ran (${plural(report.run.checks.length, 'check')}): ${report.run.checks.join(', ')}`]
      : []),
    ...(report.run.insecure ? [style.warn(`⚠ ${INSECURE_MODE}`)] : []),
    `report: ${files.join(', ')}`,
  );
  return lines;
}

function groupLines(report: Report, groups: readonly CheckGroup[], mark: string, style: Style, withReason: boolean): string[] {
  const lines: string[] = [];
  for (const group of groups.slice(0, MAX_GROUPS)) {
    const example = group.results[0]!;
    const erroredCount = group.results.filter((r) => r.status === 'errored').length;
    const errored = erroredCount > 0 && !withReason ? ` (${erroredCount} errored: the check could not decide)` : '';
    const reason = withReason && example.expectation ? `: ${inert(firstLine(example.expectation.reason, 200))}` : '';
    lines.push(`  ${mark} ${style.bold(inert(group.key))} — ${networksText(report, group.networks)}${errored}${reason}`);
    if (withReason) continue;
    lines.push(`      ${inert(firstLine(example.message ?? example.title, 400))}`);
    // A finding that rests on other answers reproduces them first, a line each (report.md: restsOn).
    if (example.reproduction)
      example.reproduction
        .split('\n')
        .forEach((line, i) => lines.push(style.dim(`      ${i === 0 ? 'reproduce: ' : '           '}${inert(line)}`)));
  }
  if (groups.length > MAX_GROUPS) lines.push(`  … and ${groups.length - MAX_GROUPS} more checks in report.md`);
  return lines;
}

function networksText(report: Report, networks: readonly (string | null)[]): string {
  const slugs = [...new Set(networks.filter((n): n is string => n !== null))];
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
