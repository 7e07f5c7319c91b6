/**
 * One operation on one network (or once, for operations that are not per network): runs its checks in order
 * and files their results. A facade over the session's parts (src/harness/session/), one job each: the
 * results filed, the findings written, the evidence kept, the requests sent, the error answers kept for the
 * error checks, the requests shared among checks, the personal data learned, the key's answers counted; and
 * the audience ledger of safe writes (safe-writes.ts).
 */
import type { CheckId } from '../checks/catalogue.js';
import type { CheckDefinition, DerivedCheck } from '../checks/definition.js';
import { unmetNeed } from '../checks/needs.js';
import { Inconclusive, Skip, type Violation, type ViolationDetail } from '../checks/outcomes.js';
import type { NetworkFixtures } from '../config/fixtures.js';
import type { RunConfig } from '../config/run-config.js';
import type { Network } from '../contract/networks.js';
import { operationId, type NetworkOf, type OperationDef, type RequestOf } from '../contract/operations.js';
import type { CheckResult } from '../report/model.js';
import type { Redactor } from '../report/redactor.js';
import type { HttpOutcome } from '../transport/http-client.js';
import { NOT_IN_CASSETTE_HEADER } from '../transport/not-in-cassette.js';
import { baseDownReason } from './base-health.js';
import { serviceBase } from './endpoints.js';
import { requestLine } from './request-line.js';
import { printForRun } from './run-output.js';
import { AudienceLedger, refusalOf } from './safe-writes.js';
import { sessionKind } from './schedule.js';
import { Run, type ExampleAnswer, type ExampleExchange } from './session/check-run.js';
import { ErrorAnswerLog, type ObservedAnswer } from './session/error-answer-log.js';
import { SessionEvidence } from './session/evidence.js';
import { Findings } from './session/findings.js';
import { KeyAnswers } from './session/key-answers.js';
import { PersonalData } from './session/personal-data.js';
import { followReads, noteRead } from './session/reading-trail.js';
import { redactorOf } from './session/redactors.js';
import { FiledResults, type Outcome } from './session/results.js';
import { SharedReads } from './session/shared-reads.js';
import type { ThrottlingTally } from './session/throttling.js';
import { Transmission, type SendOptions } from './session/transmission.js';

export type { ExampleAnswer, ExampleExchange } from './session/check-run.js';
export type { ObservedAnswer } from './session/error-answer-log.js';
export type { SendOptions } from './session/transmission.js';
export { unitOutcomeOf } from './session/unit-outcome.js';

export class CheckSession {
  /** What was sent and answered, kept as the report may show it. */
  readonly evidence: SessionEvidence;
  /** The audiences this session made and proved its own, the only ones it may write to (safe-writes.ts). */
  readonly audiences: AudienceLedger;
  /** How the example request, sent with the run's key, was answered: refused (401) or not. */
  readonly keyAnswers = new KeyAnswers();
  /** The spec's example request and the server's answer to it, sent once and shared by every check. */
  exampleAnswer: (() => Promise<ExampleExchange>) | undefined;
  private readonly redactor: Redactor;
  private readonly filed: FiledResults;
  private readonly findings: Findings;
  private readonly transmission: Transmission;
  private readonly errorLog = new ErrorAnswerLog();
  private readonly personalData: PersonalData;
  private readonly shared = new SharedReads(this);
  /** Set by blockAll: every check of the session is skipped with this reason, and nothing is sent. */
  private blocked: string | undefined;

  constructor(
    readonly op: OperationDef,
    readonly network: Network | null,
    readonly config: RunConfig,
    /** What results are filed under: the operation, or a service for checks of a whole service. */
    private readonly subject: string = operationId(op),
  ) {
    this.redactor = redactorOf(config);
    this.evidence = new SessionEvidence(this.redactor, config.limitedAccessKey);
    this.audiences = new AudienceLedger(config);
    this.personalData = new PersonalData(this.redactor);
    const slug = network?.slug ?? null;
    this.filed = new FiledResults(config, subject, slug);
    this.findings = new Findings(this.evidence, this.redactor, subject, slug);
    this.transmission = new Transmission(config, network, op, this.kind);
  }

  get results(): CheckResult[] {
    return this.filed.results;
  }

  /** Every error answer the session met, judged when it came, for the error checks. */
  get errorAnswers(): ObservedAnswer[] {
    return this.errorLog.answers;
  }

  /** Personal values taken out of Builder answers (handed to the output redactor through the unit's outcome). */
  get personal(): Set<string> {
    return this.personalData.values;
  }

  /** How this session's requests were held back: throttling answers, and the time they waited. */
  get throttling(): ThrottlingTally {
    return this.transmission.throttling;
  }

  get exchanges(): readonly HttpOutcome[] {
    return this.evidence.exchanges;
  }

  get operationId(): string {
    return this.subject;
  }

  /** The sessions that send alike (schedule.ts). */
  get kind(): string {
    return sessionKind(this.subject, this.network);
  }

  /** The base the session's own requests go to (base-health.ts judges whether it still answers). */
  get base(): string {
    return serviceBase(this.config.targets, this.op.service, this.network);
  }

  get fixtures(): NetworkFixtures | undefined {
    return this.network ? this.config.fixtures.networks?.[this.network.slug] : undefined;
  }

  /** Every key of the run: none may reach a report. */
  get secrets(): readonly (string | undefined)[] {
    return [this.config.accessKey, this.config.limitedAccessKey];
  }

  /** Requests actually sent (a request not sent after repeated timeouts is not counted). */
  get requests(): number {
    return this.transmission.sent;
  }

  /** Skips every check of this session with `reason` (an operation that writes, under --read-only). */
  blockAll(reason: string): void {
    this.blocked = reason;
  }

