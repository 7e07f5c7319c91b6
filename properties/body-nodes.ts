/**
 * The places in a request body a mutation can act on: every value in it, with the (dereferenced) schema that
 * governs it and a JSON pointer to it. Walking the body with its schema, rather than the schema alone,
 * yields only places that exist in this particular body.
 */
import { isRecord } from '../src/contract/json-values.js';
import { escapeSegment, nonNullTypes, resolved, type JsonSchema } from './json-schema.js';

export interface BodyNode {
  /** JSON pointer into the body ('' is the body itself). */
  readonly pointer: string;
  readonly value: unknown;
  /** The schema that governs the value, `$ref`s followed and `anyOf` resolved to the branch that fits. */
  readonly schema: JsonSchema;
  /** How the value hangs in its parent: a named field, an array item, or the body itself. */
  readonly role: 'root' | 'field' | 'item';
}

// Every generated invalid request walks its body once (a mutation looks for its places in it), so the walk
// keeps to what its nodes carry: no schema locations, no copies of branch lists.
export function bodyNodes(body: unknown, schema: JsonSchema): BodyNode[] {
  const nodes: BodyNode[] = [];
  visit(body, schema, '', 'root', nodes);
  return nodes;
}

function visit(value: unknown, schema: JsonSchema, pointer: string, role: BodyNode['role'], out: BodyNode[]): void {
  const node = branchFor(value, resolved(schema));
  out.push({ pointer, value, schema: node, role });
  if (isRecord(value)) {
    const properties = node.properties;
    if (!properties) return;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const fieldSchema = properties[key];
      if (fieldSchema) visit(value[key], fieldSchema, `${pointer}/${escapeSegment(key)}`, 'field', out);
    }
  } else if (Array.isArray(value) && node.items) {
    const items = node.items;
    for (let i = 0; i < value.length; i += 1) visit(value[i], items, `${pointer}/${i}`, 'item', out);
  }
}

/** For `anyOf`, the first non-null branch whose type admits the value (the one that validated it). */
function branchFor(value: unknown, schema: JsonSchema): JsonSchema {
  if (!schema.anyOf) return schema;
  for (const branch of schema.anyOf) {
    if (branch.type === 'null' && branch.$ref === undefined) continue;
    const target = resolved(branch);
    const types = nonNullTypes(target);
    if (types.length === 0 || types.includes(jsonKind(value))) return branchFor(value, target);
  }
  return schema;
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
