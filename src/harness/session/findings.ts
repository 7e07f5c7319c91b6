/**
 * A check's outcome as a result's fields: the message naming operation, network, check and pointer; the
 * expected and actual values; the exchange that shows it; the other exchanges its judgement rested on; and the
 * reproduction of them all — everything redacted, then cut.
 */
import type { CheckId } from '../../checks/catalogue.js';
import { Inconclusive, Skip, Violation, type ViolationDetail } from '../../checks/outcomes.js';
import type { RestingExchange } from '../../report/model.js';
import type { Redactor } from '../../report/redactor.js';
import type { SessionEvidence } from './evidence.js';
import type { Outcome } from './results.js';

/** Other exchanges a finding carries at most: its own and these are what a reader checks it against. */
const RESTING_EXCHANGES_MAX = 4;

/** What the run of a check leaves for its finding. */
export interface RunTrace {
  /** The exchange the check adopted last: the one its finding shows. */
  readonly lastExchange: number | undefined;
  /** Seed and path of a property, added to the reproduction. */
  readonly reproductionNote: string | undefined;
  /** Every exchange the check's judgement read (reading-trail.ts). */
  readonly reads: ReadonlySet<number>;
  /** Exchanges the check named as ones its finding rests on, whatever their operation. */
  readonly restsOn: ReadonlySet<number>;
}

export class Findings {
  constructor(
    private readonly evidence: SessionEvidence,
    private readonly redactor: Redactor,
    /** What results are filed under: the operation, or a service. */
    private readonly subject: string,
    private readonly network: string | null,
  ) {}

  describe(id: string, detail: ViolationDetail): string {
    const where = `${this.subject} on ${this.network ?? 'no network (global)'} [${id}]`;
    const pointer = detail.pointer !== undefined ? ` at ${detail.pointer === '' ? '/ (the whole body)' : detail.pointer}` : '';
    const expectation =
      detail.expected !== undefined || detail.actual !== undefined
        ? ` — expected ${this.evidence.shown(detail.expected, 160)}, actual ${this.evidence.shown(detail.actual, 160)}`
        : '';
    return this.redactor.text(`${where}${pointer}: ${this.evidence.safeText(detail.message, 2000).text}${expectation}`);
  }

  /** A pass keeps only its reproduction line (evidence.ts says why). */
  passed(exchangeIndex: number | undefined): Outcome {
    return { status: 'passed', ...this.evidence.ofPass(exchangeIndex) };
  }

  outcomeOf(id: CheckId, error: unknown, run: RunTrace | undefined, exchangeIndex?: number): Outcome {
    if (error instanceof Skip) return { status: 'skipped', message: error.reason };
    const index = (error as { exchangeIndex?: number }).exchangeIndex ?? exchangeIndex ?? run?.lastExchange;
    const exchange = this.evidence.fieldsOf(index);
    const resting = run ? this.restingOn(run, index) : [];
    const reproduction = this.reproductionOf(index, exchange.reproduction, resting, run?.reproductionNote);
    const evidence = {
      ...(exchange.exchange ? { exchange: exchange.exchange } : {}),
      ...(resting.length > 0 ? { restsOn: resting } : {}),
      ...(reproduction === undefined ? {} : { reproduction }),
    };
    if (error instanceof Violation) {
      const d = error.detail;
      return {
        status: 'failed',
        message: this.describe(id, d),
        ...(d.pointer !== undefined ? { pointer: d.pointer } : {}),
        ...(d.expected !== undefined ? { expected: this.evidence.shown(d.expected, 400) } : {}),
        ...(d.actual !== undefined ? { actual: this.evidence.shown(d.actual, 400) } : {}),
        ...evidence,
      };
    }
    const message = error instanceof Inconclusive ? error.message : `the check itself failed: ${(error as Error)?.stack ?? String(error)}`;
    return { status: 'errored', message: this.describe(id, { message }), ...evidence };
  }

  /**
   * The other exchanges a finding rests on: of every operation its judgement read besides the one of the
   * exchange it shows, the latest exchange (the answer the verdict was drawn from: a check that reads again
   * before it reports judges the fresh answer); and every exchange the check named itself.
   */
  private restingOn(run: RunTrace, shown: number | undefined): RestingExchange[] {
    const shownOperation = shown === undefined ? undefined : this.evidence.sentTo(shown);
    const latest = new Map<string, number>();
    for (const index of run.reads) {
      const operation = this.evidence.sentTo(index);
      if (operation === undefined || index === shown || operation === shownOperation) continue;
      latest.set(operation, Math.max(index, latest.get(operation) ?? index));
    }
    const named = [...run.restsOn].filter((index) => index !== shown && this.evidence.sentTo(index) !== undefined);
    const chosen = [...new Set([...named, ...latest.values()])].sort((a, b) => a - b).slice(-RESTING_EXCHANGES_MAX);
    return chosen.flatMap((index) => {
      const exchange = this.evidence.exchangeAt(index);
      const reproduction = this.evidence.reproductionOf(index);
      if (!exchange) return [];
      return [{ operation: this.evidence.sentTo(index)!, exchange, ...(reproduction === undefined ? {} : { reproduction }) }];
    });
  }

  /**
   * The reproduction: the finding's own request, after those of the answers it rests on (each under a comment
   * naming its operation), so that pasting it replays what the verdict was drawn from; the property's seed and
   * path at the end of the finding's own line.
   */
  private reproductionOf(
    shown: number | undefined,
    own: string | undefined,
    resting: readonly RestingExchange[],
    note: string | undefined,
  ): string | undefined {
    const ownLine = note ? `${own ?? ''}${own ? '  # ' : ''}${note}` : own;
    const lines = resting.filter((r) => r.reproduction !== undefined);
    if (lines.length === 0) return ownLine;
    const shownOperation = shown === undefined ? undefined : this.evidence.sentTo(shown);
    return [
      ...lines.flatMap((r) => [`# ${r.operation}: an answer this finding rests on`, r.reproduction!]),
      ...(ownLine === undefined ? [] : [`# ${shownOperation ?? this.subject}: the answer this finding shows`, ownLine]),
    ].join('\n');
  }
}
