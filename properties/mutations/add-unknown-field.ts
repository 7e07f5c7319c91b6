/**
 * `add-unknown-field`: a closed request object (every request object is, schema-kit's `requestObject`) gets a
 * key the contract does not name. The name never matches a declared one ignoring case, since real servers
 * match keys case-insensitively and would read it as that field (wire-facts.md §4).
 */
import fc from 'fast-check';
import { isRecord } from '../../src/contract/json-values.js';
import { bodyNodes, type BodyNode } from '../body-nodes.js';
import { replacedAt } from '../json-edit.js';
import { escapeSegment } from '../json-schema.js';
import { jsonScalar } from '../json-scalar.js';
import type { InvalidRequest, Mutate, Mutation } from './mutation.js';

const mutate: Mutate = (body, schema) => {
  const sites = bodyNodes(body, schema).filter((node) => isRecord(node.value) && node.schema.additionalProperties === false);
  if (sites.length === 0) return undefined;
  return fc
    .constantFrom(...sites)
    .chain((site) => fc.tuple(fc.constant(site), unknownKey(site), unknownValue()))
    .map(([site, key, value]) => invalid(body, site, key, value));
};

function invalid(body: unknown, site: BodyNode, key: string, value: unknown): InvalidRequest {
  const pointer = `${site.pointer}/${escapeSegment(key)}`;
  return {
    mutation: 'add-unknown-field',
    body: replacedAt(body, pointer, value),
    path: pointer,
    refusal: 'none',
    schemaBreach: 'must',
    detail: `added the field ${pointer}, which the contract does not name`,
  };
}

let fieldNames: fc.Arbitrary<string> | undefined;

/** Field-like names; built once, since building a regex arbitrary per draw is slow, and on first use (see unknown-enum-value.ts). */
function fieldName(): fc.Arbitrary<string> {
  fieldNames ??= fc.stringMatching(/^[a-z][A-Za-z0-9_]{2,15}$/);
  return fieldNames;
}

function unknownKey(site: BodyNode): fc.Arbitrary<string> {
  const declared = new Set(Object.keys(site.schema.properties ?? {}).map((k) => k.toLowerCase()));
  const present = new Set(Object.keys(site.value as object).map((k) => k.toLowerCase()));
  return fieldName().filter((key) => !declared.has(key.toLowerCase()) && !present.has(key.toLowerCase()));
}

let unknownValues: fc.Arbitrary<unknown> | undefined;

/** One shared arbitrary (it holds no state), made on first use rather than at each mutation. */
function unknownValue(): fc.Arbitrary<unknown> {
  unknownValues ??= fc.oneof(
    jsonScalar(),
    fc.constant(null),
    fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), jsonScalar(), { maxKeys: 2, noNullPrototype: true }),
  );
  return unknownValues;
}

export const addUnknownField: Mutation = {
  name: 'add-unknown-field',
  mutate,
  refusal: 'none',
  basis: 'wire-facts.md §4: "Unknown request keys are ignored"; the request schemas are closed (additionalProperties: false)',
};
