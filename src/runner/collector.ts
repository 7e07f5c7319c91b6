/**
 * Collects what the units of a run found, whichever engine ran them: tells the progress listener as units
 * and networks complete, and at the end builds the one report model (the CLI publishes it). A unit that died
 * without results becomes an errored check, a spec file that failed to load an incident: nothing is silently
 * a pass. Personal values the checks took out of answers go to the output redactor, never into the report.
 */
import type { ProgressListener } from '../../reporters/progress-events.js';
import { applyExpectations, type Expectation } from './expectations.js';
import { buildReport, countResults, type RunMetadata } from '../report/build.js';
import type { CheckResult, Report } from '../report/model.js';
import { suiteError } from '../report/not-run.js';
import { outputRedactor } from '../report/output-boundary.js';
import { redactSecret, type Secrets } from '../report/redact.js';
import type { UnitOutcome } from '../harness/suites.js';
import { mergedNotes, type TransportNotes } from '../transport/notes.js';

export interface CollectorOptions {
  readonly tool: Report['tool'];
  readonly contractVersion: string;
  /** Metadata known only when the run ends (duration). */
  readonly metadata: () => RunMetadata;
  /** Units expected per network, so the progress can say when a network is complete. */
  readonly expectedPerNetwork: ReadonlyMap<string, number>;
  readonly accessKey: Secrets;
  readonly progress: ProgressListener;
  /** Known failures: results they list are marked expected (or, when they pass, unexpected passes). */
  readonly expectations?: readonly Expectation[];
  /** Told once, when half the run's units have finished. */
  readonly halfway?: () => void;
}

export interface UnitFinished {
  /** The operation id, or the wire suite's name. */
  readonly suite: string;
  /** Null for the unit that is not per network. */
  readonly network: string | null;
  /** What the unit found; absent when it died (then `failure` says why). */
  readonly outcome?: UnitOutcome;
  readonly failure?: string;
  readonly durationMs: number;
  /** Units of the run known so far (an engine may discover them as it goes). */
  readonly unitsTotal?: number;
  /** What the transport met while the unit ran, that no errored check shows (src/transport/notes.ts). */
  readonly transport?: TransportNotes;
}

export class RunCollector {
  private readonly results: CheckResult[] = [];
  private readonly donePerNetwork = new Map<string, number>();
  private readonly failingNetworks = new Set<string>();
  private unitsDone = 0;
  private readonly keyAnswers = { refused: 0, accepted: 0 };
  /** Requests the units sent: what --verbose showed, whichever checks the report keeps. */
  private sent = 0;
  /** The writes the run sent, over all its units (safe-writes.ts). */
  private readonly writes = { created: 0, removals: 0, audienceIds: new Set<string>() };
  private readonly throttling = { times: 0, waitedMs: 0 };
  private transport: TransportNotes | undefined = undefined;
  report: Report | undefined;
  private halfwayTold = false;
  /** The run was told to stop (a signal, --max-duration): what still ends, ends without sending. */
  private stopping = false;

  constructor(private readonly options: CollectorOptions) {}

  runStopping(): void {
    this.stopping = true;
  }

  /** The writes the run sent so far, as its report states them; undefined while it sent none. */
  get writesSent(): Report['run']['writes'] {
    const { created, removals, audienceIds } = this.writes;
    return created + removals === 0
      ? undefined
      : { createAudience: created, removeAudienceContacts: removals, audienceIds: [...audienceIds] };
  }

  /** Every valid request made with the run's key was refused (401), and there was at least one. */
  get keyRefused(): boolean {
    return this.keyAnswers.refused > 0 && this.keyAnswers.accepted === 0;
  }

  /** The results so far (an interrupted run reports these). */
  get collected(): readonly CheckResult[] {
    return this.results;
  }

  /** A line a unit printed (with --verbose: one per request sent). */
  line(text: string): void {
    for (const line of text.split('\n')) if (line !== '') this.options.progress.workerLine?.(redactSecret(line, this.options.accessKey));
  }

