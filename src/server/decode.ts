/**
 * Reads a request body the way a webrpc (Go) server does (wire-facts.md §4), driven by the operation's request
 * schema so that no field list is written twice:
 * - unknown keys are dropped (the contract's request schemas are closed, real servers are not);
 * - keys match case-insensitively, an exact match first;
 * - null reads as absent; a missing required key becomes its zero value;
 * - an enum string outside the value set (or in the wrong case) reads as the enum's first value, open enums
 *   (`x-known-values`) included, but an enum given a number is refused;
 * - an amount (prototyp.BigInt) takes a bare JSON integer as well as a quoted decimal, read as its decimal string;
 * - a wrong JSON type, a fraction where the Go field is an integer, or a negative value where it is unsigned, is
 *   refused with the field named in the cause. Which numbers are which is the schema's `x-integer` annotation.
 */
import type { TSchema } from '@sinclair/typebox';
import { isRecord } from '../contract/json-values.js';
import { RESOURCES } from '../contract/resources.js';
import { amount, CONVENTION_KEYWORD, INTEGER_KEYWORD, KNOWN_VALUES_KEYWORD, type IntegerKind } from '../contract/schema-kit.js';
import { jsonType } from '../validation/validators.js';
import { madeOnce } from '../made-once.js';
import { StacklessError } from './stackless.js';

type Node = Readonly<Record<string, unknown>>;
type Segment = string | number;
/** Where a value sits in the body, innermost last; made per field, so a list linked outward rather than copied. */
type Path = { readonly up: Path; readonly at: Segment } | undefined;

/** A body the decoder refuses; `cause` names the field (webrpc puts such details in the error's `cause`). */
export class DecodeError extends StacklessError {
  constructor(readonly detail: string) {
    super(detail);
  }
}

const REFS = new Map<string, Node>(Object.values(RESOURCES).map((schema) => [schema.$id as string, schema as unknown as Node]));

/** The convention that marks an amount string (schema-kit's `amount()`). */
const AMOUNT = (amount() as unknown as Node)[CONVENTION_KEYWORD];
const UINT64_MAX = 18446744073709551615;
const INT64_MAX = 9223372036854775807;

/** Decodes a parsed body against `schema`, or throws DecodeError. The result satisfies the schema. */
export function decodeRequest<T>(schema: TSchema, body: unknown): T {
  if (!isRecord(body)) {
    throw new DecodeError(`the body must be a JSON object, got ${jsonType(body)}`);
  }
  return decodeValue(schema as unknown as Node, body, undefined) as T;
}

function decodeValue(schema: Node, value: unknown, path: Path): unknown {
  const node = resolve(schema);
  const type = primaryType(node);
  if (type === undefined) return value; // "any JSON value" (PropertyFilter.values)
  switch (type) {
    case 'object':
      if (!isRecord(value)) throw mismatch(path, 'an object', value);
      return node['properties'] ? decodeObject(node, value, path) : value;
    case 'array': {
      if (!Array.isArray(value)) throw mismatch(path, 'an array', value);
      const items = node['items'] as Node;
      return value.map((item, i) =>
        item === null ? zeroValue(items, { up: path, at: i }) : decodeValue(items, item, { up: path, at: i }),
      );
    }
    case 'string':
      return decodeString(node, value, path);
    case 'number':
    case 'integer':
      return decodeNumber(value, path, node[INTEGER_KEYWORD] as IntegerKind | undefined);
    case 'boolean':
      if (typeof value !== 'boolean') throw mismatch(path, 'a boolean', value);
      return value;
    default:
      return value;
  }
}

/** An object schema's fields, read once per schema rather than on every request. */
interface Field {
  readonly name: string;
  readonly schema: Node;
  readonly required: boolean;
}
const fieldsOf = new WeakMap<Node, readonly Field[]>();

function decodeObject(node: Node, value: Record<string, unknown>, path: Path): Record<string, unknown> {
  const fields = madeOnce(fieldsOf, node, () => {
    const required = new Set((node['required'] as string[] | undefined) ?? []);
    return Object.entries(node['properties'] as Record<string, Node>).map(([name, schema]) => ({
      name,
      schema,
      required: required.has(name),
    }));
  });
  const out: Record<string, unknown> = {};
  for (const { name, schema, required } of fields) {
    const raw = lookup(value, name);
    if (raw === undefined || raw === null) {
      if (required) out[name] = zeroValue(schema, { up: path, at: name });
      continue;
    }
    out[name] = decodeValue(schema, raw, { up: path, at: name });
  }
  return out;
}

