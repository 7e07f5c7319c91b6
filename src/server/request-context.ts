/**
 * Everything known about a request before the pipeline judges it: its route, its body (read once, parsed
 * once) and its network. Fault hooks see this as a RequestContext; `network` is the slug from the path, or for
 * API and Metadata operations the slug of the body's chain ID, so a fault can target one network.
 */
import type { IncomingMessage } from 'node:http';
import type { Network } from '../contract/networks.js';
import type { ReadBody } from './body.js';
import { fieldOf, networkForChainId } from './chain-ids.js';
import { resolveRoute, type Route } from './routes.js';
import { withoutStackTraces } from './stackless.js';
import type { RequestContext } from './types.js';

export type ParsedBody = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: string };

export interface IncomingRequest {
  readonly ctx: RequestContext;
  readonly route: Route;
  readonly body: ReadBody;
  readonly parsed: ParsedBody;
  readonly network: Network | undefined;
}

export function describeRequest(req: IncomingMessage, body: ReadBody): IncomingRequest {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  const route = resolveRoute(path);
  const parsed = parseBody(body);
  const network = networkOf(route, parsed);
  const ctx: { -readonly [K in keyof RequestContext]: RequestContext[K] } = {
    method: req.method ?? 'GET',
    path,
    headers: req.headers,
    rawBody: body.text,
  };
  if (route.kind !== 'unknown') ctx.service = route.service;
  if (route.kind === 'operation') ctx.operation = route.id;
  if (network) ctx.network = network.slug;
  return { ctx, route, body, parsed, network };
}

function parseBody(body: ReadBody): ParsedBody {
  return withoutStackTraces(() => {
    try {
      return { ok: true, value: JSON.parse(body.text) as unknown };
    } catch (error) {
      return { ok: false, problem: (error as Error).message };
    }
  });
}

function networkOf(route: Route, parsed: ParsedBody): Network | undefined {
  if (route.kind === 'unknown') return undefined;
  if (route.network) return route.network;
  if (route.kind !== 'operation' || route.op.network.kind !== 'body' || !parsed.ok) return undefined;
  return networkForChainId(fieldOf(parsed.value, route.op.network.field));
}
