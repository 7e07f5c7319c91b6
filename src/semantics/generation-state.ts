/**
 * "Operations that change state do not change it directly: the generation operations return steps that the
 * caller executes elsewhere" (interface.md §States and transitions): an order read before a generation that
 * names it is read the same after it — the same order, with the same status and quantities.
 */
import { show } from '../contract/json-values.js';
import type { Judgement } from './judgement.js';

/** The fields a cancel or a sale, done at once, would change. */
const STATE_FIELDS = ['orderId', 'status', 'quantityRemaining', 'quantityAvailable', 'deletedAt'] as const;

/** Whether `after` (the order at `pointer` read after the generation) is `before` unchanged. */
export function judgeOrderUnchanged(
  before: Record<string, unknown>,
  after: Record<string, unknown> | undefined,
  pointer: string,
): Judgement {
  if (after === undefined)
    return {
      finding: {
        message: `order ${show(before['orderId'])}, answered before the generation named it, is no longer answered after it: the generation changed the state itself`,
        pointer,
        expected: `order ${show(before['orderId'])}, unchanged`,
        actual: null,
      },
    };
  for (const field of STATE_FIELDS) {
    if (show(before[field]) !== show(after[field]))
      return {
        finding: {
          message: `order ${show(before['orderId'])}'s ${field} changed between a read before the generation that named it and a read after it`,
          pointer: `${pointer}/${field}`,
          expected: before[field] ?? null,
          actual: after[field] ?? null,
        },
      };
  }
  return 'holds';
}
