/**
 * How the reference server writes an answer. webrpc servers send the same headers on every answer, success or
 * error (wire-facts.md §5), so there is exactly one place that builds them.
 */
import { errorBody, type ErrorName } from '../contract/errors.js';
import { StacklessError } from './stackless.js';
import type { WireResponse } from './types.js';

/** Shaped like a real server's header (`webrpc@…;gen-golang@…;<service>@…`, wire-facts.md §5). */
export const WEBRPC_HEADER = 'webrpc@v0.25.1;gen-golang@v0.18.3;reference@v0.1.0';

function baseHeaders(): Record<string, string> {
  return { 'content-type': 'application/json', webrpc: WEBRPC_HEADER };
}

export function jsonAnswer(body: unknown, status = 200): WireResponse {
  return { status, headers: baseHeaders(), body };
}

/** A table error (interface.md §Errors): the HTTP status is always the body's `status`. */
export function errorAnswer(name: ErrorName, cause?: string): WireResponse {
  const body = errorBody(name, cause);
  return { status: body['status'] as number, headers: baseHeaders(), body };
}

/**
 * A refusal raised from deep inside a handler. Handlers throw it instead of threading results back, because a
 * refusal ends the request; the pipeline turns it into `errorAnswer`.
 */
export class RpcError extends StacklessError {
  constructor(
    readonly errorName: ErrorName,
    readonly causeText?: string,
  ) {
    super(causeText ? `${errorName}: ${causeText}` : errorName);
  }
}

export const invalidArgument = (cause: string): RpcError => new RpcError('InvalidArgument', cause);
export const notFound = (cause: string): RpcError => new RpcError('NotFound', cause);

/** Serialises an answer to the bytes written on the socket. */
export function encodeAnswer(response: WireResponse): string {
  if (response.raw !== undefined) return response.raw;
  return response.body === undefined ? '' : JSON.stringify(response.body);
}
