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

/**
 * Whether the JSON text nests arrays or objects deeper than `max` levels, read from its brackets outside
 * strings: for a text that parsed, the same answer as nestedDeeperThan on its value, without walking (and
 * allocating for) every value of every answer. A text shorter than 2 × (max + 1) cannot nest that deep.
 */
export function textNestedDeeperThan(text: string, max: number): boolean {
  if (text.length < 2 * (max + 1)) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: to its closing quote, over escaped characters.
      for (i += 1; i < text.length; i += 1) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i += 1;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return false;
}

export function guardDepth(outcome: HttpOutcome): HttpOutcome {
  if (!outcome.ok || outcome.response.json === null || typeof outcome.response.json !== 'object') return outcome;
  // The text is the one the value was parsed from: only one that nests too deep is walked, to be sure.
  if (!textNestedDeeperThan(outcome.response.text, MAX_JSON_DEPTH)) return outcome;
  if (!nestedDeeperThan(outcome.response.json, MAX_JSON_DEPTH)) return outcome;
  return {
    ...outcome,
    response: { ...outcome.response, json: undefined, jsonError: `JSON nested deeper than ${MAX_JSON_DEPTH} levels (not read)` },
  };
}
