/**
 * The checks every operation gets (GUIDE example 5): the documented response, authentication, the wire rules,
 * properties over generated requests, and the error checks over every error answer seen on the way. Each is
 * defined here, in the order a session runs them.
 */
import fc from 'fast-check';
import { invalidRequest, validRequest } from '../../properties/index.js';
import { IF, WF } from '../checks/catalogue-types.js';
import { defineCheck, defineDerivedCheck, type CheckDefinition, type DerivedCheck } from '../checks/definition.js';
import { type OperationDef } from '../contract/operations.js';
import { validators } from '../validation/validators.js';
import { runErrorChecks } from './error-checks.js';
import type { Example, OperationSpec, SafeRewrite } from './operation-spec.js';
import { Inconclusive, Skip, Violation } from '../checks/outcomes.js';
import { assertProperty } from './property.js';
import { refusalOf } from './safe-writes.js';
import { deriveSeed } from './seeds.js';
import type { CheckRun, CheckSession, ExampleExchange } from './session.js';
import type { HttpOutcome, HttpResponse } from '../transport/http-client.js';
import { stringifyExact } from '../contract/exact-json.js';

const UNACCEPTABLE_KEY = 'conformance-suite-unacceptable-key-0000';

/** The spec of the operation each session runs (its example and its safe-writes rewrite). */
const specs = new WeakMap<CheckSession, OperationSpec<OperationDef>>();

/** The example of the spec, made once per session; a generated request when the spec has no better one. */
function exampleOf(session: CheckSession): Promise<Example<unknown>> {
  const spec = specs.get(session);
  if (!spec) throw new Error('the common checks run only inside describeOperation');
  return session.memoize('example', async () =>
    spec.example({
      session,
      network: session.network,
      generated: () => {
        const seed = deriveSeed(session.config.seed, session.operationId, session.network?.slug ?? '', 'example');
        return fc.sample(validRequest(spec.op, contextOf(session)), { seed, numRuns: 1 })[0] as never;
      },
    }),
  );
}

/**
 * The example request sent once with the run's key, and its answer: shared by every check that reads it. A
 * documented request refused where real servers require a field the document does not list is sent once more
 * with it; when that one is answered, it is the example every check judges and the refusal is kept for
 * documented-request-accepted. A refusal of the completed request leaves the first answer to be judged.
 */
function exampleAnswerOf(session: CheckSession): Promise<ExampleExchange> {
  return session.memoize('example-answer', async () => {
    const ex = await exampleOf(session);
    const first = await session.send('response-schema', ex.body);
    const answer = first.outcome.ok ? first.outcome.response : undefined;
    const refused = answer !== undefined && answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 403;
    if (!refused || !ex.completed) return { ex, ...first };
    const second = await session.send('response-schema', ex.completed.body);
    if (!second.outcome.ok || second.outcome.response.status !== 200) return { ex, ...first };
    return {
      ex: { ...ex, body: ex.completed.body },
      ...second,
      refusedWithout: { field: ex.completed.field, index: first.index, answer: `${answer.status} ${errorName(answer)}`.trim() },
    };
  });
}

/** The spec's safe-writes rewrite for generated requests, when the operation writes. */
async function rewriteOf(session: CheckSession): Promise<SafeRewrite | undefined> {
  const spec = specs.get(session);
  return spec?.constrain ? spec.constrain(session) : undefined;
}

/** The example's answer, adopted as the check's evidence. */
async function exampleAnswer(run: CheckRun): Promise<ExampleExchange & { answer: HttpResponse }> {
  const exchange = await exampleAnswerOf(run.session);
  const answer = run.answerOf(exchange.index, exchange.outcome);
  run.adopt(exchange.index);
  return { ...exchange, answer };
}

