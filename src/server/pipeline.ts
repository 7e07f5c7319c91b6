/**
 * The conformant answer to one request, in webrpc's order of checks (wire-facts.md §5): route (404
 * WebrpcBadRoute), method (405 WebrpcBadMethod, `Allow: POST`), Content-Type (400 WebrpcBadRequest), then the
 * access key (401 Unauthorized, interface.md §Authentication 3: every operation requires it), then the body
 * (400 WebrpcBadRequest, with the field named in `cause`), then the operation (table errors for refusals).
 * A client's mistake never yields 5xx; only a bug in the server does (WebrpcInternalError).
 */
import { timingSafeEqual } from 'node:crypto';
import type { BalanceSource } from './balance-source.js';
import type { BuilderStore } from './builder-store.js';
import type { SeededWorld } from './data/world.js';
import { decodeRequest, DecodeError } from './decode.js';
import { handlerOf, loadedHandler } from './handlers/index.js';
import type { IncomingRequest } from './request-context.js';
import type { WireResponse } from './types.js';
import { errorAnswer, jsonAnswer, RpcError } from './wire.js';

/** What the reference server's limited key may not do: the Builder operations (a key without project rights). */
export const LIMITED_KEY_DENIED: readonly string[] = ['Builder.CreateAudience', 'Builder.GetAudience', 'Builder.RemoveAudienceContacts'];

export interface PipelineDeps {
  readonly accessKey: string;
  readonly limitedAccessKey: string;
  readonly skipAuth: boolean;
  readonly world: SeededWorld;
  readonly builder: BuilderStore;
  readonly balances: BalanceSource;
}

export async function runPipeline(deps: PipelineDeps, incoming: IncomingRequest): Promise<WireResponse> {
  const { ctx, route, body, parsed } = incoming;
  if (route.kind !== 'operation') return errorAnswer('WebrpcBadRoute', `no method at ${ctx.path}`);
  if (ctx.method !== 'POST') {
    const answer = errorAnswer('WebrpcBadMethod', `${ctx.method} is not allowed: use POST`);
    return { ...answer, headers: { ...answer.headers, allow: 'POST' } };
  }
  if (!isJsonContentType(ctx.headers['content-type'])) {
    return errorAnswer('WebrpcBadRequest', 'Content-Type must be application/json');
  }
  if (!deps.skipAuth && !keyMatches(ctx.headers['x-access-key'], deps.accessKey)) {
    // interface.md §Authentication 3: an acceptable key without rights for the operation is PermissionDenied.
    if (!keyMatches(ctx.headers['x-access-key'], deps.limitedAccessKey)) return errorAnswer('Unauthorized');
    if (LIMITED_KEY_DENIED.includes(route.id)) return errorAnswer('PermissionDenied');
  }

  if (body.tooLarge) return errorAnswer('WebrpcBadRequest', 'the body exceeds the size limit');
  if (body.text.trim() === '') return errorAnswer('WebrpcBadRequest', 'the body is empty');
  if (!parsed.ok) return errorAnswer('WebrpcBadRequest', `the body is not JSON: ${parsed.problem}`);

  const handler = loadedHandler(route.op) ?? (await handlerOf(route.op).catch(() => undefined));
  if (!handler) return errorAnswer('NotImplemented', `${route.id} has no handler`);
  let request: unknown;
  try {
    request = decodeRequest(handler.requestSchema, parsed.value);
  } catch (error) {
    if (error instanceof DecodeError) return errorAnswer('WebrpcBadRequest', error.detail);
    throw error;
  }
  try {
    const result = await handler.handle(request, {
      op: route.op,
      network: incoming.network,
      world: deps.world,
      builder: deps.builder,
      balances: deps.balances,
    });
    return jsonAnswer(result);
  } catch (error) {
    if (error instanceof RpcError) return errorAnswer(error.errorName, error.causeText);
    return errorAnswer('WebrpcInternalError');
  }
}

/** `application/json`, parameters such as charset allowed, case ignored (wire-facts.md §5). */
function isJsonContentType(header: string | undefined): boolean {
  if (header === 'application/json') return true;
  return (header ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** The bytes of each key the server was given, made once rather than on every request. */
const keyBytes = new Map<string, Buffer>();

function keyMatches(header: string | string[] | undefined, expected: string): boolean {
  if (typeof header !== 'string') return false;
  const wanted = keyBytes.get(expected) ?? Buffer.from(expected);
  if (keyBytes.size < 16) keyBytes.set(expected, wanted);
  // Only the length can be told without looking at the bytes, as timingSafeEqual tells it anyway.
  if (Buffer.byteLength(header) !== wanted.length) return false;
  return timingSafeEqual(Buffer.from(header), wanted);
}
