/**
 * The error checks: every error answer the session's other checks received, judged against interface.md
 * §Errors when it came (error-answers.ts), is reported here under the check of each rule.
 */
import { IF, WF } from '../checks/catalogue-types.js';
import { ROWS_SHOWN_SENTENCE } from '../contract/errors.js';
import { defineCheck, type CheckDefinition } from '../checks/definition.js';
import type { ErrorCheckId } from './error-answers.js';
import type { CheckRun } from './session.js';
import { throwIfTargetSilent, WRONG_REQUEST_NOT_5XX } from './wrong-requests.js';

/** Fails on the first error answer of the session with a finding of rule `id`. */
async function judgeErrorAnswers(run: CheckRun, id: ErrorCheckId): Promise<void> {
  const session = run.session;
  if (session.errorAnswers.length === 0) {
    throwIfTargetSilent(session);
    run.skip('no error answer was observed');
  }
  for (const observed of session.errorAnswers) {
    const finding = observed.findings[id];
    if (finding) {
      run.adopt(observed.index);
      run.fail({ ...finding, message: `${finding.message} (answer to the ${observed.checkId} request)` });
    }
  }
  run.adopt(session.errorAnswers[0]!.index);
}

export const ERROR_BODY_SCHEMA = defineCheck({
  id: 'error-body-schema',
  level: 'MUST',
  area: 'errors',
  title: 'Every 4xx/5xx answer is an error object with error, code, msg and status',
  basis: `${IF} §Errors: "An error response is a JSON object" (error, code, msg, status required)`,
  judges: 'other-answers',
  run: (run) => judgeErrorAnswers(run, 'error-body-schema'),
});

export const ERROR_TABLE_AGREEMENT = defineCheck({
  id: 'error-table-agreement',
  level: 'MUST',
  area: 'errors',
  title:
    "An error the document lists for the operation, or a webrpc protocol error on any service, has its row's code and status, and its HTTP status equals its status field",
  basis: `${IF} §Errors: "${ROWS_SHOWN_SENTENCE}"; §Authentication's 401/1000, 403/1001, 403/1002 for every operation; "| status | number (HTTP status) | yes |"; ${WF} §5: the webrpc protocol rows (codes 0 to -9) "hold at MUST on every service, also for requests that reach no operation"`,
  judges: 'other-answers',
  run: (run) => judgeErrorAnswers(run, 'error-table-agreement'),
});

export const ERROR_UNLISTED_ROW_AGREEMENT = defineCheck({
  id: 'error-unlisted-row-agreement',
  level: 'SHOULD',
  area: 'errors',
  title:
    "An application error of the table (code 1000 and up) that the document does not list for the operation's service has the table's code and status",
  basis: `${WF} §5: "for a name the document does not list for that operation, it is SHOULD-level" (${IF} §Errors: "${ROWS_SHOWN_SENTENCE}")`,
  judges: 'other-answers',
  run: (run) => judgeErrorAnswers(run, 'error-unlisted-row-agreement'),
});

export const ERROR_STATUS_CLASS = defineCheck({
  id: 'error-status-class',
  level: 'MUST',
  area: 'errors',
  title: 'A 5xx-set error name comes with a 5xx status, a 4xx-set name with a 4xx status',
  basis: `${IF} §Errors: "Client errors are returned with 4xx statuses and server errors with 5xx statuses"`,
  judges: 'other-answers',
  run: (run) => judgeErrorAnswers(run, 'error-status-class'),
});

export const ERROR_KNOWN_NAME = defineCheck({
  id: 'error-known-name',
  level: 'SHOULD',
  area: 'errors',
  title: "An error's name is one of the table's names",
  basis: `${WF} §5: "may use access-key codes outside the document's table ... report such answers precisely"`,
  judges: 'other-answers',
  run: (run) => judgeErrorAnswers(run, 'error-known-name'),
});

export const ERROR_DEFAULT_MESSAGE = defineCheck({
  id: 'error-default-message',
  level: 'SHOULD',
  area: 'errors',
  title: "An error's msg is the table's default message (details go to cause)",
  basis: `${WF} §5: "msg is the error's default message; details go to cause"`,
  judges: 'other-answers',
  run: (run) => judgeErrorAnswers(run, 'error-default-message'),
});

/** The checks over the answers the session's other checks received: they run last, in this order. */
export const ERROR_ANSWER_CHECKS: readonly CheckDefinition[] = [
  WRONG_REQUEST_NOT_5XX,
  ERROR_BODY_SCHEMA,
  ERROR_TABLE_AGREEMENT,
  ERROR_UNLISTED_ROW_AGREEMENT,
  ERROR_STATUS_CLASS,
  ERROR_KNOWN_NAME,
  ERROR_DEFAULT_MESSAGE,
];

export async function runErrorChecks(session: CheckRun['session']): Promise<void> {
  for (const def of ERROR_ANSWER_CHECKS) await session.check(def);
}
