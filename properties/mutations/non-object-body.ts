/**
 * `non-object-body`: well-formed JSON that is not an object — an array, the body encoded twice as a string,
 * a number, a boolean, `null`. Real servers refuse arrays and scalars (wire-facts.md §4). `null` is the
 * exception: Go's decoder reads `null` into a struct as "no change" without error, so a webrpc server treats
 * it as `{}`, and no refusal is required for it.
 */
import fc from 'fast-check';
import type { InvalidRequest, Mutate, Mutation, Refusal } from './mutation.js';

// Made once: only the first choice depends on the body, and a mutation is drawn for every invalid request.
const SCALARS = [fc.integer({ min: -10, max: 1000 }), fc.boolean(), fc.constant(null)] as const;

const mutate: Mutate = (body) =>
  fc.oneof(fc.constantFrom<unknown>([], [body], JSON.stringify(body)), ...SCALARS).map((value): InvalidRequest => ({
    mutation: 'non-object-body',
    body: value,
    path: '',
    refusal: refusalOf(value),
    schemaBreach: 'must',
    detail: `sent ${describe(value)} as the body`,
  }));

function refusalOf(value: unknown): Refusal {
  return value === null ? 'none' : 'SHOULD';
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return `the ${typeof value} ${JSON.stringify(value).slice(0, 40)}`;
}

export const nonObjectBody: Mutation = {
  name: 'non-object-body',
  mutate,
  refusal: 'SHOULD',
  basis:
    'wire-facts.md §4: "Rejected with 400 WebrpcBadRequest: ... a JSON array or scalar as body" (interface.md §Wire format: "Request body | JSON object"); `null` decodes as {} in Go (refusal none)',
};
