/**
 * Judges an error answer against interface.md §Errors: the object's shape, agreement with the rows the document
 * lists for the operation's service and with the webrpc protocol rows (every service), the status class, and (SHOULD) a known name, its default message and the
 * table's row for a name the document does not list for the service. Every error answer of every check goes
 * through here, so a server's errors are judged the same wherever they show up.
 */
import type { CheckId } from '../checks/catalogue.js';
import { describeRow, findErrorKind, isProtocolRow, rowShownFor } from '../contract/errors.js';
import { isRecord, show } from '../contract/json-values.js';
import { ErrorObject } from '../contract/resources.js';
import type { ServiceName } from '../contract/services.js';
import type { HttpResponse } from '../transport/http-client.js';
import { validators } from '../validation/validators.js';
import type { ViolationDetail } from '../checks/outcomes.js';

export const ERROR_CHECKS = [
  'error-body-schema',
  'error-table-agreement',
  'error-unlisted-row-agreement',
  'error-status-class',
  'error-known-name',
  'error-default-message',
] as const satisfies readonly CheckId[];
export type ErrorCheckId = (typeof ERROR_CHECKS)[number];

export type ErrorFindings = Partial<Record<ErrorCheckId, ViolationDetail>>;

const ERROR_SCHEMA_ID = ErrorObject.$id!;

/** Judges `response`, an answer to an operation of `service` (which rows of the table bind it depends on the service). */
export function judgeErrorAnswer(response: HttpResponse, service: ServiceName): ErrorFindings {
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
  } else if (kind) {
    const codeDiffers = typeof record['code'] === 'number' && record['code'] !== kind.code;
    if (codeDiffers || response.status !== kind.status) {
      const answered = `the answer has code ${show(record['code'])} and status ${response.status}`;
      const detail = codeDiffers
        ? { pointer: '/code', expected: kind.code, actual: record['code'] }
        : { pointer: '/status', expected: kind.status, actual: response.status };
      if (rowShownFor(service, kind.error)) {
        const row = isProtocolRow(kind)
          ? `the webrpc protocol row for ${kind.error}, which binds every service (${service} too), is ${describeRow(kind)}`
          : `the document's row for ${kind.error} on ${service} operations is ${describeRow(kind)}`;
        findings['error-table-agreement'] = {
          message: `${row}; ${answered}`,
          ...detail,
        };
      } else {
        findings['error-unlisted-row-agreement'] = {
          message: `the document does not list ${kind.error} for ${service} operations; its table row is ${describeRow(kind)}; ${answered}`,
          ...detail,
        };
      }
    }
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
