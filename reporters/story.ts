/**
 * The gate's story of one report, told the same way in the terminal, the GitHub annotations, the step summary
 * and the pull-request comment: why the run fails (an incident, an interruption, new failures, unexpected
 * passes, an incomplete run), then what fails it, the most important first, then what is known and does not
 * fail it (SHOULD findings outside --strict, expected failures). Pure function of the report.
 */
import type { CheckResult, Report } from '../src/report/model.js';
import { isBroken } from '../src/report/broken-checks.js';
import { isNotRun } from '../src/report/not-run.js';
import { groupByCheck, isExpectedFailure, isUnexpectedPass, type CheckGroup } from './render/check-groups.js';
import { checksOf, countsAgainst } from '../src/report/report-checks.js';
import { listedIncidents } from '../src/report/incidents.js';

export interface GateStory {
  /** Why the run could not complete normally (first line first). */
  readonly incident?: string;
  /** Why the run was stopped before its end. */
  readonly interrupted?: string;
  /** The run had an expectations file: its counted failures are new ones. */
  readonly withExpectations: boolean;
  /** Failures that fail the run: MUST (SHOULD too under --strict), the widest first. */
  readonly failures: readonly CheckGroup[];
  /** Listed as expected failures, but passed: they fail the run. */
  readonly unexpectedPasses: readonly CheckGroup[];
  /** SHOULD findings that do not fail the run (not --strict). */
  readonly findings: readonly CheckGroup[];
  /** Listed failures that still fail: known, not failing the run. */
  readonly expectedFailures: readonly CheckGroup[];
  /** Operations the run never got to (stopped early): counted, not listed. */
  readonly notRun: number;
  /** Checks of a run stopped early whose requests were no longer sent: errored, counted apart, not listed. */
  readonly stopped: number;
  /** --require-complete and MUST checks were skipped. */
  readonly incomplete: boolean;
  /** Why the verdict is not a pass, in words, the most important first; empty for a pass. */
  readonly reasons: readonly string[];
}

const plural = (n: number, noun: string, many = `${noun}s`): string => `${n} ${n === 1 ? noun : many}`;

/** Widest first (a check failing on every network says more than one failing on one), then report order. */
const widestFirst = (groups: CheckGroup[]): CheckGroup[] =>
  groups
    .map((g, i) => ({ g, i }))
    .sort((a, b) => b.g.networks.length - a.g.networks.length || a.i - b.i)
    .map(({ g }) => g);

export function gateStory(report: Report): GateStory {
  // A stopped run's checks that could not send their requests say nothing about the server.
  const unsent = report.run.interrupted ? `not sent: ${report.run.interrupted}` : undefined;
  const cutShort = (c: CheckResult): boolean => unsent !== undefined && c.status === 'errored' && (c.message?.includes(unsent) ?? false);
  // A check a transport incident stopped (unreachable, not answering, TLS refused) is told under that incident:
  // it says nothing of the server's answers, so it is neither a failure nor a finding.
  const stoppedByIncident = (c: CheckResult): boolean => c.status === 'errored' && c.incident !== undefined;
  const ran = (keep: (c: CheckResult) => boolean) => (c: CheckResult) => !isNotRun(c) && !cutShort(c) && !stoppedByIncident(c) && keep(c);
  const failures = widestFirst(
    groupByCheck(
      report,
      ran((c) => countsAgainst(c, report)),
    ),
  ).sort((a, b) => (a.level === b.level ? 0 : a.level === 'MUST' ? -1 : 1));
  const unexpectedPasses = groupByCheck(report, isUnexpectedPass);
  const findings = groupByCheck(
    report,
    ran((c) => isBroken(c) && c.expectation === undefined && !countsAgainst(c, report)),
  );
  const expectedFailures = groupByCheck(report, isExpectedFailure);
  const every = checksOf(report);
  const notRun = every.filter(isNotRun).length;
  const stopped = every.filter(cutShort).length;
  const withExpectations = report.run.inputs?.expectations !== undefined || expectedFailures.length > 0 || unexpectedPasses.length > 0;
  const incomplete =
    report.run.requireComplete === true && report.coverage !== undefined && !report.coverage.complete && report.verdict !== 'pass';

  const transportIncidents = listedIncidents(report).length;
  const reasons: string[] = [];
  if (report.run.interrupted) reasons.push(`interrupted (${report.run.interrupted.split('\n', 1)[0]})`);
  else if (report.run.incident) reasons.push('an incident');
  else if (transportIncidents > 0) reasons.push(transportIncidents === 1 ? 'an incident' : `${transportIncidents} incidents`);
  if (failures.length > 0)
    reasons.push(withExpectations ? plural(failures.length, 'new failure') : plural(failures.length, 'failing check'));
  if (unexpectedPasses.length > 0) reasons.push(plural(unexpectedPasses.length, 'unexpected pass', 'unexpected passes'));
  if (incomplete) reasons.push('incomplete (--require-complete)');
  if (report.verdict !== 'pass' && reasons.length === 0 && report.coverage && !report.coverage.tested) reasons.push('nothing was tested');

  return {
    ...(report.run.incident ? { incident: report.run.incident } : {}),
    ...(report.run.interrupted ? { interrupted: report.run.interrupted } : {}),
    withExpectations,
    failures,
    unexpectedPasses,
    findings,
    expectedFailures,
    notRun,
    stopped,
    incomplete,
    reasons: report.verdict === 'pass' ? [] : reasons,
  };
}