  /** Runs the check `def`; never throws: the outcome becomes a result. */
  async check<O extends OperationDef>(def: CheckDefinition<O>, sideBySide = false): Promise<CheckResult> {
    const id = def.id;
    const notRunHere = this.filed.whyNotRun(id);
    if (notRunHere !== undefined) return this.filed.file(id, { status: 'skipped', message: notRunHere }, 0, 0);
    const run = new Run(this, id, def.needs);
    const started = performance.now();
    const sentBefore = this.requests;
    let result: Outcome;
    try {
      if (this.blocked) throw new Skip(this.blocked);
      if (def.writes && this.config.readOnly) throw new Skip('--read-only: this check sends an operation that writes');
      const notRun = this.notRunOnDownBase();
      if (notRun) throw notRun;
      const unmet = unmetNeed(def.needs, this);
      if (unmet !== undefined) throw new Skip(unmet);
      // The session runs operation O (describeOperation made it for O's spec): its network and example are O's.
      await followReads(this, run.reads, () => def.run(run as unknown as CheckRun<O>));
      result = this.findings.passed(run.lastExchange);
    } catch (error) {
      result = this.findings.outcomeOf(id, error, run);
    }
    // Side by side, the session's count also holds the other checks' requests: the check counts its own.
    return this.filed.file(id, result, sideBySide ? run.sent : this.requests - sentBefore, Math.round(performance.now() - started));
  }

  /**
   * Runs `checks` at once (each touches only state of its own, so their order cannot change a verdict); their
   * results are filed in the order given, as if they had run one after another.
   */
  async checkSideBySide<O extends OperationDef>(checks: readonly CheckDefinition<O>[]): Promise<void> {
    const from = this.results.length;
    await Promise.all(checks.map((def) => this.check(def, true)));
    this.filed.reorderFrom(
      from,
      checks.map((def) => def.id),
    );
  }

  /** Records the verdict of a check derived from what another check of this session found. */
  decide(def: DerivedCheck): void {
    const { outcome, exchangeIndex } = def.decide(this);
    this.record(def.id, outcome, exchangeIndex);
  }

  /** A base that stopped answering: its checks end at once, errored with the reason, sending nothing more. */
  private notRunOnDownBase(): Inconclusive | undefined {
    const down = baseDownReason(this.base);
    return down === undefined ? undefined : new Inconclusive(`not run: ${down}`);
  }

  /** Records a result decided elsewhere (e.g. two checks judged from one exchange). */
  record(id: CheckId, outcome: 'passed' | Violation | Skip | Inconclusive, exchangeIndex?: number): void {
    if (this.blocked) outcome = new Skip(this.blocked);
    else if (outcome instanceof Skip) outcome = this.notRunOnDownBase() ?? outcome;
    const fields =
      outcome === 'passed' ? this.findings.passed(exchangeIndex) : this.findings.outcomeOf(id, outcome, undefined, exchangeIndex);
    this.filed.file(id, fields, 0, 0);
  }

  /** Shares one request among checks (the example request is sent once and read by many). */
  memoize<T>(key: string, make: () => Promise<T>): Promise<T> {
    return this.shared.memoize(key, make);
  }

  async send(checkId: CheckId, body: unknown, options: SendOptions = {}): Promise<{ index: number; outcome: HttpOutcome }> {
    const prepared = this.transmission.prepare(body, options, `${this.subject}@${this.network?.slug ?? 'global'}:${checkId}`);
    const { op, request, toOperation } = prepared;
    // Safe writes (safe-writes.ts), enforced here for every request; a URL of its own is a wire check of an
    // unknown route, not the operation's.
    const refusal = toOperation ? refusalOf(this, op, prepared.payload) : undefined;
    if (refusal !== undefined) {
      if (this.config.readOnly) throw new Skip(refusal);
      throw new Error(`the suite refused to send a request that breaks its own rules (a bug of the check): ${refusal}`);
    }
    const received = await this.transmission.deliver(prepared);
    // `conformance replay`: a request the recorded run never sent has no answer to judge.
    if (received.ok && received.response.headers[NOT_IN_CASSETTE_HEADER] !== undefined)
      throw new Skip(`not in the cassette: ${request.method} ${request.url} was not sent by the recorded run`);
    const { index, outcome } = this.evidence.keep(this.personalData.screen(op, received), `${op.service}.${op.method}`);
    noteRead(this, index);
    if (this.config.verbose && (outcome.ok || !outcome.unsent)) printForRun(this.config, this.redactor.text(requestLine(checkId, outcome)));
    this.audiences.note(op, outcome, toOperation);
    this.keyAnswers.note(checkId, prepared.withRunKey, toOperation, outcome);
    if (outcome.ok) this.errorLog.note(checkId, index, op, outcome.response);
    return { index, outcome };
  }

  describe(id: string, detail: ViolationDetail): string {
    return this.findings.describe(id, detail);
  }
}

// What a check's body is handed, told to the checks' floor (src/checks/definition.ts declares the interface
// and names no module of the harness, which runs the checks and so sits above it).
declare module '../checks/definition.js' {
  interface CheckContexts<O extends OperationDef = OperationDef> {
    readonly run: CheckRun<O>;
    readonly session: CheckSession;
  }
}

/**
 * What one check of operation `O` sees: sending, failing, skipping, with its exchanges attributed to it; the
 * operation's request type for its example, and a network for an operation that is per network. (A type over
 * the class, not a generic class: a run of one operation must fit a helper written for any.)
 */
export type CheckRun<O extends OperationDef = OperationDef> = Omit<Run<CheckSession>, 'example' | 'network'> & {
  readonly network: NetworkOf<O>;
  example(): Promise<ExampleAnswer<RequestOf<O>>>;
};
