/**
 * What one check sees while it runs: sending, failing, skipping, its needs, the example answer; with its
 * exchanges attributed to it — the one its finding shows, and every one its judgement read (findings.ts
 * attaches those of other operations to the finding).
 */
import type { CheckId } from '../../checks/catalogue.js';
import { NEEDS, type CheckNeed, type NeedValue } from '../../checks/needs.js';
import { Inconclusive, Skip, Violation, type ViolationDetail } from '../../checks/outcomes.js';
import type { NetworkFixtures } from '../../config/fixtures.js';
import type { RunConfig } from '../../config/run-config.js';
import type { Network } from '../../contract/networks.js';
import type { HttpOutcome, HttpResponse } from '../../transport/http-client.js';
import type { Example } from '../example.js';
import type { SendOptions } from './transmission.js';

export interface ExampleExchange {
  readonly ex: Example<unknown>;
  readonly index: number;
  readonly outcome: HttpOutcome;
  /** The documented request was refused and the completed one (Example.completed) answered: the refusal. */
  readonly refusedWithout?: { readonly field: string; readonly index: number; readonly answer: string };
}

/** The example request of the operation and the server's successful answer to it. */
export interface ExampleAnswer<Body> {
  readonly body: Body;
  readonly grounded: boolean;
  readonly json: unknown;
  readonly response: HttpResponse;
}

/** What a run needs of its session. */
export interface RunHost {
  readonly config: RunConfig;
  readonly network: Network | null;
  readonly fixtures: NetworkFixtures | undefined;
  readonly exampleAnswer: (() => Promise<ExampleExchange>) | undefined;
  send(checkId: CheckId, body: unknown, options?: SendOptions): Promise<{ index: number; outcome: HttpOutcome }>;
}

export class Run<Host extends RunHost = RunHost> {
  lastExchange: number | undefined;
  /** Requests this check sent itself (through `send`). */
  sent = 0;
  /** Extra reproduction hints (seed and path of a property). */
  reproductionNote: string | undefined;
  /** Every exchange this check's judgement read: sent, adopted or shared (reading-trail.ts). */
  readonly reads = new Set<number>();
  /** Exchanges the check named as ones its finding rests on (restOn). */
  readonly restsOn = new Set<number>();

  constructor(
    readonly session: Host,
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
    this.adopt(index);
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
    this.reads.add(index);
  }

  /**
   * Names an exchange the check's verdict rests on besides the one it shows, so that its finding carries it
   * (one of another operation is carried without naming; this is for an earlier answer of the same one).
   */
  restOn(index: number): void {
    this.reads.add(index);
    this.restsOn.add(index);
  }

  fail(detail: ViolationDetail): never {
    throw new Violation(detail, this.lastExchange);
  }

  skip(reason: string): never {
    throw new Skip(reason);
  }
}
