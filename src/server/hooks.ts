/**
 * Fault hooks (types.ts) folded into one: the first intercept that answers wins, any skipAuth skips auth, and
 * transforms apply in the order given. Faults are hooks around a conformant pipeline, so a broken variant
 * differs from the clean server only in what its fault says.
 */
import type { FaultHooks, RequestContext, WireResponse } from './types.js';

export interface CombinedHooks {
  intercept(ctx: RequestContext): WireResponse | 'hang' | 'reset' | undefined;
  /** Applies every request rewrite in the order given; undefined when no fault has one. */
  readonly rewriteRequest: ((ctx: RequestContext, request: unknown) => unknown) | undefined;
  readonly skipAuth: boolean;
  /**
   * Applies every transform to a deep copy, so a fault can never alter the server's own data; undefined when no
   * fault has one (the clean server's answers then take no extra turn of the event loop).
   */
  readonly transform: ((ctx: RequestContext, response: WireResponse) => Promise<WireResponse>) | undefined;
}

export function combineHooks(faults: readonly FaultHooks[]): CombinedHooks {
  return {
    intercept(ctx) {
      for (const fault of faults) {
        const outcome = fault.intercept?.(ctx);
        if (outcome !== undefined) return outcome;
      }
      return undefined;
    },
    rewriteRequest: faults.some((f) => f.rewriteRequest)
      ? (ctx, request) => faults.reduce((current, f) => (f.rewriteRequest ? f.rewriteRequest(ctx, current) : current), request)
      : undefined,
    skipAuth: faults.some((f) => f.skipAuth === true),
    transform: faults.some((f) => f.transform)
      ? async (ctx, response) => {
          let current = response;
          for (const f of faults) if (f.transform) current = await f.transform(ctx, structuredClone(current));
          return current;
        }
      : undefined,
  };
}
