/**
 * Judges an error answer against interface.md §Errors: the object's shape, agreement with the table, the
 * status class, and (SHOULD) a known name with its default message. Every error answer of every check goes
 * through here, so a server's errors are judged the same wherever they show up.
 */
import type { CheckId } from '../checks/catalogue.js';
import { findErrorKind } from '../contract/errors.js';
import { isRecord } from '../contract/json-values.js';
import { ErrorObject } from '../contract/resources.js';
import type { HttpResponse } from '../transport/http-client.js';
import { validators } from '../validation/validators.js';
import type { ViolationDetail } from '../checks/outcomes.js';

export const ERROR_CHECKS = [
  'error-body-schema',
  'error-table-agreement',
  'error-status-class',
  'error-known-name',
  'error-default-message',
] as const satisfies readonly CheckId[];
export type ErrorCheckId = (typeof ERROR_CHECKS)[number];

export type ErrorFindings = Partial<Record<ErrorCheckId, ViolationDetail>>;

const ERROR_SCHEMA_ID = ErrorObject.$id!;

export function judgeErrorAnswer(response: HttpResponse): ErrorFindings {
  const findings: ErrorFindings = {};
  const body = response.json;
  if (body === undefined) {
    findings['error-body-schema'] = {
      message: `a ${response.status} answer must carry a JSON error object; ${response.jsonError ?? 'the body is not JSON'}`,
      pointer: '',
      expected: 'a JSON error object',
      actual: response.text.slice(0, 200),
    };
    return findings;
  }
  const issues = validators().must(ERROR_SCHEMA_ID, body);
  const first = issues[0];
  if (first) {
    findings['error-body-schema'] = {
      message: `the ${response.status} answer is not a valid error object: ${first.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`,
      pointer: first.pointer,
      expected: first.expected,
      actual: first.actual,
    };
  }
  if (!isRecord(body)) return findings;
  const record = body;
  const name = typeof record['error'] === 'string' ? record['error'] : undefined;
  const kind = name === undefined ? undefined : findErrorKind(name);

  if (typeof record['status'] === 'number' && record['status'] !== response.status) {
    findings['error-table-agreement'] = {
      message: `the HTTP status (${response.status}) must equal the error's status field`,
      pointer: '/status',
      expected: response.status,
      actual: record['status'],
    };
  } else if (kind && typeof record['code'] === 'number' && record['code'] !== kind.code) {
    findings['error-table-agreement'] = {
      message: `${kind.error} has code ${kind.code} in the error table`,
      pointer: '/code',
      expected: kind.code,
      actual: record['code'],
    };
  } else if (kind && response.status !== kind.status) {
    findings['error-table-agreement'] = {
      message: `${kind.error} has status ${kind.status} in the error table`,
      pointer: '/status',
      expected: kind.status,
      actual: response.status,
    };
  }

  if (kind) {
    const statusClass =
      response.status >= 500 && response.status < 600 ? '5xx' : response.status >= 400 && response.status < 500 ? '4xx' : 'other';
    if (statusClass !== kind.statusClass) {
      findings['error-status-class'] = {
        message: `${kind.error} belongs to the ${kind.statusClass} set but came with HTTP ${response.status}`,
        pointer: '/status',
        expected: kind.statusClass,
        actual: response.status,
      };
    }
    if (record['msg'] !== kind.msg) {
      findings['error-default-message'] = {
        message: `${kind.error}'s msg should be its default message (details belong in cause)`,
        pointer: '/msg',
        expected: kind.msg,
        actual: record['msg'],
      };
    }
  } else if (name !== undefined) {
    findings['error-known-name'] = {
      message: `error name ${JSON.stringify(name)} is not in the document's error table`,
      pointer: '/error',
      expected: 'a name from the error table',
      actual: name,
    };
  }
  return findings;
}
