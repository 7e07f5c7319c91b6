/**
 * `malformed-json`: bytes that are not JSON, sent as `application/json`: the valid body truncated, followed
 * by garbage, written with single quotes, or nothing at all. interface.md §Wire format fixes the request body
 * as a "JSON object" and §Errors returns client errors with 4xx, so a 4xx is required (MUST).
 */
import fc from 'fast-check';
import { madeOnce } from '../../src/made-once.js';
import type { InvalidRequest, Mutate, Mutation } from './mutation.js';

type Variant = 'truncated' | 'trailing-garbage' | 'single-quotes' | 'empty';

const mutate: Mutate = (body) => {
  const text = JSON.stringify(body);
  return fc.oneof(truncated(text), trailingGarbage(text), singleQuotes(text), empty());
};

// A mutation is drawn for every generated invalid request: what does not depend on the body's text is made once
// (by length where it depends on that alone), and the single-quoted text is written only when that variant is
// drawn; a map over a constant draws nothing, so the values are those of a constant written up front.
const cutPoints = new Map<number, fc.Arbitrary<number>>();
const TAILS = fc.constantFrom('}', ']', ',', 'x', '{}', 'null', '"');
const EMPTY = fc.constant(raw('empty', '', 'an empty body'));

/**
 * A proper prefix of an object's text never closes it, so it is never JSON. The cut falls between characters,
 * never inside a surrogate pair: half a pair cannot be written as UTF-8, and the body sent would not be this one.
 */
function truncated(text: string): fc.Arbitrary<InvalidRequest> {
  return madeOnce(cutPoints, text.length, () => fc.integer({ min: 1, max: text.length - 1 })).map((drawn) => {
    const n = isHighSurrogate(text.charCodeAt(drawn - 1)) ? drawn - 1 : drawn;
    return raw('truncated', text.slice(0, n), `cut after ${n} of ${text.length} characters`);
  });
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/** Non-whitespace after the object: JSON allows only whitespace there. */
function trailingGarbage(text: string): fc.Arbitrary<InvalidRequest> {
  return TAILS.map((tail) => raw('trailing-garbage', text + tail, `followed by ${JSON.stringify(tail)}`));
}

/** JavaScript-style quoting; an empty object has no quotes to swap, so it becomes a quoted string instead. */
function singleQuotes(text: string): fc.Arbitrary<InvalidRequest> {
  return fc.constant(text).map((original) => {
    const swapped = original.replace(/"/g, "'");
    return raw('single-quotes', swapped === original ? `'${original}'` : swapped, 'strings in single quotes');
  });
}

function empty(): fc.Arbitrary<InvalidRequest> {
  return EMPTY;
}

function raw(variant: Variant, rawBody: string, what: string): InvalidRequest {
  return { mutation: 'malformed-json', rawBody, refusal: 'MUST', schemaBreach: 'must', detail: `${variant}: ${what}` };
}

export const malformedJson: Mutation = {
  name: 'malformed-json',
  mutate,
  refusal: 'MUST',
  basis:
    'interface.md §Wire format: "Request body | JSON object, header Content-Type: application/json"; §Errors: "Client errors are returned with 4xx statuses and server errors with 5xx statuses"',
};
