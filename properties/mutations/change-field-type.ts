/**
 * `change-field-type`: one field (or array item) gets a JSON type its schema does not allow — a number for a
 * string, a string for a number, an object for a boolean... Never `null`: "x or null" fields allow it, and
 * Go decoders read `null` as the zero value, so it is not a type mistake on the wire.
 */
import fc from 'fast-check';
import { madeOnce } from '../../src/made-once.js';
import { CONVENTION_KEYWORD } from '../../src/contract/schema-kit.js';
import { bodyNodes, jsonKind, type BodyNode, type JsonKind } from '../body-nodes.js';
import { replacedAt } from '../json-edit.js';
import { nonNullTypes, type JsonSchema } from '../json-schema.js';
import type { InvalidRequest, Mutate, Mutation, Refusal } from './mutation.js';

const KINDS: readonly JsonKind[] = ['string', 'number', 'boolean', 'object', 'array'];

const mutate: Mutate = (body, schema) => {
  const sites = bodyNodes(body, schema).filter((node) => node.role !== 'root' && wrongKinds(node.schema).length > 0);
  if (sites.length === 0) return undefined;
  return fc.constantFrom(...sites).chain((site) =>
    fc
      .constantFrom(...wrongKinds(site.schema))
      .chain((kind) => replacementOf(kind, site.value))
      .map((replacement) => invalid(body, site, replacement)),
  );
};

function invalid(body: unknown, site: BodyNode, replacement: unknown): InvalidRequest {
  return {
    mutation: 'change-field-type',
    body: replacedAt(body, site.pointer, replacement),
    path: site.pointer,
    refusal: refusalOf(site.schema, replacement),
    schemaBreach: 'must',
    detail: `replaced ${jsonKind(site.value)} ${JSON.stringify(site.value)} with ${jsonKind(replacement)} ${JSON.stringify(replacement)}`,
  };
}

/** The JSON kinds the field's schema refuses; none for a schema that allows any value. */
/** By schema node: every generated body asks it of each of its nodes. */
const wrongKindsOf = new WeakMap<JsonSchema, readonly JsonKind[]>();

export function wrongKinds(schema: JsonSchema): readonly JsonKind[] {
  return madeOnce(wrongKindsOf, schema, () => {
    const allowed = new Set<string>(nonNullTypes(schema).map((t) => (t === 'integer' ? 'number' : t)));
    if (allowed.size === 0) return [];
    return KINDS.filter((kind) => !allowed.has(kind));
  });
}

/** A value of `kind`, taken from the original where a confused client would (5 → "5", "7" → 7). */
export function replacementOf(kind: JsonKind, original: unknown): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'string':
      return fc.constantFrom(JSON.stringify(original), '', 'x');
    case 'number':
      return typeof original === 'string' && /^\d{1,15}$/.test(original) ? fc.constantFrom(Number(original), 1) : fc.nat({ max: 1000 });
    case 'boolean':
      return fc.boolean();
    case 'object':
      return fc.constantFrom({}, { value: original });
    default:
      return fc.constantFrom([], [original]);
  }
}

/**
 * Real servers refuse a wrong JSON type (wire-facts.md §4), except that amount strings also accept a bare JSON
 * integer ("Amount strings (prototyp.BigInt) accept a quoted decimal or a bare JSON integer"). Token IDs are
 * read the same way by some servers, so a number there is not required to be refused either.
 */
export function refusalOf(schema: JsonSchema, replacement: unknown): Refusal {
  const convention = schema[CONVENTION_KEYWORD];
  const amountLike = convention === 'decimal-integer' || convention === 'token-id';
  return amountLike && typeof replacement === 'number' ? 'none' : 'SHOULD';
}

export const changeFieldType: Mutation = {
  name: 'change-field-type',
  mutate,
  refusal: 'SHOULD',
  basis:
    'wire-facts.md §4: "Rejected with 400 WebrpcBadRequest: ... a wrong JSON type (string for a number, number for a string or boolean)"; ' +
    'except "Amount strings (prototyp.BigInt) accept a quoted decimal or a bare JSON integer" (refusal none there)',
};
