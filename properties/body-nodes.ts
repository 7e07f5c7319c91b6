/**
 * The places in a request body a mutation can act on: every value in it, with the (dereferenced) schema that
 * governs it and a JSON pointer to it. Walking the body with its schema, rather than the schema alone,
 * yields only places that exist in this particular body.
 */
import { isRecord } from '../src/contract/json-values.js';
import {
  child,
  dereference,
  escapeSegment,
  nonNullBranches,
  nonNullTypes,
  rootLocation,
  type JsonSchema,
  type SchemaLocation,
} from './json-schema.js';

export interface BodyNode {
  /** JSON pointer into the body ('' is the body itself). */
  readonly pointer: string;
  readonly value: unknown;
  /** The schema that governs the value, `$ref`s followed and `anyOf` resolved to the branch that fits. */
  readonly schema: JsonSchema;
  readonly location: SchemaLocation;
  /** How the value hangs in its parent: a named field, an array item, or the body itself. */
  readonly role: 'root' | 'field' | 'item';
}

export function bodyNodes(body: unknown, schema: JsonSchema): BodyNode[] {
  const nodes: BodyNode[] = [];
  visit(body, schema, rootLocation(schema), '', 'root', nodes);
  return nodes;
}

function visit(
  value: unknown,
  schema: JsonSchema,
  location: SchemaLocation,
  pointer: string,
  role: BodyNode['role'],
  out: BodyNode[],
): void {
  const [node, where] = branchFor(value, ...dereference(schema, location));
  out.push({ pointer, value, schema: node, location: where, role });
  if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      const fieldSchema = node.properties?.[key];
      if (fieldSchema) visit(item, fieldSchema, child(where, 'properties', key), `${pointer}/${escapeSegment(key)}`, 'field', out);
    }
  } else if (Array.isArray(value) && node.items) {
    const items = node.items;
    value.forEach((item, i) => visit(item, items, child(where, 'items'), `${pointer}/${i}`, 'item', out));
  }
}

/** For `anyOf`, the first non-null branch whose type admits the value (the one that validated it). */
function branchFor(value: unknown, schema: JsonSchema, location: SchemaLocation): [JsonSchema, SchemaLocation] {
  if (!schema.anyOf) return [schema, location];
  for (const [branch, where] of nonNullBranches(schema, location)) {
    const [resolved, at] = dereference(branch, where);
    const types = nonNullTypes(resolved);
    if (types.length === 0 || types.includes(jsonKind(value))) return branchFor(value, resolved, at);
  }
  return [schema, location];
}

export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export function jsonKind(value: unknown): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'number' || typeof value === 'bigint') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return 'string';
}
