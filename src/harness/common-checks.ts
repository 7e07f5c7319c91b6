/**
 * The checks every operation gets (GUIDE example 5): the documented response, authentication, the wire rules,
 * properties over generated requests, and the error checks over every error answer seen on the way.
 */
import fc from 'fast-check';
import { invalidRequest, validRequest } from '../../properties/index.js';
import { type OperationDef } from '../contract/operations.js';
import { validators } from '../validation/validators.js';
import { ERROR_CHECKS } from './error-answers.js';
import type { Example, OperationSpec } from './operation-spec.js';
import { Inconclusive, Skip, Violation } from './outcomes.js';
import { assertProperty } from './property.js';
import { refusalOf } from './safe-writes.js';
import { deriveSeed } from './seeds.js';
import { judgeWrongRequestsNot5xx, throwIfTargetSilent } from './wrong-requests.js';
import type { CheckRun, CheckSession } from './session.js';
import type { HttpOutcome, HttpResponse } from '../transport/http-client.js';

const UNACCEPTABLE_KEY = 'conformance-suite-unacceptable-key-0000';

export async function runCommonChecks<O extends OperationDef>(session: CheckSession, spec: OperationSpec<O>): Promise<void> {
  const example = () => exampleOf(session, spec);
  const exampleAnswer = () =>
    session.memoize('example-answer', async () => {
      const ex = await example();
      const { index, outcome } = await session.send('response-schema', ex.body);
      return { ex, index, outcome };
    });
  session.exampleAnswer = exampleAnswer;

  await session.check('response-schema', async (run) => {
    const { ex, index, outcome } = await exampleAnswer();
    const answer = run.answerOf(index, outcome);
    run.adopt(index);
    refusedKey(session, outcome, index);
    if (answer.status !== 200) {
      if (!ex.grounded && answer.status >= 400 && answer.status < 500 && answer.json !== undefined) {
        run.skip(
          `${ex.why ?? 'no known entity for this request'}; the server answered ${answer.status} ${errorName(answer)} to a generated request, which the document allows`,
        );
      }
      run.fail({
        message: 'a valid request must be answered with HTTP 200',
        pointer: '',
        expected: 200,
        actual: `${answer.status} ${errorName(answer)}`.trim(),
      });
    }
    expectDocumentedShape(run, session.op, answer);
  });

  await session.check('response-conventions', async (run) => {
    const { index, outcome } = await exampleAnswer();
    const answer = run.answerOf(index, outcome);
    run.adopt(index);
    refusedKey(session, outcome, index);
    if (answer.status !== 200 || answer.json === undefined) run.skip('no successful answer to inspect');
    const issues = validators().should(session.op.response.$id!, answer.json);
    const first = issues[0];
    if (first)
      run.fail({
        message: `${first.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`,
        pointer: first.pointer,
        expected: first.expected,
        actual: first.actual,
      });
  });

  await session.check('response-content-type', async (run) => {
    const { index, outcome } = await exampleAnswer();
    const answer = run.answerOf(index, outcome);
    run.adopt(index);
    expectJsonContentType(run, answer);
  });

  await session.check('auth-missing-key', async (run) => {
    const answer = await run.send((await example()).body, { accessKey: false });
    expectUnauthorized(run, answer);
  });

  await session.check('auth-invalid-key', async (run) => {
    const answer = await run.send((await example()).body, { accessKey: UNACCEPTABLE_KEY });
    expectUnauthorized(run, answer);
  });

  await session.check('limited-key-permission-denied', async (run) => {
    const key =
      session.config.limitedAccessKey ?? run.skip('no limited key given (--limited-access-key or CONFORMANCE_LIMITED_ACCESS_KEY)');
    const denied = session.config.fixtures.limitedKey?.deniedOperations ?? run.skip('the fixtures name no limitedKey.deniedOperations');
    const answer = await run.send((await example()).body, { accessKey: key });
    if (denied.includes(session.operationId)) {
      const verdict = matchesError(answer, 403, 'PermissionDenied', 1001);
      if (verdict)
        run.fail({
          ...verdict,
          message: `a key without rights for the operation (fixtures limitedKey.deniedOperations): ${verdict.message}`,
        });
    } else if (answer.status === 401 || answer.status === 403) {
      run.fail({
        message: 'the limited key has rights for this operation (it is not in limitedKey.deniedOperations): it must not be refused',
        pointer: '',
        expected: 'not 401 or 403',
        actual: `${answer.status} ${errorName(answer)}`.trim(),
      });
    }
  });

  await judgeMalformedJson(session);

  await session.check('bad-method', async (run) => {
    const answer = await run.send(undefined, { method: 'GET', contentType: null });
    expectError(run, answer, 405, 'WebrpcBadMethod');
    const allow = answer.headers['allow'];
    if (
      !allow ||
      !allow
        .split(',')
        .map((m) => m.trim().toUpperCase())
        .includes('POST')
    ) {
      run.fail({
        message: 'a 405 answer should name the allowed method',
        pointer: '',
        expected: 'Allow: POST',
        actual: allow === undefined ? 'no Allow header' : `Allow: ${allow}`,
      });
    }
  });

  await session.check('bad-content-type', async (run) => {
    const answer = await run.send((await example()).body, { contentType: 'text/plain' });
    expectError(run, answer, 400, 'WebrpcBadRequest');
  });

  await session.check('valid-request-not-5xx', async (run) => {
    const rewrite = spec.constrain ? await spec.constrain(session) : undefined;
    const arbitrary = validRequest(session.op, contextOf(session)).map((body): unknown =>
      rewrite ? rewrite(body as Record<string, unknown>) : body,
    );
    let sent = 0;
    await assertProperty(
      run,
      arbitrary,
      async (body) => {
        if (!safeToSend(session, JSON.stringify(body))) return;
        sent += 1;
        const answer = await run.send(body);
        if (answer.status >= 500)
          fail(answer, {
            message: 'a valid request must not be answered with a server error',
            pointer: '',
            expected: 'not 5xx',
            actual: `${answer.status} ${errorName(answer)}`.trim(),
          });
        if (answer.status === 200) {
          const issue = validators().must(session.op.response.$id!, answer.json)[0];
          if (answer.json === undefined)
            fail(answer, {
              message: `a 200 answer must be a JSON object: ${answer.jsonError ?? ''}`,
              pointer: '',
              expected: 'JSON object',
              actual: answer.text,
            });
          if (issue) fail(answer, { message: issue.message, pointer: issue.pointer, expected: issue.expected, actual: issue.actual });
        }
      },
      { seed: deriveSeed(session.config.seed, session.operationId, session.network?.slug ?? '', 'valid'), numRuns: session.config.runs },
    );
    if (sent === 0) run.skip('no generated request was safe to send (README "Safe writes")');
  });

  await judgeInvalidRequests(session, spec);

  await runErrorChecks(session);
}

