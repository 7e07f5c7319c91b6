/**
 * What a session sent and was answered, kept as a report may show it: every exchange, with a body longer than
 * any report could show cut on arrival; and the report's view of one — key, URL secrets and personal data
 * redacted, then bodies truncated — with its reproduction line.
 */
import type { CheckResult, Exchange } from '../../report/model.js';
import { redactBody, redactHeaders, redactPersonal } from '../../report/redact.js';
import type { Redactor } from '../../report/redactor.js';
import type { HttpOutcome } from '../../transport/http-client.js';
import { curlLine } from '../curl.js';
import { show } from '../../checks/outcomes.js';

const REPORT_BODY_LIMIT = 8 * 1024;
/** What an answer holding personal data has (redact.ts's walk finds it under `contacts` or by an address). */
const MAY_HOLD_PERSONAL = /contacts|email|@/i;
/** A value is cut to this before it is redacted (then cut again, shorter): no secret survives in part at a cut. */
export const REDACTION_WINDOW = 64 * 1024;

export class SessionEvidence {
  readonly exchanges: HttpOutcome[] = [];
  /** The operation (`<Service>.<Method>`) each exchange went to, by index. */
  private readonly operations: string[] = [];
  /** Exchanges whose body was cut when it came (cutLargeBody): the report shows it as it is, marked truncated. */
  private readonly cutBodies = new Set<number>();
  private readonly reproductions = new Map<number, { readonly line: string; readonly learned: number }>();

  constructor(
    private readonly redactor: Redactor,
    private readonly limitedAccessKey: string | undefined,
  ) {}

  /**
   * Keeps an exchange; answers its index and the outcome as the checks see it (a large body cut). The parsed
   * body is the caller's; what is kept is the text (parsed, it would weigh several times as much, for every
   * answer of every session at once).
   */
  keep(received: HttpOutcome, operation: string): { index: number; outcome: HttpOutcome } {
    this.learnPersonal(received);
    const outcome = this.cutLargeBody(received);
    const index = this.exchanges.push(outcome.ok ? withoutJson(outcome) : outcome) - 1;
    this.operations[index] = operation;
    return { index, outcome };
  }

  /** The operation an exchange went to, when it was sent (an exchange held back was read by nobody). */
  sentTo(index: number): string | undefined {
    const outcome = this.exchanges[index];
    return outcome && (outcome.ok || !outcome.unsent) ? this.operations[index] : undefined;
  }

  /**
   * Personal data in an answer of another service than Builder's (whose answers are screened as they come): a
   * server may put contacts or e-mail addresses anywhere, and whatever it put there it may echo later. Only an
   * answer that can hold some (`contacts`, `email`, an `@`) is walked.
   */
  private learnPersonal(outcome: HttpOutcome): void {
    if (!outcome.ok || outcome.response.json === undefined || outcome.request.url.includes('/Builder/')) return;
    if (!MAY_HOLD_PERSONAL.test(outcome.response.text)) return;
    this.redactor.learnPersonal(redactPersonal(outcome.response.json).personal);
  }

  /**
   * A body longer than any message or report could show is kept only as far as it could be shown, in a string
   * of its own (a slice would keep the whole answer alive): a server sending near-cap answers then costs the
   * run kilobytes per exchange, not megabytes. The parsed body stays whole for the checks. It is cut after it
   * was redacted whole: a Builder answer on arrival (screenPersonal); any other that could not be read as JSON
   * here (fail closed: too deep to walk is a placeholder); in one that could, the redactor finds what the README
   * promises (keys, URL secrets, e-mail addresses) in the text itself.
   */
  private cutLargeBody(outcome: HttpOutcome): HttpOutcome {
    if (!outcome.ok || outcome.response.text.length <= REDACTION_WINDOW) return outcome;
    const { response } = outcome;
    const builder = outcome.request.url.includes('/Builder/');
    const redacted = builder || response.json !== undefined ? response.text : redactBody(response.text, false).text;
    this.cutBodies.add(this.exchanges.length);
    return { ...outcome, response: { ...response, text: detached(redacted.slice(0, REDACTION_WINDOW)) } };
  }

