/**
 * An answer nested deeper than any answer of the contract is not handed to the checks as JSON: validators,
 * JSON.stringify and structured cloning all recurse, and at 100,000 levels they exhaust the stack and take
 * every other check of the operation with them. The answer is kept as text and its own check fails on it.
 */
import type { HttpOutcome } from '../transport/http-client.js';
import { MAX_WALK_DEPTH } from '../report/redact.js';

export const MAX_JSON_DEPTH = MAX_WALK_DEPTH;

/** Whether `value` nests arrays or objects deeper than `max` levels (iterative: no stack to exhaust). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item as Record<string, unknown>)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

export function guardDepth(outcome: HttpOutcome): HttpOutcome {
  if (!outcome.ok || outcome.response.json === null || typeof outcome.response.json !== 'object') return outcome;
  if (!nestedDeeperThan(outcome.response.json, MAX_JSON_DEPTH)) return outcome;
  return {
    ...outcome,
    response: { ...outcome.response, json: undefined, jsonError: `JSON nested deeper than ${MAX_JSON_DEPTH} levels (not read)` },
  };
}