export const RESPONSE_SCHEMA = defineCheck({
  id: 'response-schema',
  level: 'MUST',
  area: 'response',
  title: 'A valid request is answered 200 with a body of the documented shape',
  basis: `${IF} §Wire format: "| Success response | HTTP 200, JSON object |"; §Resources: field types`,
  async run(run) {
    const { ex, index, outcome, answer } = await exampleAnswer(run);
    refusedKey(run.session, outcome, index);
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
    expectDocumentedShape(run, run.session.op, answer);
  },
});

export const RESPONSE_CONVENTIONS = defineCheck({
  id: 'response-conventions',
  level: 'SHOULD',
  area: 'response',
  title:
    'Response values follow the wire conventions (addresses, decimal amounts, RFC 3339, known enum values; "" passes), the keys real servers send have their types, and signature.types, signature.value and post.body are objects',
  basis: `${WF} §2, §5: "Addresses in responses are lower-case hex; timestamps are RFC 3339"; "A convention on a field's format (hex, address, decimal) applies to non-empty values only"; "collectible metadata uses image_data, external_url, background_color, animation_url (snake_case) on the wire, and a status"; "The document types all three as objects ... Another JSON type there is a SHOULD finding (the document's type against the clients' any), never a MUST failure"`,
  async run(run) {
    const { index, outcome, answer } = await exampleAnswer(run);
    refusedKey(run.session, outcome, index);
    if (answer.status !== 200 || answer.json === undefined) run.skip('no successful answer to inspect');
    const issues = validators().should(run.session.op.response.$id!, answer.json, 'response');
    const first = issues[0];
    if (first)
      run.fail({
        message: `${first.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`,
        pointer: first.pointer,
        expected: first.expected,
        actual: first.actual,
      });
  },
});

export const RESPONSE_CONTENT_TYPE = defineCheck({
  id: 'response-content-type',
  level: 'SHOULD',
  area: 'wire',
  title: 'Every answer carries Content-Type: application/json',
  basis: `${WF} §5: "Every answer carries Content-Type: application/json"`,
  async run(run) {
    expectJsonContentType(run, (await exampleAnswer(run)).answer);
  },
});

export const AUTH_MISSING_KEY = defineCheck({
  id: 'auth-missing-key',
  level: 'MUST',
  area: 'auth',
  title: 'A request without X-Access-Key is answered 401 Unauthorized, code 1000',
  basis: `${IF} §Authentication 3: "A missing or unacceptable key is answered with the Unauthorized error (status 401, code 1000)"`,
  wrongOnPurpose: 'no X-Access-Key',
  async run(run) {
    expectUnauthorized(run, await run.send((await exampleOf(run.session)).body, { accessKey: false }));
  },
});

export const AUTH_INVALID_KEY = defineCheck({
  id: 'auth-invalid-key',
  level: 'MUST',
  area: 'auth',
  title: 'A request with an unacceptable X-Access-Key is answered 401 Unauthorized, code 1000',
  basis: `${IF} §Authentication 3: "A missing or unacceptable key is answered with the Unauthorized error (status 401, code 1000)"`,
  wrongOnPurpose: 'an unacceptable X-Access-Key',
  async run(run) {
    expectUnauthorized(run, await run.send((await exampleOf(run.session)).body, { accessKey: UNACCEPTABLE_KEY }));
  },
});

