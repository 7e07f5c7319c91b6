/**
 * One operation on one network (or once, for operations that are not per network): runs its checks in order,
 * sends their requests, keeps every error answer for the error checks, and turns each outcome into a
 * CheckResult of the report model.
 */
import { checkDef, type CheckId } from '../checks/catalogue.js';
import type { CheckDefinition, DerivedCheck } from '../checks/definition.js';
import { NEEDS, unmetNeed, type CheckNeed, type NeedValue } from '../checks/needs.js';
import { checkSelection, type CheckSelection } from '../checks/selection.js';
import type { RunConfig } from '../config/run-config.js';
import type { NetworkFixtures } from '../config/fixtures.js';
import type { Network } from '../contract/networks.js';
import { operationId, type NetworkOf, type OperationDef, type RequestOf } from '../contract/operations.js';
import type { CheckResult } from '../report/model.js';
import { redactBody, redactBuilderHeaders, redactPersonal } from '../report/redact.js';
import { judgeErrorAnswer, type ErrorFindings } from './error-answers.js';
import { redactionInputsOf } from '../report/redaction-inputs.js';
import { Redactor } from '../report/redactor.js';
import { send, type HttpOutcome, type HttpResponse } from '../transport/http-client.js';
import { baseDownReason, baseGivenUp, noteBaseOutcome } from './base-health.js';
import { detached, REDACTION_WINDOW, SessionEvidence } from './evidence.js';
import { printForRun } from './run-output.js';
import { requestLine } from './request-line.js';
import { NOT_IN_CASSETTE_HEADER } from '../transport/not-in-cassette.js';
import { operationUrl, serviceBase } from './endpoints.js';
import { Inconclusive, show, Skip, Violation, type ViolationDetail } from '../checks/outcomes.js';
import type { Example } from './example.js';
import { guardDepth } from './json-depth.js';
import { AudienceLedger, refusalOf, writesOf } from './safe-writes.js';
import { stopReason } from './stop-signal.js';
import { stringifyExact } from '../contract/exact-json.js';
import type { UnitOutcome } from './suites.js';
import { profileHidesSkip, profileRuns } from './profile.js';
import { requestRank, sessionEnded, sessionKind } from './schedule.js';

/** One redactor per run configuration in a worker: what one session learns, the others keep out too. */
const redactors = new WeakMap<RunConfig, Redactor>();
function redactorOf(config: RunConfig): Redactor {
  let redactor = redactors.get(config);
  if (!redactor) {
    redactor = new Redactor(redactionInputsOf(config, config.limitedAccessKey));
    redactors.set(config, redactor);
  }
  return redactor;
}
/**
 * A target that hangs would hold every later check of the session for a full timeout each; after this many
 * timeouts the rest end errored at once, saying why (a run against a dead-slow target still ends in minutes).
 */
const TIMEOUTS_BEFORE_GIVING_UP = 2;

export interface SendOptions {
  /** Another operation than the session's (cross-operation checks). */
  readonly op?: Pick<OperationDef, 'service' | 'method'>;
  readonly method?: string;
  /** Overrides the URL entirely (wire checks on unknown routes). */
  readonly url?: string;
  /** The exact bytes to send instead of JSON.stringify(body). */
  readonly rawBody?: string;
  readonly contentType?: string | null;
  /** `false`: no X-Access-Key; a string: that key instead of the configured one. */
  readonly accessKey?: false | string;
}

/** What a check's run decides; the session adds who it is and what it cost. */
type Outcome = Omit<CheckResult, 'requests' | 'durationMs' | 'key' | 'checkId' | 'operation' | 'network' | 'level' | 'title'>;

export interface ExampleExchange {
  readonly ex: Example<unknown>;
  readonly index: number;
  readonly outcome: HttpOutcome;
  /** The documented request was refused and the completed one (Example.completed) answered: the refusal. */
  readonly refusedWithout?: { readonly field: string; readonly index: number; readonly answer: string };
}

/**
 * An error answer the server gave, judged when it came (judgeErrorAnswer) and kept for the error checks with
 * where it came from: its status, its error name and the findings — not the answer itself, which may be large.
 */
export interface ObservedAnswer {
  readonly checkId: CheckId;
  readonly index: number;
  readonly status: number;
  /** The body's `error` field, when it is a string. */
  readonly error: string | undefined;
  readonly findings: ErrorFindings;
}

let nextSessionRank = 0;