/** A 401 to a request made with the run's own key: the check could not run (errored), it is not skipped. */
function refusedKey(session: CheckSession, outcome: HttpOutcome, index: number): void {
  if (outcome.ok && outcome.response.status === 401 && outcome.request.headers['X-Access-Key'] === session.config.accessKey) {
    throw new Inconclusive(
      'the target refused the access key (401): no check of this operation that needs an accepted request could run',
      index,
    );
  }
}

/** The error checks over every error answer the session's other checks received. */
export async function runErrorChecks(session: CheckSession): Promise<void> {
  await judgeWrongRequestsNot5xx(session);
  for (const id of ERROR_CHECKS) {
    await session.check(id, async (run) => {
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
    });
  }
}

/** The example of the spec, made once per session; a generated request when the spec has no better one. */
function exampleOf<O extends OperationDef>(session: CheckSession, spec: OperationSpec<O>): Promise<Example<unknown>> {
  return session.memoize('example', async () =>
    spec.example({
      session,
      generated: () => {
        const seed = deriveSeed(session.config.seed, session.operationId, session.network?.slug ?? '', 'example');
        return fc.sample(validRequest(spec.op, contextOf(session)), { seed, numRuns: 1 })[0] as never;
      },
    }),
  );
}

function contextOf(session: CheckSession) {
  return { ...(session.network ? { network: session.network } : {}), ...(session.fixtures ? { fixtures: session.fixtures } : {}) };
}

async function judgeMalformedJson(session: CheckSession): Promise<void> {
  let answer: (HttpResponse & { index: number }) | undefined;
  let failure: Inconclusive | undefined;
  await session.check('malformed-json', async (run) => {
    try {
      answer = await run.send(undefined, { rawBody: '{"this is": not JSON' });
    } catch (error) {
      if (error instanceof Inconclusive) failure = error;
      throw error;
    }
    if (answer.status < 400 || answer.status >= 500) {
      run.fail({
        message: 'a body that is not JSON is a client error: the answer must be 4xx',
        pointer: '',
        expected: '4xx',
        actual: `${answer.status} ${errorName(answer)}`.trim(),
      });
    }
  });
  if (failure || !answer) {
    session.record('malformed-json-bad-request', failure ?? new Skip('the malformed-JSON request could not be made'));
    return;
  }
  const got = answer;
  const verdict = matchesError(got, 400, 'WebrpcBadRequest');
  session.record('malformed-json-bad-request', verdict ? new Violation(verdict, got.index) : 'passed', got.index);
}

