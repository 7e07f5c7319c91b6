/**
 * `negative-or-fractional-integer`: a number the servers read as an unsigned integer (number-semantics.ts)
 * gets a negative or fractional value; a signed one (a range bound, additionalFee) only a fractional value,
 * since servers read a negative one as given. The contract types these fields only as "number", so the request
 * schema still holds: the breach is of the wire convention, which real servers enforce with 400 (wire-facts.md §4).
 */
import fc from 'fast-check';
import { bodyNodes, type BodyNode } from '../body-nodes.js';
import { replacedAt } from '../json-edit.js';
import { nonNullTypes } from '../json-schema.js';
import { numberSemantics } from '../number-semantics.js';
import type { InvalidRequest, Mutate, Mutation, SchemaBreach } from './mutation.js';

const mutate: Mutate = (body, schema) => {
  // Only fields the contract types as numbers: PropertyFilter `values` hold "any JSON value", where a
  // fraction is as valid as anything else.
  const sites = bodyNodes(body, schema).filter(
    (node) => typeof node.value === 'number' && isNumberTyped(node) && numberSemantics(node.schema).integer,
  );
  if (sites.length === 0) return undefined;
  return fc.constantFrom(...sites).chain((site) => replacementFor(site).map((value) => invalid(body, site, value)));
};

function replacementFor(site: BodyNode): fc.Arbitrary<number> {
  const fractional = fc.nat({ max: 10_000 }).map((n) => n + 0.5);
  if (numberSemantics(site.schema).signed) return fractional;
  // `-(n + 1)`: never -0, which JSON writes as 0.
  const negative = fc.nat({ max: 10_000 }).map((n) => -(n + 1));
  return fc.oneof(negative, fractional);
}

function invalid(body: unknown, site: BodyNode, value: number): InvalidRequest {
  return {
    mutation: 'negative-or-fractional-integer',
    body: replacedAt(body, site.pointer, value),
    path: site.pointer,
    refusal: 'SHOULD',
    schemaBreach: breachOf(site, value),
    detail: `replaced the integer ${JSON.stringify(site.value)} with ${value}`,
  };
}

function isNumberTyped(node: BodyNode): boolean {
  const types = nonNullTypes(node.schema);
  return types.includes('number') || types.includes('integer');
}

/** Only a schema typed `integer` (none in today's contract) makes a fraction a schema breach. */
function breachOf(site: BodyNode, value: number): SchemaBreach {
  const types = nonNullTypes(site.schema);
  return types.includes('integer') && !types.includes('number') && !Number.isInteger(value) ? 'must' : 'none';
}

export const negativeOrFractionalInteger: Mutation = {
  name: 'negative-or-fractional-integer',
  mutate,
  refusal: 'SHOULD',
  basis:
    'wire-facts.md §4: "Rejected with 400 WebrpcBadRequest: ... a negative or fractional number for an integer field"; ' +
    'except that "additionalFee is a Go int (signed): a negative value is read as given, not refused. All of them refuse a fraction."',
};