  /**
   * Text as it may leave the session: redacted whole, then cut, in a string of its own (a result lives to the
   * end of the run; a slice of a whole answer would keep the answer alive as long).
   */
  safeText(text: string, max: number): { text: string; truncated: boolean } {
    const redacted = this.redactor.text(text.length > REDACTION_WINDOW ? text.slice(0, REDACTION_WINDOW) : text);
    return redacted.length > max
      ? { text: detached(`${redacted.slice(0, max)}…`), truncated: true }
      : { text: detached(redacted), truncated: text.length > REDACTION_WINDOW };
  }

  /** A value for a message: redacted, then cut to `max` characters on one line. */
  shown(value: unknown, max: number): string {
    return this.safeText(show(value, REDACTION_WINDOW), max).text;
  }

  private safeHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(redactHeaders(headers))) out[this.redactor.text(name)] = this.redactor.text(value);
    return out;
  }

  /** The report's view of an exchange: key, URL secrets and personal data redacted, then bodies truncated. */
  exchangeAt(index: number | undefined): Exchange | undefined {
    if (index === undefined) return undefined;
    const outcome = this.exchanges[index];
    if (!outcome) return undefined;
    const builder = outcome.request.url.includes('/Builder/');
    const request = {
      method: outcome.request.method,
      url: this.redactor.text(outcome.request.url),
      headers: this.safeHeaders(outcome.request.headers),
      ...(outcome.request.body === undefined
        ? {}
        : { body: this.safeText(redactBody(outcome.request.body, builder).text, REPORT_BODY_LIMIT).text }),
    };
    if (!outcome.ok)
      return {
        request,
        transportError: this.safeText(`${outcome.failure}: ${outcome.message}`, REPORT_BODY_LIMIT).text,
        durationMs: Math.round(outcome.durationMs),
      };
    const cut = this.cutBodies.has(index);
    const body = this.safeText(cut ? outcome.response.text : redactBody(outcome.response.text, builder).text, REPORT_BODY_LIMIT);
    return {
      request,
      response: {
        status: outcome.response.status,
        headers: this.safeHeaders(outcome.response.headers),
        body: body.text,
        truncated: body.truncated || cut,
      },
      durationMs: Math.round(outcome.durationMs),
    };
  }

  /**
   * A pass keeps only its reproduction line: whole exchanges of ~12,000 passed checks would make report.json
   * tens of megabytes that nobody reads. Failures, errors and skips keep the whole exchange.
   */
  ofPass(index: number | undefined): Pick<CheckResult, 'reproduction'> {
    const reproduction = this.reproductionOf(index);
    return reproduction === undefined ? {} : { reproduction };
  }

  fieldsOf(index: number | undefined): Pick<CheckResult, 'exchange' | 'reproduction'> {
    const exchange = this.exchangeAt(index);
    const reproduction = this.reproductionOf(index);
    return { ...(exchange ? { exchange } : {}), ...(reproduction === undefined ? {} : { reproduction }) };
  }

  /**
   * The redacted reproduction line of an exchange, made once (most of a session's checks share the example's)
   * and again only when the redactor has learnt personal data since.
   */
  reproductionOf(index: number | undefined): string | undefined {
    const outcome = index === undefined ? undefined : this.exchanges[index];
    if (index === undefined || !outcome) return undefined;
    const made = this.reproductions.get(index);
    if (made && made.learned === this.redactor.learned) return made.line;
    const line = this.redactor.text(curlLine(outcome.request, this.limitedAccessKey));
    this.reproductions.set(index, { line, learned: this.redactor.learned });
    return line;
  }
}

/** An answered exchange without its parsed body, written out (every exchange of the run comes through here). */
function withoutJson(outcome: HttpOutcome & { ok: true }): HttpOutcome {
  const { status, headers, text, jsonError } = outcome.response;
  const response =
    jsonError === undefined ? { status, headers, text, json: undefined } : { status, headers, text, json: undefined, jsonError };
  const { request, durationMs, throttling } = outcome;
  return throttling === undefined ? { ok: true, response, request, durationMs } : { ok: true, response, request, durationMs, throttling };
}

/** A copy of `text` that shares no memory with the string it was cut from. */
export function detached(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}