function decodeString(node: Node, value: unknown, path: Path): string {
  if (typeof value === 'number' && node[CONVENTION_KEYWORD] === AMOUNT) return amountFromNumber(value, path);
  const values = enumValues(node);
  if (typeof value !== 'string') throw mismatch(path, values ? 'an enum name (string)' : 'a string', value);
  if (values && !values.includes(value)) return values[0] as string;
  return value;
}

function amountFromNumber(value: number, path: Path): string {
  if (!Number.isInteger(value)) throw new DecodeError(`${render(path)}: must be an integer, got ${value}`);
  // Past 2^53 JSON.parse has already lost the digits that were sent: refusing beats reading another amount.
  if (!Number.isSafeInteger(value)) {
    throw new DecodeError(`${render(path)}: ${value} cannot be read exactly as a JSON number; send it as a quoted decimal`);
  }
  return String(value);
}

/** A number the schema leaves unannotated is a Go float64: any finite value. */
function decodeNumber(value: unknown, path: Path, integer: IntegerKind | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw mismatch(path, 'a number', value);
  if (integer === undefined) return value;
  const signed = integer === 'signed';
  if (!Number.isInteger(value)) throw new DecodeError(`${render(path)}: must be an integer, got ${value}`);
  if (!signed && value < 0) throw new DecodeError(`${render(path)}: must be a non-negative integer, got ${value}`);
  if (value > (signed ? INT64_MAX : UINT64_MAX) || value < -INT64_MAX) {
    throw new DecodeError(`${render(path)}: ${value} overflows a 64-bit integer`);
  }
  return value;
}

/** Go's zero value for a field the body left out. */
function zeroValue(schema: Node, path: Path): unknown {
  const node = resolve(schema);
  switch (primaryType(node)) {
    case 'object':
      return node['properties'] ? decodeObject(node, {}, path) : {};
    case 'array':
      return [];
    case 'string': {
      const values = enumValues(node);
      return values ? values[0] : '';
    }
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/**
 * The values a Go server's enum type has. For an open enum the document shows only some of them; the known ones
 * are what this server knows, and a Go enum reads any other name as its first value just the same.
 */
function enumValues(node: Node): readonly unknown[] | undefined {
  return (node['enum'] ?? node[KNOWN_VALUES_KEYWORD]) as unknown[] | undefined;
}

/** What each schema node resolves to, found once per node. */
const resolvedOf = new WeakMap<Node, Node>();

function resolve(schema: Node): Node {
  return madeOnce(resolvedOf, schema, () => resolveNow(schema));
}

function resolveNow(schema: Node): Node {
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const target = REFS.get(ref);
    if (!target) throw new Error(`decode: unresolved $ref ${ref}`);
    return target;
  }
  const anyOf = schema['anyOf'] as Node[] | undefined;
  if (anyOf) {
    const nonNull = anyOf.filter((s) => s['type'] !== 'null');
    if (nonNull.length === 1) return resolve(nonNull[0]!);
  }
  return schema;
}

function primaryType(node: Node): string | undefined {
  const type = node['type'];
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return (type as string[]).find((t) => t !== 'null');
  return undefined;
}

function lookup(value: Record<string, unknown>, name: string): unknown {
  if (Object.prototype.hasOwnProperty.call(value, name)) return value[name];
  const lower = name.toLowerCase();
  const key = Object.keys(value).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : value[key];
}

function mismatch(path: Path, expected: string, actual: unknown): DecodeError {
  return new DecodeError(`${render(path)}: expected ${expected}, got ${jsonType(actual)}`);
}

/** `filter.properties[0].min`: how the cause names a field. */
function render(path: Path): string {
  if (path === undefined) return 'body';
  const segments: Segment[] = [];
  for (let at: Path = path; at !== undefined; at = at.up) segments.unshift(at.at);
  return segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}