export class CheckSession {
  readonly results: CheckResult[] = [];
  readonly errorAnswers: ObservedAnswer[] = [];
  /** What was sent and answered, kept as the report may show it. */
  readonly evidence: SessionEvidence;
  /** The audiences this session made and proved its own, the only ones it may write to (safe-writes.ts). */
  readonly audiences: AudienceLedger;
  /** Personal values taken out of Builder answers (handed to the output redactor through the test's meta). */
  readonly personal = new Set<string>();
  /** How the example request, sent with the run's key, was answered: refused (401) or not. */
  readonly keyAnswers = { refused: 0, accepted: 0 };
  /** How this session's requests were held back: throttling answers, and the time they waited. */
  readonly throttling = { times: 0, waitedMs: 0 };
  private readonly redactor: Redactor;
  private readonly memo = new Map<string, Promise<unknown>>();
  /** Set by blockAll: every check of the session is skipped with this reason, and nothing is sent. */
  private blocked: string | undefined;
  private timeouts = 0;
  private sent = 0;
  private chosen: CheckSelection | undefined;
  /** The spec's example request and the server's answer to it, sent once and shared by every check. */
  exampleAnswer: (() => Promise<ExampleExchange>) | undefined;
  /** When this session started among the process's: its requests are served before those of later ones (schedule.ts). */
  private readonly startRank = nextSessionRank++;
  /** The rank of this session's next request, read as it waits for a slot. */
  private readonly rank = (): number => requestRank(this.config, this.kind, this.startRank, this.sent);

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
    return this.sent;
  }

  /** Skips every check of this session with `reason` (an operation that writes, under --read-only). */
  blockAll(reason: string): void {
    this.blocked = reason;
  }

  /** Runs the check `def`; never throws: the outcome becomes a result. */
  async check<O extends OperationDef>(def: CheckDefinition<O>, sideBySide = false): Promise<CheckResult> {
    const id = def.id;
    this.chosen ??= checkSelection(this.config.checks);
    if (!this.chosen.executes(id)) return this.push(id, { status: 'skipped', message: 'not chosen (--checks, --skip-checks)' }, 0, 0);
    if (!this.profileRuns(id)) return this.push(id, { status: 'skipped', message: 'not run here in the quick profile' }, 0, 0);
    const run = new Run(this, id, def.needs);
    const started = performance.now();
    const sentBefore = this.sent;
    let result: Outcome;
    try {
      if (this.blocked) throw new Skip(this.blocked);
      if (def.writes && this.config.readOnly) throw new Skip('--read-only: this check sends an operation that writes');
      const notRun = this.notRunOnDownBase();
      if (notRun) throw notRun;
      const unmet = unmetNeed(def.needs, this);
      if (unmet !== undefined) throw new Skip(unmet);
      // The session runs operation O (describeOperation made it for O's spec): its network and example are O's.
      await def.run(run as unknown as CheckRun<O>);
      result = { status: 'passed', ...this.evidence.ofPass(run.lastExchange) };
    } catch (error) {
      result = this.outcomeOf(id, error, run);
    }
    // Side by side, the session's count also holds the other checks' requests: the check counts its own.
    return this.push(id, result, sideBySide ? run.sent : this.sent - sentBefore, Math.round(performance.now() - started));
  }

  /**
   * Runs `checks` at once (each touches only state of its own, so their order cannot change a verdict); their
   * results are filed in the order given, as if they had run one after another.
   */
  async checkSideBySide<O extends OperationDef>(checks: readonly CheckDefinition<O>[]): Promise<void> {
    const from = this.results.length;
    await Promise.all(checks.map((def) => this.check(def, true)));
    const order: string[] = checks.map((def) => def.id);
    const filed = this.results.splice(from).sort((a, b) => order.indexOf(a.checkId) - order.indexOf(b.checkId));
    this.results.push(...filed);
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
      outcome === 'passed'
        ? { status: 'passed' as const, ...this.evidence.ofPass(exchangeIndex) }
        : this.outcomeOf(id, outcome, undefined, exchangeIndex);
    this.push(id, fields, 0, 0);
  }

  private push(id: CheckId, outcome: Outcome, requests: number, durationMs: number): CheckResult {
    const def = checkDef(id);
    const result: CheckResult = {
      key: `${this.operationId}:${id}`,
      checkId: id,
      operation: this.operationId,
      network: this.network?.slug ?? null,
      level: def.level,
      title: def.title,
      ...outcome,
      requests,
      durationMs,
    };
    this.chosen ??= checkSelection(this.config.checks);
    if (this.chosen.reports(id) && this.profileReports(id, result)) this.results.push(result);
    return result;
  }

  /** Whether the run's profile (profile.ts) runs check `id` in this session. */
  private profileRuns(id: CheckId): boolean {
    return profileRuns(this.config, id, this.operationId, this.network?.slug ?? null);
  }

  /** The quick profile reports neither what it did not run here nor a judge's skip for want of answers to judge. */
  private profileReports(id: CheckId, result: CheckResult): boolean {
    if (!this.profileRuns(id)) return false;
    return !(result.status === 'skipped' && profileHidesSkip(this.config, id, this.operationId, this.network?.slug ?? null));
  }

  /** Shares one request among checks (the example request is sent once and read by many). */
  memoize<T>(key: string, make: () => Promise<T>): Promise<T> {
    let value = this.memo.get(key) as Promise<T> | undefined;
    if (!value) {
      value = make();
      this.memo.set(key, value);
    }
    return value;
  }

  async send(checkId: CheckId, body: unknown, options: SendOptions = {}): Promise<{ index: number; outcome: HttpOutcome }> {
    const op = options.op ?? this.op;
    const url = options.url ?? operationUrl(this.config.targets, op, this.network);
    const headers: Record<string, string> = {};
    const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
    if (contentType !== null) headers['Content-Type'] = contentType;
    const key = options.accessKey === undefined ? this.config.accessKey : options.accessKey;
    if (key !== false) headers['X-Access-Key'] = key;
    const method = options.method ?? 'POST';
    const payload = options.rawBody ?? (method === 'GET' || method === 'HEAD' ? undefined : stringifyExact(body));
    // Safe writes (safe-writes.ts), enforced here for every request; a URL of its own is a wire check of an
    // unknown route, not the operation's.
    const refusal = options.url === undefined ? refusalOf(this, op, payload) : undefined;
    if (refusal !== undefined) {
      if (this.config.readOnly) throw new Skip(refusal);
      throw new Error(`the suite refused to send a request that breaks its own rules (a bug of the check): ${refusal}`);
    }
    const request = { method, url, headers, ...(payload === undefined ? {} : { body: payload }) };
    const stopped = stopReason(this.config);
    const received: HttpOutcome = stopped
      ? { ok: false, request, failure: 'connection', message: `not sent: ${stopped}`, durationMs: 0, unsent: true }
      : this.timeouts >= TIMEOUTS_BEFORE_GIVING_UP
        ? {
            ok: false,
            request,
            failure: 'timeout',
            message: `not sent: ${this.timeouts} requests of this operation on this network already timed out`,
            durationMs: 0,
            unsent: true,
          }
        : guardDepth(await this.sendCounted(request, serviceBase(this.config.targets, op.service, this.network), writesOf(op)));
    // `conformance replay`: a request the recorded run never sent has no answer to judge.
    if (received.ok && received.response.headers[NOT_IN_CASSETTE_HEADER] !== undefined)
      throw new Skip(`not in the cassette: ${method} ${url} was not sent by the recorded run`);
    const { index, outcome } = this.evidence.keep(this.screenPersonal(op, received));
    if (this.config.verbose && (outcome.ok || !outcome.unsent)) printForRun(this.config, this.redactor.text(requestLine(checkId, outcome)));
    this.audiences.note(op, outcome, options.url === undefined);
    if (checkId === 'response-schema' && key === this.config.accessKey && options.url === undefined && outcome.ok) {
      if (outcome.response.status === 401) this.keyAnswers.refused += 1;
      else this.keyAnswers.accepted += 1;
    }
    if (outcome.ok && outcome.response.status >= 400) this.errorAnswers.push(this.observed(checkId, index, op, outcome.response));
    return { index, outcome };
  }

  /** An error answer as the error checks need it: judged now, so the answer itself need not be kept. */
  private observed(checkId: CheckId, index: number, op: Pick<OperationDef, 'service'>, response: HttpResponse): ObservedAnswer {
    const body = response.json as { error?: unknown } | null | undefined;
    const findings: ErrorFindings = {};
    for (const [id, finding] of Object.entries(judgeErrorAnswer(response, op.service)) as [keyof ErrorFindings, ViolationDetail][]) {
      findings[id] = { ...finding, ...boundedValues(finding) };
    }
    return {
      checkId,
      index,
      status: response.status,
      error: typeof body?.error === 'string' ? detached(body.error.slice(0, 200)) : undefined,
      findings,
    };
  }

  private async sendCounted(request: Parameters<typeof send>[0], base: string, writes: boolean): Promise<HttpOutcome> {
    const outcome = await send(request, {
      writes,
      timeoutMs: this.config.timeoutMs,
      abandon: () => baseDownReason(base),
      learn: (learned) => noteBaseOutcome(base, learned),
      givenUp: baseGivenUp(base),
      rank: this.rank,
    });
    if (outcome.ok || !outcome.unsent) this.sent += 1;
    if (!outcome.ok && outcome.failure === 'timeout') this.timeouts += 1;
    this.throttling.times += outcome.throttling?.times ?? 0;
    this.throttling.waitedMs += outcome.throttling?.waitedMs ?? 0;
    return outcome;
  }

  /**
   * Personal values of a Builder answer, whatever shape they came in, are learned before anything shows them;
   * and the answer's text the checks see (for messages) is the redacted one — a placeholder when the answer
   * cannot be walked (not JSON, too deep), so no raw text of it can reach a message.
   */
  private screenPersonal(op: Pick<OperationDef, 'service'>, outcome: HttpOutcome): HttpOutcome {
    if (op.service !== 'Builder' || !outcome.ok) return outcome;
    const found = outcome.response.json === undefined ? [] : redactPersonal(outcome.response.json).personal;
    for (const value of found) this.personal.add(value);
    this.redactor.learnPersonal(found);
    const { text, headers } = outcome.response;
    return { ...outcome, response: { ...outcome.response, text: redactBody(text, true).text, headers: redactBuilderHeaders(headers) } };
  }

  describe(id: string, detail: ViolationDetail): string {
    const where = `${this.operationId} on ${this.network?.slug ?? 'no network (global)'} [${id}]`;
    const pointer = detail.pointer !== undefined ? ` at ${detail.pointer === '' ? '/ (the whole body)' : detail.pointer}` : '';
    const expectation =
      detail.expected !== undefined || detail.actual !== undefined
        ? ` — expected ${this.evidence.shown(detail.expected, 160)}, actual ${this.evidence.shown(detail.actual, 160)}`
        : '';
    return this.redactor.text(`${where}${pointer}: ${this.evidence.safeText(detail.message, 2000).text}${expectation}`);
  }

  private outcomeOf(
    id: CheckId,
    error: unknown,
    run: Pick<CheckRun, 'lastExchange' | 'reproductionNote'> | undefined,
    exchangeIndex?: number,
  ): Outcome {
    if (error instanceof Skip) return { status: 'skipped', message: error.reason };
    const index = (error as { exchangeIndex?: number }).exchangeIndex ?? exchangeIndex ?? run?.lastExchange;
    const exchange = this.evidence.fieldsOf(index);
    const extra = run?.reproductionNote
      ? { reproduction: `${exchange.reproduction ?? ''}${exchange.reproduction ? '  # ' : ''}${run.reproductionNote}` }
      : {};
    if (error instanceof Violation) {
      const d = error.detail;
      return {
        status: 'failed',
        message: this.describe(id, d),
        ...(d.pointer !== undefined ? { pointer: d.pointer } : {}),
        ...(d.expected !== undefined ? { expected: this.evidence.shown(d.expected, 400) } : {}),
        ...(d.actual !== undefined ? { actual: this.evidence.shown(d.actual, 400) } : {}),
        ...exchange,
        ...extra,
      };
    }
    const message = error instanceof Inconclusive ? error.message : `the check itself failed: ${(error as Error)?.stack ?? String(error)}`;
    return { status: 'errored', message: this.describe(id, { message }), ...exchange, ...extra };
  }
}

