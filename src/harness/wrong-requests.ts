/**
 * The requests the suite gets wrong on purpose (a foreign Content-Type, GET, an unknown method, no key or a
 * wrong one, a body that is not JSON) are client errors whatever webrpc convention their own checks expect,
 * so a 5xx to any of them breaks interface.md §Errors at MUST level even where their own check is a SHOULD.
 * Generated invalid bodies are judged the same way by invalid-request-not-5xx.
 */
import { CHECK_CATALOGUE } from '../checks/catalogue.js';
import { IF } from '../checks/catalogue-types.js';
import { defineCheck } from '../checks/definition.js';
import type { CheckSession } from './session.js';
import { Inconclusive } from '../checks/outcomes.js';

/** The checks whose requests are deliberately wrong, and what is wrong with each, as their definitions say. */
const WRONG_REQUESTS = new Map(CHECK_CATALOGUE.flatMap((c) => (c.wrongOnPurpose === undefined ? [] : [[c.id, c.wrongOnPurpose] as const])));

export const WRONG_REQUEST_NOT_5XX = defineCheck({
  id: 'wrong-request-not-5xx',
  level: 'MUST',
  area: 'wire',
  title:
    'Every deliberately wrong request (wrong Content-Type, non-POST, unknown method, missing or wrong key, malformed body) is answered without 5xx, whatever its own check expects',
  basis: `${IF} §Errors: "Client errors are returned with 4xx statuses and server errors with 5xx statuses" (which 4xx is a convention; that a client's mistake is not a 5xx is the document's)`,
  judges: 'other-answers',
  async run(run) {
    const session = run.session;
    if (!session.exchanges.some((outcome) => outcome.ok)) {
      throwIfTargetSilent(session);
      run.skip('no request of this operation got an answer');
    }
    const wrong = session.errorAnswers.filter((a) => WRONG_REQUESTS.has(a.checkId));
    for (const observed of wrong) {
      if (observed.status < 500) continue;
      run.adopt(observed.index);
      run.fail({
        message: `a request with ${WRONG_REQUESTS.get(observed.checkId)} is a client's mistake: it must not get a server error (answer to the ${observed.checkId} request)`,
        pointer: '',
        expected: '4xx',
        actual: `${observed.status} ${observed.error ?? ''}`.trim(),
      });
    }
    if (wrong[0]) run.adopt(wrong[0].index);
  },
});

/**
 * When no request of the session got any answer because the target did not give one (a timeout, a reset), a
 * check judging the answers could not run: an error of the run, never a reason to skip the check.
 */
export function throwIfTargetSilent(session: CheckSession): void {
  if (session.exchanges.some((outcome) => outcome.ok)) return;
  const failed = session.exchanges.find((outcome) => !outcome.ok);
  if (failed && !failed.ok) throw new Inconclusive(`no request of this operation got an answer: ${failed.message}`);
}
