import { describe, expect, it } from 'vitest';
import { ERROR_KINDS, errorBody } from '../../src/contract/errors.js';
import { judgeErrorAnswer } from '../../src/harness/error-answers.js';
import type { HttpResponse } from '../../src/transport/http-client.js';

const answer = (status: number, body: unknown): HttpResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  text: JSON.stringify(body),
  json: body,
});

describe('judgeErrorAnswer', () => {
  it.each(ERROR_KINDS.map((k) => [k.error, k] as const))('accepts the table entry %s as the document gives it', (_name, kind) => {
    expect(judgeErrorAnswer(answer(kind.status, errorBody(kind.error)))).toEqual({});
  });

  it('the table has 22 entries and its 5xx set is exactly the four names the document lists', () => {
    expect(ERROR_KINDS).toHaveLength(22);
    expect(
      ERROR_KINDS.filter((k) => k.statusClass === '5xx')
        .map((k) => k.error)
        .sort(),
    ).toEqual(['NotImplemented', 'WebrpcBadResponse', 'WebrpcInternalError', 'WebrpcServerPanic']);
    for (const kind of ERROR_KINDS) expect(kind.status >= 500).toBe(kind.statusClass === '5xx');
  });

  it('a body that is not JSON breaks error-body-schema at the root', () => {
    const findings = judgeErrorAnswer({ status: 502, headers: {}, text: '<html>', json: undefined, jsonError: 'not JSON' });
    expect(findings['error-body-schema']).toMatchObject({ pointer: '' });
  });

  it('a missing code breaks error-body-schema with the pointer of the field', () => {
    const body = errorBody('Unauthorized');
    delete body['code'];
    expect(judgeErrorAnswer(answer(401, body))['error-body-schema']).toMatchObject({ pointer: '/code' });
  });

  it('a status field unlike the HTTP status breaks error-table-agreement', () => {
    expect(judgeErrorAnswer(answer(400, { ...errorBody('Unauthorized'), status: 401 }))['error-table-agreement']).toMatchObject({
      pointer: '/status',
      expected: 400,
      actual: 401,
    });
  });

  it("a code unlike the table's breaks error-table-agreement", () => {
    expect(judgeErrorAnswer(answer(400, { ...errorBody('InvalidArgument'), code: 2000 }))['error-table-agreement']).toMatchObject({
      pointer: '/code',
      expected: 2001,
    });
  });

  it('a 5xx-set name with a 4xx status breaks error-status-class and the table', () => {
    const findings = judgeErrorAnswer(answer(400, { ...errorBody('WebrpcInternalError'), status: 400 }));
    expect(findings['error-status-class']).toMatchObject({ expected: '5xx', actual: 400 });
    expect(findings['error-table-agreement']).toBeDefined();
  });

  it('an unknown name is a SHOULD finding only', () => {
    const findings = judgeErrorAnswer(answer(401, { error: 'AccessKeyNotFound', code: 1101, msg: 'no key', status: 401 }));
    expect(Object.keys(findings)).toEqual(['error-known-name']);
  });

  it('a non-default msg is a SHOULD finding only', () => {
    const findings = judgeErrorAnswer(answer(400, { ...errorBody('InvalidArgument'), msg: 'contractAddress is bad' }));
    expect(Object.keys(findings)).toEqual(['error-default-message']);
  });
});
