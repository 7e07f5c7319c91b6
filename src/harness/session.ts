/**
 * One operation on one network (or once, for operations that are not per network): runs its checks in order,
 * sends their requests, keeps every error answer for the error checks, and turns each outcome into a
 * CheckResult of the report model.
 */
import { checkDef, type CheckId } from '../checks/catalogue.js';
import { checkSelection, type CheckSelection } from '../checks/selection.js';
import type { RunConfig } from '../config/run-config.js';
import type { NetworkFixtures } from '../config/fixtures.js';
import type { Network } from '../contract/networks.js';
import { operationId, type OperationDef } from '../contract/operations.js';
import type { CheckResult, Exchange } from '../report/model.js';
import { redactBodyText, redactHeaders, redactSecret } from '../report/redact.js';
import { send, type HttpOutcome, type HttpResponse } from '../transport/http-client.js';
import { baseDownReason, noteBaseOutcome } from './base-health.js';
import { curlLine } from './curl.js';
import { requestLine } from './request-line.js';
import { operationUrl, serviceBase } from './endpoints.js';
import { Inconclusive, show, Skip, Violation, type ViolationDetail } from './outcomes.js';
import type { Example } from './operation-spec.js';
import { noteCreated, refusalOf } from './safe-writes.js';

const REPORT_BODY_LIMIT = 8 * 1024;
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
}

/** An answer the server gave, kept for the error checks with where it came from. */
export interface ObservedAnswer {
  readonly checkId: CheckId;
  readonly index: number;
  readonly response: HttpResponse;
}

export class CheckSession {
  readonly results: CheckResult[] = [];
  readonly errorAnswers: ObservedAnswer[] = [];
  readonly exchanges: HttpOutcome[] = [];
  /** Audiences this session's own CreateAudience requests created: the only ones it may empty (safe-writes.ts). */
  readonly createdAudienceIds = new Set<number>();
  private readonly memo = new Map<string, Promise<unknown>>();
  /** Set by blockAll: every check of the session is skipped with this reason, and nothing is sent. */
  private blocked: string | undefined;
  private timeouts = 0;
  private sent = 0;
  private chosen: CheckSelection | undefined;
  /** The spec's example request and the server's answer to it, sent once and shared by every check. */
  exampleAnswer: (() => Promise<ExampleExchange>) | undefined;

  constructor(
    readonly op: OperationDef,
    readonly network: Network | null,
    readonly config: RunConfig,
    /** What results are filed under: the operation, or a service for checks of a whole service. */
    private readonly subject: string = operationId(op),
  ) {}

