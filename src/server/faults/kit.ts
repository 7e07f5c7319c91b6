/** Small building blocks for faults: on which answers a fault acts and how it rewrites them. */
import { errorBody } from '../../contract/errors.js';
import { isRecord } from '../../contract/json-values.js';
import { orderAt } from '../../contract/order-places.js';
import type { FaultHooks, RequestContext, WireResponse } from '../types.js';

export const isError = (response: WireResponse) => response.status >= 400;
export const errorNameOf = (response: WireResponse) => (response.body as Record<string, unknown> | null)?.['error'];
export const on =
  (operation: string, transform: NonNullable<FaultHooks['transform']>): NonNullable<FaultHooks['transform']> =>
  (ctx, response) =>
    ctx.operation === operation ? transform(ctx, response) : response;
export const onSuccess = (
  operation: string,
  edit: (body: Record<string, unknown>, ctx: RequestContext) => void,
): NonNullable<FaultHooks['transform']> =>
  on(operation, (ctx, response) => {
    if (response.status === 200 && response.body && typeof response.body === 'object') edit(response.body as Record<string, unknown>, ctx);
    return response;
  });
export const answer = (
  name: Parameters<typeof errorBody>[0],
  status?: number,
  edit?: (body: Record<string, unknown>) => void,
): WireResponse => {
  const body = errorBody(name);
  edit?.(body);
  return { status: status ?? (body['status'] as number), headers: { 'content-type': 'application/json' }, body };
};
export const floorOrder = (body: Record<string, unknown>) => orderAt(body, 'floorOrder');

export function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
export const isJson = (text: string) => text.trim() !== '' && parse(text) !== undefined;
export const isJsonObject = (text: string) => isRecord(parse(text));
export const isJsonContent = (ctx: RequestContext) =>
  String(ctx.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('application/json');
