/**
 * The error table of interface.md §Errors, written once. Every check, the reference server and the docs read it.
 * `statusClass` follows the document's classification sentence, not the status digits, so that a table
 * entry and its class can never disagree silently (a test asserts they match).
 */
import type { ServiceName } from './services.js';

export interface ErrorKind {
  readonly error: string;
  readonly code: number;
  readonly msg: string;
  readonly status: number;
  readonly statusClass: '4xx' | '5xx';
}

const FIVE_XX = new Set(['WebrpcBadResponse', 'WebrpcServerPanic', 'WebrpcInternalError', 'NotImplemented']);

const TABLE: ReadonlyArray<readonly [string, number, string, number]> = [
  ['WebrpcEndpoint', 0, 'endpoint error', 400],
  ['WebrpcRequestFailed', -1, 'request failed', 400],
  ['WebrpcBadRoute', -2, 'bad route', 404],
  ['WebrpcBadMethod', -3, 'bad method', 405],
  ['WebrpcBadRequest', -4, 'bad request', 400],
  ['WebrpcBadResponse', -5, 'bad response', 500],
  ['WebrpcServerPanic', -6, 'server panic', 500],
  ['WebrpcInternalError', -7, 'internal error', 500],
  ['WebrpcClientDisconnected', -8, 'client disconnected', 400],
  ['WebrpcStreamLost', -9, 'stream lost', 400],
  ['Unauthorized', 1000, 'Unauthorized access', 401],
  ['PermissionDenied', 1001, 'Permission denied', 403],
  ['SessionExpired', 1002, 'Session expired', 403],
  ['MethodNotFound', 1003, 'Method not found', 404],
  ['Timeout', 2000, 'Request timed out', 408],
  ['InvalidArgument', 2001, 'Invalid argument', 400],
  ['NotFound', 3000, 'Resource not found', 400],
  ['UserNotFound', 3001, 'User not found', 400],
  ['ProjectNotFound', 3002, 'Project not found', 400],
  ['InvalidTier', 3003, 'Invalid subscription tier', 400],
  ['ProjectLimitReached', 3005, 'Project limit reached', 402],
  ['NotImplemented', 9999, 'Not Implemented', 500],
];

export const ERROR_KINDS: readonly ErrorKind[] = Object.freeze(
  TABLE.map(([error, code, msg, status]) =>
    Object.freeze({ error, code, msg, status, statusClass: FIVE_XX.has(error) ? '5xx' : '4xx' } as const),
  ),
);

export type ErrorName = (typeof TABLE)[number][0];

const BY_NAME = new Map(ERROR_KINDS.map((e) => [e.error, e]));

export function findErrorKind(name: string): ErrorKind | undefined {
  return BY_NAME.get(name);
}

export function errorKind(name: string): ErrorKind {
  const kind = BY_NAME.get(name);
  if (!kind) throw new Error(`not in the error table: ${name}`);
  return kind;
}

/** The document's sentence on which rows of the table each operation shows. */
export const ROWS_SHOWN_SENTENCE =
  'The Marketplace operations list the full set; the other operations show WebrpcEndpoint (400) and WebrpcBadResponse (500) explicitly';

/**
 * The rows the document lists outside Marketplace: the two its §Errors names and the three of §Authentication,
 * which holds for every operation. Real services give other names of the table codes of their own
 * (wire-facts.md §5), so only these rows bind every service.
 */
const SHOWN_FOR_EVERY_OPERATION = new Set(['WebrpcEndpoint', 'WebrpcBadResponse', 'Unauthorized', 'PermissionDenied', 'SessionExpired']);

/**
 * The webrpc protocol rows (codes below the application rows' 1000: bad route, bad method, bad request, server
 * panic and the rest). The framework under every service emits them, also for a request that reaches no
 * operation, and every service's generated client declares the table's code and status for them
 * (wire-facts.md §5): they bind every service, whatever the rows the document shows per operation.
 */
export function isProtocolRow(kind: ErrorKind): boolean {
  return kind.code < 1000;
}

/** Whether the document's row for error `name` binds the answers of `service`: at MUST, where error-table-agreement judges it. */
export function rowShownFor(service: ServiceName, name: string): boolean {
  const kind = BY_NAME.get(name);
  if (kind === undefined) return false;
  return service === 'Marketplace' || isProtocolRow(kind) || SHOWN_FOR_EVERY_OPERATION.has(name);
}

/** A table row as the report shows it beside an answer. */
export function describeRow(kind: ErrorKind): string {
  return `${kind.error} ${kind.code} "${kind.msg}" ${kind.status}`;
}

/** The body a conformant server sends for a table error: `cause` only when there is one (webrpc leaves it out). */
export function errorBody(name: string, cause?: string): Record<string, unknown> {
  const kind = errorKind(name);
  const body: Record<string, unknown> = { error: kind.error, code: kind.code, msg: kind.msg, status: kind.status };
  if (cause !== undefined && cause !== '') body['cause'] = cause;
  return body;
}