/** What the sessions of one unit found, for the run's collector. */
export function unitOutcomeOf(sessions: readonly CheckSession[]): UnitOutcome {
  for (const session of sessions) sessionEnded(session.config, session.kind, session.requests);
  const tallies = sessions.map((s) => s.audiences.tally());
  const throttling = { times: 0, waitedMs: 0 };
  for (const { throttling: own } of sessions) {
    throttling.times += own.times;
    throttling.waitedMs += own.waitedMs;
  }
  return {
    results: sessions.flatMap((s) => s.results),
    personal: sessions.flatMap((s) => [...s.personal]),
    keyAnswers: {
      refused: sessions.reduce((n, s) => n + s.keyAnswers.refused, 0),
      accepted: sessions.reduce((n, s) => n + s.keyAnswers.accepted, 0),
    },
    sent: sessions.reduce((sum, s) => sum + s.requests, 0),
    writes: {
      created: tallies.reduce((n, t) => n + t.created, 0),
      removals: tallies.reduce((n, t) => n + t.removals, 0),
      audienceIds: tallies.flatMap((t) => t.audienceIds),
    },
    ...(throttling.times > 0 || throttling.waitedMs > 0 ? { throttling } : {}),
  };
}

/**
 * What one check of operation `O` sees: sending, failing, skipping, with its exchanges attributed to it; the
 * operation's request type for its example, and a network for an operation that is per network. (A type over
 * the class, not a generic class: a run of one operation must fit a helper written for any.)
 */
