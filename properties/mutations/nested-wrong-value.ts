/**
 * `nested-wrong-value`: a value inside an array or a nested object — never a field of the body itself, which is
 * change-field-type's place — becomes `null` or a JSON type its schema does not allow: a null element in
 * `filter.properties`, a number among `ordersData`'s items, a string for a property filter's `min`. A client that
 * builds nested values goes wrong there too, and interface.md §Errors holds wherever the mistake sits: "Client
 * errors are returned with 4xx statuses".
 */
import fc from 'fast-check';
import { bodyNodes, jsonKind, type BodyNode } from '../body-nodes.js';
import { replacedAt } from '../json-edit.js';
import type { JsonSchema } from '../json-schema.js';
import { refusalOf, replacementOf, wrongKinds } from './change-field-type.js';
import type { InvalidRequest, Mutate, Mutation } from './mutation.js';

/** Inside the body's values: a pointer of two segments or more (`/filter/properties`, `/ordersData/0`). */
const isNested = (node: BodyNode): boolean => node.pointer.indexOf('/', 1) > 0;

/** Whether `null` breaks the schema: a typed value whose types leave null out (a schema of any value takes it). */
function refusesNull(schema: JsonSchema): boolean {
  const types = schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : schema.type;
  return types.length > 0 && !types.includes('null');
}

const mutate: Mutate = (body, schema) => {
  const sites = bodyNodes(body, schema).filter(
    (node) => isNested(node) && (refusesNull(node.schema) || wrongKinds(node.schema).length > 0),
  );
  if (sites.length === 0) return undefined;
  return fc.constantFrom(...sites).chain((site) => {
    const wrong = wrongKinds(site.schema);
    const options: fc.Arbitrary<unknown>[] = [
      ...(refusesNull(site.schema) ? [fc.constant(null)] : []),
      ...(wrong.length > 0 ? [fc.constantFrom(...wrong).chain((kind) => replacementOf(kind, site.value))] : []),
    ];
    return fc.oneof(...options).map((replacement) => invalid(body, site, replacement));
  });
};

function invalid(body: unknown, site: BodyNode, replacement: unknown): InvalidRequest {
  return {
    mutation: 'nested-wrong-value',
    body: replacedAt(body, site.pointer, replacement),
    path: site.pointer,
    // Go decoders read a null as the zero value (wire-facts.md §4), so only a wrong type is expected to be refused.
    refusal: replacement === null ? 'none' : refusalOf(site.schema, replacement),
    schemaBreach: 'must',
    detail: `replaced ${jsonKind(site.value)} ${JSON.stringify(site.value)} inside the body with ${jsonKind(replacement)} ${JSON.stringify(replacement)}`,
  };
}

export const nestedWrongValue: Mutation = {
  name: 'nested-wrong-value',
  mutate,
  refusal: 'SHOULD',
  basis:
    'interface.md §Errors: "Client errors are returned with 4xx statuses" (never 5xx, wherever the mistake sits); wire-facts.md §4: a wrong JSON type is "Rejected with 400 WebrpcBadRequest", while "missing keys become zero values" and a null is read as one (refusal none)',
};
