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
    expect(judgeErrorAnswer(answer(kind.status, errorBody(kind.error)), 'Marketplace')).toEqual({});
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
    const findings = judgeErrorAnswer({ status: 502, headers: {}, text: '<html>', json: undefined, jsonError: 'not JSON' }, 'Marketplace');
    expect(findings['error-body-schema']).toMatchObject({ pointer: '' });
  });

  it('a missing code breaks error-body-schema with the pointer of the field', () => {
    const body = errorBody('Unauthorized');
    delete body['code'];
    expect(judgeErrorAnswer(answer(401, body), 'Marketplace')['error-body-schema']).toMatchObject({ pointer: '/code' });
  });

  it('a status field unlike the HTTP status breaks error-table-agreement', () => {
    expect(
      judgeErrorAnswer(answer(400, { ...errorBody('Unauthorized'), status: 401 }), 'Marketplace')['error-table-agreement'],
    ).toMatchObject({
      pointer: '/status',
      expected: 400,
      actual: 401,
    });
  });

  it("a code unlike the table's breaks error-table-agreement on Marketplace, with the document's row beside the answer", () => {
    const findings = judgeErrorAnswer(answer(400, { ...errorBody('InvalidArgument'), code: 2000 }), 'Marketplace');
    expect(Object.keys(findings)).toEqual(['error-table-agreement']);
    expect(findings['error-table-agreement']).toMatchObject({ pointer: '/code', expected: 2001, actual: 2000 });
    expect(findings['error-table-agreement']?.message).toContain('InvalidArgument 2001 "Invalid argument" 400');
    expect(findings['error-table-agreement']?.message).toContain('code 2000 and status 400');
  });

  it("the API service's own code for InvalidArgument is a SHOULD finding only: the document lists that row for Marketplace", () => {
    const findings = judgeErrorAnswer(answer(400, { ...errorBody('InvalidArgument'), code: 2000 }), 'API');
    expect(Object.keys(findings)).toEqual(['error-unlisted-row-agreement']);
    expect(findings['error-unlisted-row-agreement']).toMatchObject({ pointer: '/code', expected: 2001, actual: 2000 });
    expect(findings['error-unlisted-row-agreement']?.message).toContain('does not list InvalidArgument for API operations');
  });

  it.each([
    ['Indexer', 'ProjectNotFound', 1100, 401],
    ['Relayer', 'Timeout', 1900, 408],
    ['Builder', 'NotFound', 2000, 400],
  ] as const)('%s answering %s with code %i status %i is a SHOULD finding only', (service, name, code, status) => {
    const findings = judgeErrorAnswer(answer(status, { ...errorBody(name), code, status }), service);
    expect(Object.keys(findings)).toEqual(['error-unlisted-row-agreement']);
  });

  it.each(['API', 'Metadata', 'Relayer', 'Indexer', 'Builder'] as const)(
    'on %s a different code for a row the document lists everywhere is a MUST failure',
    (service) => {
      for (const [name, code] of [
        ['WebrpcEndpoint', 1],
        ['WebrpcBadResponse', -6],
        ['Unauthorized', 1101],
        ['PermissionDenied', 1104],
        ['SessionExpired', 1003],
      ] as const) {
        const kind = errorBody(name);
        const findings = judgeErrorAnswer(answer(kind['status'] as number, { ...kind, code }), service);
        expect(Object.keys(findings), name).toEqual(['error-table-agreement']);
        expect(findings['error-table-agreement']?.message).toContain(`${name} ${String(kind['code'])}`);
      }
    },
  );

  it.each([
    ['Metadata', 'WebrpcBadRoute', -2, 400],
    ['Builder', 'WebrpcBadMethod', -4, 405],
    ['API', 'WebrpcBadRequest', -4, 422],
    ['Relayer', 'WebrpcServerPanic', -7, 500],
  ] as const)('on %s a webrpc protocol row (%s) answered with code %i status %i is a MUST failure', (service, name, code, status) => {
    const findings = judgeErrorAnswer(answer(status, { ...errorBody(name), code, status }), service);
    expect(Object.keys(findings)).toEqual(['error-table-agreement']);
    expect(findings['error-table-agreement']?.message).toContain(
      `the webrpc protocol row for ${name}, which binds every service (${service} too)`,
    );
  });

  it('a status unlike the row of a name listed everywhere is a MUST failure on any service', () => {
    const findings = judgeErrorAnswer(answer(403, { ...errorBody('Unauthorized'), status: 403 }), 'Indexer');
    expect(findings['error-table-agreement']).toMatchObject({ pointer: '/status', expected: 401, actual: 403 });
  });

  it('a status field unlike the HTTP status is a MUST failure even for a row the document does not list for the service', () => {
    const findings = judgeErrorAnswer(answer(400, { ...errorBody('Timeout'), status: 408 }), 'API');
    expect(findings['error-table-agreement']).toMatchObject({ pointer: '/status', expected: 400, actual: 408 });
    expect(findings['error-unlisted-row-agreement']).toBeUndefined();
  });

  it('a 5xx-set name with a 4xx status breaks error-status-class and the table', () => {
    const findings = judgeErrorAnswer(answer(400, { ...errorBody('WebrpcInternalError'), status: 400 }), 'Marketplace');
    expect(findings['error-status-class']).toMatchObject({ expected: '5xx', actual: 400 });
    expect(findings['error-table-agreement']).toBeDefined();
  });

  it('an unknown name is a SHOULD finding only', () => {
    const findings = judgeErrorAnswer(answer(401, { error: 'AccessKeyNotFound', code: 1101, msg: 'no key', status: 401 }), 'Marketplace');
    expect(Object.keys(findings)).toEqual(['error-known-name']);
  });

  it('a non-default msg is a SHOULD finding only', () => {
    const findings = judgeErrorAnswer(answer(400, { ...errorBody('InvalidArgument'), msg: 'contractAddress is bad' }), 'Marketplace');
    expect(Object.keys(findings)).toEqual(['error-default-message']);
  });
});
