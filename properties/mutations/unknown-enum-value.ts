/**
 * `unknown-enum-value`: an enumerated string gets a value outside its set — the wrong case of a known value,
 * or a made-up one. For a closed enum (OrderSide, MarketplaceKind, PropertyType: full sets in interface.md)
 * that breaks the request schema; for an open one it is only off the known values. Either way real servers
 * read it as the enum's first value (wire-facts.md §4), so no refusal is required.
 */
import fc from 'fast-check';
import { KNOWN_VALUES_KEYWORD } from '../../src/contract/schema-kit.js';
import { bodyNodes, type BodyNode } from '../body-nodes.js';
import { replacedAt } from '../json-edit.js';
import { enumValues } from '../json-schema.js';
import type { InvalidRequest, Mutate, Mutation } from './mutation.js';

interface EnumSite {
  readonly node: BodyNode;
  readonly values: readonly string[];
  readonly closed: boolean;
}

const mutate: Mutate = (body, schema) => {
  const sites = bodyNodes(body, schema).flatMap(enumSite);
  if (sites.length === 0) return undefined;
  return fc.constantFrom(...sites).chain((site) => outsider(site.values).map((value) => invalid(body, site, value)));
};

function enumSite(node: BodyNode): EnumSite[] {
  if (typeof node.value !== 'string') return [];
  const closed = enumValues(node.schema)?.filter((v): v is string => typeof v === 'string');
  if (closed && closed.length > 0) return [{ node, values: closed, closed: true }];
  const known = node.schema[KNOWN_VALUES_KEYWORD];
  return known && known.length > 0 ? [{ node, values: known, closed: false }] : [];
}

let madeUpWords: fc.Arbitrary<string> | undefined;

/**
 * Made-up enum-like words; built once, since building a regex arbitrary per draw is slow, and on first use: built
 * as the module loads, it was part of every checks' thread's start, before its first request.
 */
function madeUp(): fc.Arbitrary<string> {
  madeUpWords ??= fc.oneof(fc.constantFrom('', 'not_a_known_value', 'UNKNOWN_VALUE'), fc.stringMatching(/^[a-z][a-z_]{0,15}$/));
  return madeUpWords;
}

/** A string not in `values`: a known value in the wrong case, or one no server knows. */
function outsider(values: readonly string[]): fc.Arbitrary<string> {
  const recased = values.map((v) => (v.toUpperCase() === v ? v.toLowerCase() : v.toUpperCase()));
  return fc.oneof(fc.constantFrom(...recased), madeUp()).filter((v) => !values.includes(v));
}

function invalid(body: unknown, site: EnumSite, value: string): InvalidRequest {
  return {
    mutation: 'unknown-enum-value',
    body: replacedAt(body, site.node.pointer, value),
    path: site.node.pointer,
    refusal: 'none',
    schemaBreach: site.closed ? 'must' : 'should',
    detail: `replaced ${JSON.stringify(site.node.value)} with ${JSON.stringify(value)}, outside the ${site.closed ? 'closed' : 'known'} values`,
  };
}

export const unknownEnumValue: Mutation = {
  name: 'unknown-enum-value',
  mutate,
  refusal: 'none',
  basis:
    "wire-facts.md §4: \"An enum field given an unknown string (or the wrong case) is read as the enum's first value, not rejected ... So 'an unknown enum value is refused' is not a MUST.\"",
};