// What a check's body is handed, told to the checks' floor (src/checks/definition.ts declares the interface
// and names no module of the harness, which runs the checks and so sits above it).
declare module '../checks/definition.js' {
  interface CheckContexts<O extends OperationDef = OperationDef> {
    readonly run: CheckRun<O>;
    readonly session: CheckSession;
  }
}

export type CheckRun<O extends OperationDef = OperationDef> = Omit<Run, 'example' | 'network'> & {
  readonly network: NetworkOf<O>;
  example(): Promise<ExampleAnswer<RequestOf<O>>>;
};

/** The example request of the operation and the server's successful answer to it. */
export interface ExampleAnswer<Body> {
  readonly body: Body;
  readonly grounded: boolean;
  readonly json: unknown;
  readonly response: HttpResponse;
}

class Run {
  lastExchange: number | undefined;
  /** Requests this check sent itself (through `send`). */
  sent = 0;
  /** Extra reproduction hints (seed and path of a property). */
  reproductionNote: string | undefined;

  constructor(
    readonly session: CheckSession,
    readonly id: CheckId,
    readonly needs: readonly CheckNeed[] = [],
  ) {}

  get config(): RunConfig {
    return this.session.config;
  }

  get network(): Network | null {
    return this.session.network;
  }

  get fixtures(): NetworkFixtures | undefined {
    return this.session.fixtures;
  }

