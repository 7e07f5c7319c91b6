/**
 * The error answers a session met, for the error checks: each judged when it came (judgeErrorAnswer) and kept
 * with where it came from — its status, its error name and the findings, not the answer itself, which may be
 * large.
 */
import type { CheckId } from '../../checks/catalogue.js';
import { show, type ViolationDetail } from '../../checks/outcomes.js';
import type { OperationDef } from '../../contract/operations.js';
import type { HttpResponse } from '../../transport/http-client.js';
import { judgeErrorAnswer, type ErrorFindings } from '../error-answers.js';
import { detached, REDACTION_WINDOW } from './evidence.js';

export interface ObservedAnswer {
  readonly checkId: CheckId;
  readonly index: number;
  readonly status: number;
  /** The body's `error` field, when it is a string. */
  readonly error: string | undefined;
  readonly findings: ErrorFindings;
}

export class ErrorAnswerLog {
  readonly answers: ObservedAnswer[] = [];

  /** Keeps an answer with status 400 or more, judged now, so the answer itself need not be kept. */
  note(checkId: CheckId, index: number, op: Pick<OperationDef, 'service'>, response: HttpResponse): void {
    if (response.status < 400) return;
    const body = response.json as { error?: unknown } | null | undefined;
    const findings: ErrorFindings = {};
    for (const [id, finding] of Object.entries(judgeErrorAnswer(response, op.service)) as [keyof ErrorFindings, ViolationDetail][]) {
      findings[id] = { ...finding, ...boundedValues(finding) };
    }
    this.answers.push({
      checkId,
      index,
      status: response.status,
      error: typeof body?.error === 'string' ? detached(body.error.slice(0, 200)) : undefined,
      findings,
    });
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