  get operationId(): string {
    return this.subject;
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

  /** Runs `body` as the check `id`; never throws: the outcome becomes a result. */
  async check(id: CheckId, body: (run: CheckRun) => Promise<void>): Promise<CheckResult> {
    this.chosen ??= checkSelection(this.config.checks);
    if (!this.chosen.executes(id)) return this.push(id, { status: 'skipped', message: 'not chosen (--checks, --skip-checks)' }, 0, 0);
    const def = checkDef(id);
    const run = new CheckRun(this, id);
    const started = performance.now();
    const sentBefore = this.sent;
    let result: Outcome;
    try {
      if (this.blocked) throw new Skip(this.blocked);
      if (def.writes && this.config.readOnly) throw new Skip('--read-only: this check sends an operation that writes');
      await body(run);
      result = { status: 'passed', ...this.evidenceOfPass(run.lastExchange) };
    } catch (error) {
      result = this.outcomeOf(id, error, run);
    }
    return this.push(id, result, this.sent - sentBefore, Math.round(performance.now() - started));
  }

  /** Records a result decided elsewhere (e.g. two checks judged from one exchange). */
  record(id: CheckId, outcome: 'passed' | Violation | Skip | Inconclusive, exchangeIndex?: number): void {
    if (this.blocked) outcome = new Skip(this.blocked);
    const fields =
      outcome === 'passed'
        ? { status: 'passed' as const, ...this.evidenceOfPass(exchangeIndex) }
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
    if (this.chosen.reports(id)) this.results.push(result);
    return result;
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
    const payload = options.rawBody ?? (method === 'GET' || method === 'HEAD' ? undefined : JSON.stringify(body));
    // Safe writes (safe-writes.ts), enforced here for every request; a URL of its own is a wire check of an
    // unknown route, not the operation's.
    const refusal = options.url === undefined ? refusalOf(this, op, payload) : undefined;
    if (refusal !== undefined) {
      if (this.config.readOnly) throw new Skip(refusal);
      throw new Error(`the suite refused to send a request that breaks its own rules (a bug of the check): ${refusal}`);
    }
    const request = { method, url, headers, ...(payload === undefined ? {} : { body: payload }) };
    const outcome: HttpOutcome =
      this.timeouts >= TIMEOUTS_BEFORE_GIVING_UP
        ? { ok: false, request, failure: 'timeout', message: `not sent: ${this.timeouts} requests of this operation on this network already timed out`, durationMs: 0, unsent: true }
        : await this.sendCounted(request, serviceBase(this.config.targets, op.service, this.network));
    if (this.config.verbose) console.log(redactSecret(requestLine(checkId, outcome), this.config.accessKey));
    // The parsed body is the caller's; what is kept for evidence is the text (parsed, it would weigh several
    // times as much, for every answer of every session at once).
    const index = this.exchanges.push(outcome.ok ? { ...outcome, response: { ...outcome.response, json: undefined } } : outcome) - 1;
    noteCreated(this.createdAudienceIds, op, outcome);
    if (outcome.ok && outcome.response.status >= 400) this.errorAnswers.push({ checkId, index, response: outcome.response });
    return { index, outcome };
  }

  private async sendCounted(request: Parameters<typeof send>[0], base: string): Promise<HttpOutcome> {
    const outcome = await send(request, { timeoutMs: this.config.timeoutMs, abandon: () => baseDownReason(base) });
    if (outcome.ok || !outcome.unsent) this.sent += 1;
    if (!outcome.ok && outcome.failure === 'timeout') this.timeouts += 1;
    noteBaseOutcome(base, outcome);
    return outcome;
  }

  /** The report's view of an exchange: key and personal data redacted, bodies truncated. */
  exchangeAt(index: number | undefined): Exchange | undefined {
    if (index === undefined) return undefined;
    const outcome = this.exchanges[index];
    if (!outcome) return undefined;
    const secret = this.secrets;
    const request = {
      method: outcome.request.method,
      url: redactSecret(outcome.request.url, secret),
      headers: redactHeaders(outcome.request.headers),
      ...(outcome.request.body === undefined ? {} : { body: truncate(redactBodyText(outcome.request.body, secret)).text }),
    };
    if (!outcome.ok) return { request, transportError: `${outcome.failure}: ${outcome.message}`, durationMs: Math.round(outcome.durationMs) };
    const body = truncate(redactBodyText(outcome.response.text, secret));
    return {
      request,
      response: {
        status: outcome.response.status,
        headers: redactHeaders(outcome.response.headers),
        body: body.text,
        truncated: body.truncated,
      },
      durationMs: Math.round(outcome.durationMs),
    };
  }

  describe(id: string, detail: ViolationDetail): string {
    const where = `${this.operationId} on ${this.network?.slug ?? 'no network (global)'} [${id}]`;
    const pointer = detail.pointer !== undefined ? ` at ${detail.pointer === '' ? '/ (the whole body)' : detail.pointer}` : '';
    const expectation =
      detail.expected !== undefined || detail.actual !== undefined
        ? ` — expected ${show(detail.expected)}, actual ${show(detail.actual)}`
        : '';
    return redactSecret(`${where}${pointer}: ${detail.message}${expectation}`, this.secrets);
  }

  /**
   * A pass keeps only its reproduction line: whole exchanges of ~12,000 passed checks would make report.json
   * tens of megabytes that nobody reads. Failures, errors and skips keep the whole exchange.
   */
  private evidenceOfPass(index: number | undefined): Pick<CheckResult, 'reproduction'> {
    const { reproduction } = this.exchangeFields(index);
    return reproduction === undefined ? {} : { reproduction };
  }

  private exchangeFields(index: number | undefined): Pick<CheckResult, 'exchange' | 'reproduction'> {
    const exchange = this.exchangeAt(index);
    const outcome = index === undefined ? undefined : this.exchanges[index];
    return {
      ...(exchange ? { exchange } : {}),
      ...(outcome ? { reproduction: redactSecret(curlLine(outcome.request, this.config.limitedAccessKey), this.secrets) } : {}),
    };
  }

  private outcomeOf(
    id: CheckId,
    error: unknown,
    run: CheckRun | undefined,
    exchangeIndex?: number,
  ): Outcome {
    if (error instanceof Skip) return { status: 'skipped', message: error.reason };
    const index = (error as { exchangeIndex?: number }).exchangeIndex ?? exchangeIndex ?? run?.lastExchange;
    const exchange = this.exchangeFields(index);
    const extra = run?.reproductionNote ? { reproduction: `${exchange.reproduction ?? ''}${exchange.reproduction ? '  # ' : ''}${run.reproductionNote}` } : {};
    if (error instanceof Violation) {
      const d = error.detail;
      return {
        status: 'failed',
        message: this.describe(id, d),
        ...(d.pointer !== undefined ? { pointer: d.pointer } : {}),
        ...(d.expected !== undefined ? { expected: show(d.expected, 400) } : {}),
        ...(d.actual !== undefined ? { actual: redactSecret(show(d.actual, 400), this.secrets) } : {}),
        ...exchange,
        ...extra,
      };
    }
    const message = error instanceof Inconclusive ? error.message : `the check itself failed: ${(error as Error)?.stack ?? String(error)}`;
    return { status: 'errored', message: this.describe(id, { message }), ...exchange, ...extra };
  }
}

/** What one check sees: sending, failing, skipping, with its exchanges attributed to it. */
export class CheckRun {
  lastExchange: number | undefined;
  /** Extra reproduction hints (seed and path of a property). */
  reproductionNote: string | undefined;