  /** What the check declared it needs (the session skipped it without): asking for an undeclared need is a bug. */
  needed<N extends CheckNeed>(need: N): NeedValue<N> {
    const value = this.needs.includes(need) ? NEEDS[need].value(this.session) : undefined;
    if (value === undefined) throw new Error(`${this.id} reads ${need} without declaring it in its needs`);
    return value as NeedValue<N>;
  }

  /** Sends and returns the answer; a transport failure ends the check as errored. */
  async send(body: unknown, options: SendOptions = {}): Promise<HttpResponse & { index: number }> {
    const { index, outcome } = await this.session.send(this.id, body, options);
    if (outcome.ok || !outcome.unsent) this.sent += 1;
    this.lastExchange = index;
    return this.answerOf(index, outcome);
  }

  answerOf(index: number, outcome: HttpOutcome): HttpResponse & { index: number } {
    if (!outcome.ok) throw new Inconclusive(`no usable answer (${outcome.failure}): ${outcome.message}`, index);
    // Written out rather than spread: every answer of the run comes through here, in shapes a spread handles slowly.
    const { status, headers, text, json, jsonError } = outcome.response;
    return jsonError === undefined ? { status, headers, text, json, index } : { status, headers, text, json, jsonError, index };
  }

  /**
   * The example request of the operation and the server's 200 answer, adopted as this check's evidence.
   * Skips when there is no successful answer to reason about: response-schema already judged that.
   */
  async example(): Promise<ExampleAnswer<unknown>> {
    const exchange = await this.session.exampleAnswer?.();
    if (!exchange) throw new Error('example() is only available inside describeOperation');
    const answer = this.answerOf(exchange.index, exchange.outcome);
    this.adopt(exchange.index);
    if (answer.status === 401)
      throw new Inconclusive(`the target refused the access key (401) on the example request: this check could not run`, exchange.index);
    if (answer.status !== 200 || answer.json === undefined)
      this.skip(`the example request got no successful answer (${answer.status}); response-schema reports it`);
    return { body: exchange.ex.body, grounded: exchange.ex.grounded, json: answer.json, response: answer };
  }

  /** Adopts an exchange made by another check (a shared request) as this check's evidence. */
  adopt(index: number): void {
    this.lastExchange = index;
  }

  fail(detail: ViolationDetail): never {
    throw new Violation(detail, this.lastExchange);
  }

  skip(reason: string): never {
    throw new Skip(reason);
  }
}

/** A finding's values, cut to what a message can show when they are large (a whole answer, say). */
function boundedValues(finding: ViolationDetail): Pick<ViolationDetail, 'expected' | 'actual'> {
  const bounded = (value: unknown): unknown => {
    if (typeof value === 'string') return detached(value.slice(0, REDACTION_WINDOW));
    if (value === null || typeof value !== 'object') return value;
    const text = show(value, REDACTION_WINDOW);
    return text.length < REDACTION_WINDOW ? value : detached(text);
  };
  return {
    ...(finding.expected !== undefined ? { expected: bounded(finding.expected) } : {}),
    ...(finding.actual !== undefined ? { actual: bounded(finding.actual) } : {}),
  };
}
