/**
 * A generic walk of a published request schema into an arbitrary of documents that validate against it. The
 * contract is the one source of truth: no field list is written here, every field comes from the schema.
 * - objects: required fields always, each optional field sometimes (or as `optionalFields` says);
 * - arrays: short (0..3 items by default): the contract states no bounds and long arrays test nothing more;
 * - closed enums (`enum`) over every value, open enums (`x-known-values`) over the known values;
 * - strings by `x-convention`, numbers by their semantics (number-semantics.ts), `[x, 'null']` as x.
 */
import type { TSchema } from '@sinclair/typebox';
import fc from 'fast-check';
import type { Convention } from '../src/contract/schema-kit.js';
import { madeOnce } from '../src/made-once.js';
import { CONVENTION_KEYWORD, KNOWN_VALUES_KEYWORD } from '../src/contract/schema-kit.js';
import { address } from './address.js';
import { chainIdFor } from './chain-id-for.js';
import { hexData } from './hex-data.js';
import {
  child,
  dereference,
  enumValues,
  nonNullBranches,
  nonNullTypes,
  published,
  rootLocation,
  type JsonSchema,
  type JsonType,
  type SchemaLocation,
} from './json-schema.js';
import { jsonScalar } from './json-scalar.js';
import { numberSemantics } from './number-semantics.js';
import { plainString } from './plain-string.js';
import { rfc3339Timestamp } from './rfc3339-timestamp.js';
import { tokenIdString } from './token-id-string.js';
import { uint256String } from './uint256-string.js';

export interface RequestFromSchemaConstraints {
  /** Presence of optional fields: `sometimes` (default), `always` (every field the contract names), `never`. */
  readonly optionalFields?: 'sometimes' | 'always' | 'never';
  /** Fewest array items. Default 0. */
  readonly minArrayLength?: number;
  /** Most array items. Default 3. */
  readonly maxArrayLength?: number;
}

type Settings = Required<RequestFromSchemaConstraints>;

/** One generator per convention; a `Record` so a convention added to the contract fails to compile here. */
const BY_CONVENTION: Record<Convention, () => fc.Arbitrary<string>> = {
  address: () => address(),
  'decimal-integer': () => uint256String(),
  'token-id': () => tokenIdString(),
  'hex-data': () => hexData(),
  'chain-id-decimal': () => chainIdFor(undefined, { encoding: 'string' }),
  rfc3339: () => rfc3339Timestamp(),
};

/**
 * Walks made, by schema and settings. An arbitrary holds no state (what it draws depends only on the random
 * source it is given), so one walk serves every property run of a schema; a run asks for the same few dozen
 * schemas thousands of times.
 */
const walked = new WeakMap<object, Map<string, fc.Arbitrary<unknown>>>();

export function requestFromSchema(schema: JsonSchema | TSchema, constraints: RequestFromSchemaConstraints = {}): fc.Arbitrary<unknown> {
  const settings: Settings = {
    optionalFields: constraints.optionalFields ?? 'sometimes',
    minArrayLength: constraints.minArrayLength ?? 0,
    maxArrayLength: constraints.maxArrayLength ?? 3,
  };
  if (settings.minArrayLength > settings.maxArrayLength) throw new RangeError('minArrayLength exceeds maxArrayLength');
  const key = `${settings.optionalFields} ${settings.minArrayLength} ${settings.maxArrayLength}`;
  return madeOnce(
    madeOnce(walked, schema, () => new Map<string, fc.Arbitrary<unknown>>()),
    key,
    () => {
      const root = published(schema);
      return arbitraryFor(root, rootLocation(root), settings);
    },
  );
}

function arbitraryFor(schema: JsonSchema, location: SchemaLocation, settings: Settings): fc.Arbitrary<unknown> {
  const [node, where] = dereference(schema, location);
  if (node.anyOf) return fc.oneof(...nonNullBranches(node, where).map(([b, l]) => arbitraryFor(b, l, settings)));
  const values = enumValues(node);
  if (values && values.length > 0) return fc.constantFrom(...values);
  const types = nonNullTypes(node);
  if (types.length === 0) return jsonScalar();
  return fc.oneof(...types.map((type) => arbitraryForType(type, node, where, settings)));
}

function arbitraryForType(type: JsonType, node: JsonSchema, where: SchemaLocation, settings: Settings): fc.Arbitrary<unknown> {
  switch (type) {
    case 'object':
      return objectArbitrary(node, where, settings);
    case 'array':
      return fc.array(node.items ? arbitraryFor(node.items, child(where, 'items'), settings) : jsonScalar(), {
        minLength: settings.minArrayLength,
        maxLength: settings.maxArrayLength,
      });
    case 'string':
      return stringArbitrary(node);
    case 'number':
    case 'integer':
      return numberArbitrary(type === 'integer' || numberSemantics(node).integer);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
  }
}

function objectArbitrary(node: JsonSchema, where: SchemaLocation, settings: Settings): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(node.properties ?? {});
  // An object the contract leaves open and empty ("object"): a few scalar entries stand for its content.
  if (properties.length === 0)
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), jsonScalar(), { maxKeys: 3, noNullPrototype: true });
  const required = new Set(node.required ?? []);
  const included = settings.optionalFields === 'never' ? properties.filter(([key]) => required.has(key)) : properties;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, schema] of included) model[key] = arbitraryFor(schema, child(where, 'properties', key), settings);
  const requiredKeys = included.map(([key]) => key).filter((key) => settings.optionalFields === 'always' || required.has(key));
  return fc.record(model, { requiredKeys, noNullPrototype: true });
}

function stringArbitrary(node: JsonSchema): fc.Arbitrary<string> {
  const known = node[KNOWN_VALUES_KEYWORD];
  if (known && known.length > 0) return fc.constantFrom(...known);
  const convention = node[CONVENTION_KEYWORD];
  return convention ? BY_CONVENTION[convention]() : plainString();
}

/** Small non-negative values: the contract's numbers are IDs, counts, fees and percentages. */
function numberArbitrary(integer: boolean): fc.Arbitrary<number> {
  if (integer) return fc.nat({ max: 10_000 });
  // `+ 0` turns a -0 into 0: JSON has no negative zero worth sending here.
  return fc.double({ min: 0, max: 100, noNaN: true, noDefaultInfinity: true }).map((v) => v + 0);
}