async function judgeInvalidRequests<O extends OperationDef>(session: CheckSession, spec: OperationSpec<O>): Promise<void> {
  // One property run feeds two checks: never 5xx (MUST) and refused with 4xx where webrpc refuses (SHOULD).
  let refusalFinding: Violation | undefined;
  let judged = 0;
  await session.check('invalid-request-not-5xx', async (run) => {
    const rewrite = spec.constrain ? await spec.constrain(session) : undefined;
    const arbitrary = invalidRequest(session.op, contextOf(session), rewrite ? { rewriteBase: rewrite } : {});
    await assertProperty(
      run,
      arbitrary,
      async (invalid) => {
        // A mutation may have replaced a rewritten ID with one of its own: such a request is not sent.
        if (!safeToSend(session, invalid.rawBody ?? JSON.stringify(invalid.body))) return;
        const answer = await run.send(invalid.body, invalid.rawBody !== undefined ? { rawBody: invalid.rawBody } : {});
        judged += 1;
        const what = `${invalid.mutation}${invalid.path ? ` at ${invalid.path}` : ''}`;
        if (answer.status >= 500)
          fail(answer, {
            message: `an invalid request (${what}) is a client's mistake: it must not get a server error`,
            pointer: invalid.path ?? '',
            expected: 'not 5xx',
            actual: `${answer.status} ${errorName(answer)}`.trim(),
          });
        if (invalid.refusal !== 'none' && (answer.status < 400 || answer.status >= 500) && !refusalFinding) {
          refusalFinding = new Violation(
            {
              message: `a request with ${what} should be refused with a 4xx error`,
              pointer: invalid.path ?? '',
              expected: '4xx',
              actual: answer.status,
            },
            answer.index,
          );
        }
      },
      { seed: deriveSeed(session.config.seed, session.operationId, session.network?.slug ?? '', 'invalid'), numRuns: session.config.runs },
    );
    if (judged === 0) run.skip('no generated request was safe to send (README "Safe writes")');
  });
  if (judged === 0) session.record('invalid-request-4xx', new Skip('no invalid request was judged'));
  else session.record('invalid-request-4xx', refusalFinding ?? 'passed', refusalFinding?.exchangeIndex);
}

/** Whether safe writes (safe-writes.ts) let this generated payload go out; CheckSession.send enforces the same. */
function safeToSend(session: CheckSession, payload: string | undefined): boolean {
  return refusalOf(session, session.op, payload) === undefined;
}

function fail(answer: { index: number }, detail: ConstructorParameters<typeof Violation>[0]): never {
  throw new Violation(detail, answer.index);
}

export function expectDocumentedShape(run: CheckRun, op: OperationDef, answer: HttpResponse): void {
  if (answer.json === undefined)
    run.fail({
      message: `the answer must be a JSON object: ${answer.jsonError ?? ''}`,
      pointer: '',
      expected: 'JSON object',
      actual: answer.text,
    });
  const issues = validators().must(op.response.$id!, answer.json);
  const first = issues[0];
  if (first) {
    run.fail({
      message: `${first.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`,
      pointer: first.pointer,
      expected: first.expected,
      actual: first.actual,
    });
  }
}

function expectJsonContentType(run: CheckRun, answer: HttpResponse): void {
  const type = answer.headers['content-type'];
  if (!type || type.split(';')[0]!.trim().toLowerCase() !== 'application/json') {
    run.fail({
      message: 'answers should carry Content-Type: application/json',
      pointer: '',
      expected: 'application/json',
      actual: type ?? 'no Content-Type',
    });
  }
}

function expectUnauthorized(run: CheckRun, answer: HttpResponse): void {
  // interface.md §Authentication 3 fixes name, code and status; a body without them is as wrong as a 200.
  const verdict = matchesError(answer, 401, 'Unauthorized', 1000);
  if (verdict) run.fail(verdict);
}

function expectError(run: CheckRun, answer: HttpResponse, status: number, name: string): void {
  const verdict = matchesError(answer, status, name);
  if (verdict) run.fail(verdict);
}

/** Undefined when the answer is the error `name` with `status` (and `code`); otherwise what differs. */
function matchesError(answer: HttpResponse, status: number, name: string, code?: number) {
  if (answer.status !== status)
    return { message: `expected ${status} ${name}`, pointer: '', expected: status, actual: `${answer.status} ${errorName(answer)}`.trim() };
  const body = answer.json as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object')
    return { message: `expected a ${name} error object`, pointer: '', expected: name, actual: answer.text };
  if (body['error'] !== name) return { message: `expected the ${name} error`, pointer: '/error', expected: name, actual: body['error'] };
  if (code !== undefined && body['code'] !== code)
    return { message: `${name} has code ${code}`, pointer: '/code', expected: code, actual: body['code'] };
  if (body['status'] !== status)
    return { message: `the error's status field must be ${status}`, pointer: '/status', expected: status, actual: body['status'] };
  return undefined;
}

function errorName(answer: HttpResponse): string {
  const body = answer.json as Record<string, unknown> | undefined;
  return body && typeof body === 'object' && typeof body['error'] === 'string' ? body['error'] : '';
}
