/**
 * The requests the suite gets wrong on purpose (a foreign Content-Type, GET, an unknown method, no key or a
 * wrong one, a body that is not JSON) are client errors whatever webrpc convention their own checks expect,
 * so a 5xx to any of them breaks interface.md §Errors at MUST level even where their own check is a SHOULD.
 * Generated invalid bodies are judged the same way by invalid-request-not-5xx.
 */
import type { CheckId } from '../checks/catalogue.js';
import type { CheckSession } from './session.js';
import { Inconclusive } from './outcomes.js';

/** The checks whose requests are deliberately wrong, and what is wrong with each. */
const WRONG_REQUESTS: Partial<Record<CheckId, string>> = {
  'auth-missing-key': 'no X-Access-Key',
  'auth-invalid-key': 'an unacceptable X-Access-Key',
  'malformed-json': 'a body that is not JSON',
  'bad-method': 'GET instead of POST',
  'bad-content-type': 'Content-Type text/plain',
  'bad-route': 'an unknown method name',
};

export async function judgeWrongRequestsNot5xx(session: CheckSession): Promise<void> {
  await session.check('wrong-request-not-5xx', async (run) => {
    if (!session.exchanges.some((outcome) => outcome.ok)) {
      throwIfTargetSilent(session);
      run.skip('no request of this operation got an answer');
    }
    const wrong = session.errorAnswers.filter((a) => WRONG_REQUESTS[a.checkId] !== undefined);
    for (const observed of wrong) {
      if (observed.status < 500) continue;
      run.adopt(observed.index);
      run.fail({
        message: `a request with ${WRONG_REQUESTS[observed.checkId]} is a client's mistake: it must not get a server error (answer to the ${observed.checkId} request)`,
        pointer: '',
        expected: '4xx',
        actual: `${observed.status} ${observed.error ?? ''}`.trim(),
      });
    }
    if (wrong[0]) run.adopt(wrong[0].index);
  });
}

/**
 * When no request of the session got any answer because the target did not give one (a timeout, a reset), a
 * check judging the answers could not run: an error of the run, never a reason to skip the check.
 */
export function throwIfTargetSilent(session: CheckSession): void {
  if (session.exchanges.some((outcome) => outcome.ok)) return;
  const failed = session.exchanges.find((outcome) => !outcome.ok);
  if (failed && !failed.ok) throw new Inconclusive(`no request of this operation got an answer: ${failed.message}`);
}