  constructor(
    readonly session: CheckSession,
    readonly id: CheckId,
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

  /** Sends and returns the answer; a transport failure ends the check as errored. */
  async send(body: unknown, options: SendOptions = {}): Promise<HttpResponse & { index: number }> {
    const { index, outcome } = await this.session.send(this.id, body, options);
    this.lastExchange = index;
    return this.answerOf(index, outcome);
  }

  answerOf(index: number, outcome: HttpOutcome): HttpResponse & { index: number } {
    if (!outcome.ok) throw new Inconclusive(`no usable answer (${outcome.failure}): ${outcome.message}`, index);
    return { ...outcome.response, index };
  }

  /**
   * The example request of the operation and the server's 200 answer, adopted as this check's evidence.
   * Skips when there is no successful answer to reason about: response-schema already judged that.
   */
  async example(): Promise<{ body: unknown; grounded: boolean; json: unknown; response: HttpResponse }> {
    const exchange = await this.session.exampleAnswer?.();
    if (!exchange) throw new Error('example() is only available inside describeOperation');
    const answer = this.answerOf(exchange.index, exchange.outcome);
    this.adopt(exchange.index);
    if (answer.status !== 200 || answer.json === undefined) this.skip(`the example request got no successful answer (${answer.status}); response-schema reports it`);
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

function truncate(text: string): { text: string; truncated: boolean } {
  return text.length > REPORT_BODY_LIMIT ? { text: `${text.slice(0, REPORT_BODY_LIMIT)}…`, truncated: true } : { text, truncated: false };
}
