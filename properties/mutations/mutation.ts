/**
 * What an invalid request is and how much the contract says about refusing it. `refusal` answers only "is a
 * 4xx required?": MUST when interface.md requires it, SHOULD when real servers refuse it (wire-facts.md §4, a
 * convention the document does not state), none when real servers accept it. For every invalid request a
 * 5xx is a failure whatever the level (a client's mistake is not a server error); the caller checks that.
 */
import type fc from 'fast-check';
import type { JsonSchema } from '../json-schema.js';

export const MUTATION_NAMES = [
  'change-field-type',
  'nested-wrong-value',
  'remove-required-field',
  'add-unknown-field',
  'unknown-enum-value',
  'negative-or-fractional-integer',
  'malformed-json',
  'non-object-body',
] as const;
export type MutationName = (typeof MUTATION_NAMES)[number];

export type Refusal = 'MUST' | 'SHOULD' | 'none';

/** Which validator of src/validation/validators.ts rejects the body: `must`, only `should`, or neither. */
export type SchemaBreach = 'must' | 'should' | 'none';

/**
 * Exactly one of `body` (a JSON value to serialise) and `rawBody` (bytes to send as they are) is set; test
 * `rawBody !== undefined`, since `body` may legitimately be `null`.
 */
export interface InvalidRequest {
  readonly mutation: MutationName;
  readonly body?: unknown;
  readonly rawBody?: string;
  /** JSON pointer of the mutated field in `body` ('' for the body as a whole); absent for raw bodies. */
  readonly path?: string;
  readonly refusal: Refusal;
  readonly schemaBreach: SchemaBreach;
  /** What was done, for failure messages ("replaced a string with a number"). */
  readonly detail: string;
}

/**
 * One mutation: from a valid body and its request schema, an arbitrary of invalid requests, or `undefined`
 * when the body holds nothing the mutation can act on (no required field present, no enum, ...).
 */
export type Mutate = (body: Readonly<Record<string, unknown>>, schema: JsonSchema) => fc.Arbitrary<InvalidRequest> | undefined;

export interface Mutation {
  readonly name: MutationName;
  readonly mutate: Mutate;
  /** The strictest refusal any output of this mutation carries. */
  readonly refusal: Refusal;
  /** The sentence the refusal level rests on. */
  readonly basis: string;
}