  unitFinished(unit: UnitFinished): void {
    const { outcome } = unit;
    if (outcome?.personal) outputRedactor().learnPersonal(outcome.personal);
    this.keyAnswers.refused += outcome?.keyAnswers?.refused ?? 0;
    this.keyAnswers.accepted += outcome?.keyAnswers?.accepted ?? 0;
    if (outcome?.writes) {
      this.writes.created += outcome.writes.created;
      this.writes.removals += outcome.writes.removals;
      for (const id of outcome.writes.audienceIds) this.writes.audienceIds.add(id);
    }
    const transport = unit.transport ?? outcome?.transport;
    if (transport) this.transport = mergedNotes([this.transport, transport]);
    this.throttling.times += outcome?.throttling?.times ?? 0;
    this.throttling.waitedMs += outcome?.throttling?.waitedMs ?? 0;
    const own = outcome ? [...outcome.results] : this.diedWithoutResults(unit);
    this.sent += outcome?.sent ?? own.reduce((sum, r) => sum + r.requests, 0);
    const results = applyExpectations(own, this.options.expectations ?? []);
    this.results.push(...results);
    this.unitsDone += 1;
    const unitsTotal = Math.max(unit.unitsTotal ?? 0, this.unitsDone);
    if (!this.halfwayTold && this.unitsDone * 2 >= unitsTotal) {
      this.halfwayTold = true;
      this.options.halfway?.();
    }
    const { network } = unit;
    this.options.progress.testFinished({
      operation: unit.suite,
      network,
      results,
      durationMs: unit.durationMs,
      testsDone: this.unitsDone,
      testsTotal: unitsTotal,
    });
    if (!network) return;
    const counts = countResults(results);
    if (counts.mustFailed > 0 || (counts.unexpectedPasses ?? 0) > 0) this.failingNetworks.add(network);
    const done = (this.donePerNetwork.get(network) ?? 0) + 1;
    this.donePerNetwork.set(network, done);
    // Once the run is stopping, a network's checks end errored unsent: its line would tell failures that are not.
    if (done === this.options.expectedPerNetwork.get(network) && !this.stopping) {
      const finished = [...this.donePerNetwork.entries()].filter(([slug, n]) => n === this.options.expectedPerNetwork.get(slug)).length;
      this.options.progress.networkFinished({
        network,
        counts: countResults(this.results.filter((r) => r.network === network)),
        failing: this.failingNetworks.has(network),
        networksDone: finished,
        networksTotal: this.options.expectedPerNetwork.size,
      });
    }
  }

  /** Builds the report of the whole run; `incidents` are what went wrong outside any unit. */
  finish(incidents: readonly string[]): Report {
    this.report = this.reportSoFar(incidents);
    return this.report;
  }

  /** The report the results so far make, kept nowhere: the run is not over. */
  reportSoFar(incidents: readonly string[] = []): Report {
    const metadata = this.options.metadata();
    const incident = [metadata.incident, ...incidents].filter(Boolean).join('\n');
    return buildReport({
      tool: this.options.tool,
      contractVersion: this.options.contractVersion,
      run: {
        ...metadata,
        requests: this.sent,
        ...(incident ? { incident: redactSecret(incident, this.options.accessKey) } : {}),
        ...(this.throttling.times > 0 || this.throttling.waitedMs > 0
          ? { throttling: { throttled: this.throttling.times, waitedMs: Math.round(this.throttling.waitedMs) } }
          : {}),
        ...(this.transport ? { transport: this.transport } : {}),
      },
      results: this.results,
    });
  }

  /** A unit that ended without any result (it crashed) is one errored result. */
  private diedWithoutResults(unit: UnitFinished): CheckResult[] {
    if (unit.failure === undefined) return [];
    return [suiteError(unit.suite, unit.network, redactSecret(unit.failure, this.options.accessKey), unit.durationMs)];
  }
}