export const LIMITED_KEY_PERMISSION_DENIED = defineCheck({
  id: 'limited-key-permission-denied',
  level: 'MUST',
  area: 'auth',
  title:
    'With the limited key (--limited-access-key), the operations of fixtures limitedKey.deniedOperations answer 403 PermissionDenied, code 1001; the others do not refuse it',
  basis: `${IF} §Authentication 3: "a key without rights for the operation with PermissionDenied (status 403, code 1001)"`,
  needs: ['limited-key', 'limitedKey.deniedOperations'],
  async run(run) {
    const denied = run.needed('limitedKey.deniedOperations');
    const answer = await run.send((await exampleOf(run.session)).body, { accessKey: run.needed('limited-key') });
    if (denied.includes(run.session.operationId)) {
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
  },
});

/** The malformed-JSON request's answer, or why there was none: malformed-json-bad-request judges it too. */
const malformedAnswers = new WeakMap<CheckSession, { answer?: HttpResponse & { index: number }; failure?: Inconclusive }>();

export const MALFORMED_JSON = defineCheck({
  id: 'malformed-json',
  level: 'MUST',
  area: 'wire',
  title: 'A body that is not JSON is a client error (4xx with an error object)',
  basis: `${IF} §Wire format: "| Request body | JSON object"; §Errors: "Client errors are returned with 4xx statuses"`,
  wrongOnPurpose: 'a body that is not JSON',
  async run(run) {
    let answer: HttpResponse & { index: number };
    try {
      answer = await run.send(undefined, { rawBody: '{"this is": not JSON' });
    } catch (error) {
      if (error instanceof Inconclusive) malformedAnswers.set(run.session, { failure: error });
      throw error;
    }
    malformedAnswers.set(run.session, { answer });
    if (answer.status < 400 || answer.status >= 500) {
      run.fail({
        message: 'a body that is not JSON is a client error: the answer must be 4xx',
        pointer: '',
        expected: '4xx',
        actual: `${answer.status} ${errorName(answer)}`.trim(),
      });
    }
  },
});

export const MALFORMED_JSON_BAD_REQUEST = defineDerivedCheck({
  id: 'malformed-json-bad-request',
  level: 'SHOULD',
  area: 'wire',
  title: 'A body that is not JSON gets 400 WebrpcBadRequest',
  basis: `${WF} §4: "Rejected with 400 WebrpcBadRequest: ... a body that is not JSON"`,
  judgedFrom: 'malformed-json',
  decide(session) {
    const { answer, failure } = malformedAnswers.get(session) ?? {};
    if (failure || !answer) return { outcome: failure ?? new Skip('the malformed-JSON request could not be made') };
    const verdict = matchesError(answer, 400, 'WebrpcBadRequest');
    return { outcome: verdict ? new Violation(verdict, answer.index) : 'passed', exchangeIndex: answer.index };
  },
});

export const BAD_METHOD = defineCheck({
  id: 'bad-method',
  level: 'SHOULD',
  area: 'wire',
  title: 'A method other than POST gets 405 WebrpcBadMethod with Allow: POST',
  basis: `${WF} §5: "a method other than POST → 405 WebrpcBadMethod with header Allow: POST"`,
  wrongOnPurpose: 'GET instead of POST',
  async run(run) {
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
  },
});

export const BAD_CONTENT_TYPE = defineCheck({
  id: 'bad-content-type',
  level: 'SHOULD',
  area: 'wire',
  title: 'A Content-Type other than application/json gets 400 WebrpcBadRequest',
  basis: `${WF} §5: "a Content-Type other than application/json ... → 400 WebrpcBadRequest"`,
  wrongOnPurpose: 'Content-Type text/plain',
  async run(run) {
    const answer = await run.send((await exampleOf(run.session)).body, { contentType: 'text/plain' });
    expectError(run, answer, 400, 'WebrpcBadRequest');
  },
});

export const VALID_REQUEST_NOT_5XX = defineCheck({
  id: 'valid-request-not-5xx',
  level: 'MUST',
  area: 'properties',
  title: 'Any valid generated request is answered without 5xx, with a body of the documented shape',
  basis: `${IF} §Errors: "Client errors are returned with 4xx statuses and server errors with 5xx statuses"; §Wire format`,
  async run(run) {
    const session = run.session;
    const rewrite = await rewriteOf(session);
    const arbitrary = validRequest(session.op, contextOf(session)).map((body): unknown =>
      rewrite ? rewrite(body as Record<string, unknown>) : body,
    );
    let sent = 0;
    await assertProperty(
      run,
      arbitrary,
      async (body) => {
        if (!safeToSend(session, stringifyExact(body))) return;
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
  },
});

/** One property run feeds two checks: never 5xx (MUST) and refused with 4xx where webrpc refuses (SHOULD). */
const invalidJudged = new WeakMap<CheckSession, { judged: number; refusal?: Violation }>();

export const INVALID_REQUEST_NOT_5XX = defineCheck({
  id: 'invalid-request-not-5xx',
  level: 'MUST',
  area: 'properties',
  title: 'Any invalid generated request is answered without 5xx, and any error answer is a valid error object',
  basis: `${IF} §Errors: "Client errors are returned with 4xx statuses" (a client's mistake is not a server error)`,
  async run(run) {
    const session = run.session;
    const tally: { judged: number; refusal?: Violation } = { judged: 0 };
    invalidJudged.set(session, tally);
    const rewrite = await rewriteOf(session);
    const arbitrary = invalidRequest(session.op, contextOf(session), rewrite ? { rewriteBase: rewrite } : {});
    await assertProperty(
      run,
      arbitrary,
      async (invalid) => {
        // A mutation may have replaced a rewritten ID with one of its own: such a request is not sent.
        if (!safeToSend(session, invalid.rawBody ?? stringifyExact(invalid.body))) return;
        const answer = await run.send(invalid.body, invalid.rawBody !== undefined ? { rawBody: invalid.rawBody } : {});
        tally.judged += 1;
        const what = `${invalid.mutation}${invalid.path ? ` at ${invalid.path}` : ''}`;
        if (answer.status >= 500)
          fail(answer, {
            message: `an invalid request (${what}) is a client's mistake: it must not get a server error`,
            pointer: invalid.path ?? '',
            expected: 'not 5xx',
            actual: `${answer.status} ${errorName(answer)}`.trim(),
          });
        if (invalid.refusal !== 'none' && (answer.status < 400 || answer.status >= 500) && !tally.refusal) {
          tally.refusal = new Violation(
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
    if (tally.judged === 0) run.skip('no generated request was safe to send (README "Safe writes")');
  },
});

export const INVALID_REQUEST_4XX = defineDerivedCheck({
  id: 'invalid-request-4xx',
  level: 'SHOULD',
  area: 'properties',
  title: 'A request with a wrong JSON type is refused with 4xx',
  basis: `${WF} §4: "Rejected with 400 WebrpcBadRequest: ... a wrong JSON type"`,
  judgedFrom: 'invalid-request-not-5xx',
  decide(session) {
    const { judged, refusal } = invalidJudged.get(session) ?? { judged: 0 };
    if (judged === 0) return { outcome: new Skip('no invalid request was judged') };
    return { outcome: refusal ?? 'passed', ...(refusal ? { exchangeIndex: refusal.exchangeIndex } : {}) };
  },
});

/** The checks every operation gets before its own, in the order they run; the error checks follow them. */
export const COMMON_CHECKS: readonly (CheckDefinition | DerivedCheck)[] = [
  RESPONSE_SCHEMA,
  RESPONSE_CONVENTIONS,
  RESPONSE_CONTENT_TYPE,
  AUTH_MISSING_KEY,
  AUTH_INVALID_KEY,
  LIMITED_KEY_PERMISSION_DENIED,
  MALFORMED_JSON,
  MALFORMED_JSON_BAD_REQUEST,
  BAD_METHOD,
  BAD_CONTENT_TYPE,
  VALID_REQUEST_NOT_5XX,
  INVALID_REQUEST_NOT_5XX,
  INVALID_REQUEST_4XX,
];

export async function runCommonChecks<O extends OperationDef>(session: CheckSession, spec: OperationSpec<O>): Promise<void> {
  specs.set(session, spec as unknown as OperationSpec<OperationDef>);
  session.exampleAnswer = () => exampleAnswerOf(session);
  for (const def of COMMON_CHECKS) {
    if ('decide' in def) session.decide(def);
    else await session.check(def);
  }
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

function contextOf(session: CheckSession) {
  return { ...(session.network ? { network: session.network } : {}), ...(session.fixtures ? { fixtures: session.fixtures } : {}) };
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
