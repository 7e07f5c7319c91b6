/**
 * The published JSON Schemas as the generators see them. Generators walk the published form (what
 * schemas/*.json hold, what ajv compiles), never the TypeBox objects' private symbols, so a request that the
 * walk produces is judged by exactly the document the validators use.
 */
import type { TSchema } from '@sinclair/typebox';
import { contractSchemaFiles, publishable } from '../src/contract/schema-files.js';
import {
  CONVENTION_KEYWORD,
  INTEGER_KEYWORD,
  KNOWN_VALUES_KEYWORD,
  type Convention,
  type IntegerKind,
} from '../src/contract/schema-kit.js';

export type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

/** The subset of JSON Schema 2020-12 the contract's schemas are written in (schema-kit.ts). */
export interface JsonSchema {
  readonly $id?: string;
  readonly $ref?: string;
  readonly type?: JsonType | readonly JsonType[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly JsonSchema[];
  readonly [CONVENTION_KEYWORD]?: Convention;
  readonly [KNOWN_VALUES_KEYWORD]?: readonly string[];
  readonly [INTEGER_KEYWORD]?: IntegerKind;
}

/** Where a schema node sits: the `$id` of the document holding it and the JSON pointer inside that document. */
export interface SchemaLocation {
  readonly baseId: string;
  readonly pointer: string;
}

let registry: ReadonlyMap<string, JsonSchema> | undefined;

/** Every contract schema by `$id`, as published: the one place `$ref`s resolve against. */
export function schemaRegistry(): ReadonlyMap<string, JsonSchema> {
  registry ??= new Map(contractSchemaFiles().map(({ schema }) => [schema.$id!, publishable(schema) as JsonSchema] as const));
  return registry;
}

/** The published (plain JSON) form of a schema given as TypeBox or as JSON. */
export function published(schema: JsonSchema | TSchema): JsonSchema {
  const id = (schema as JsonSchema).$id;
  const known = id === undefined ? undefined : schemaRegistry().get(id);
  return known ?? (JSON.parse(JSON.stringify(schema)) as JsonSchema);
}

/** Follows `$ref`s to the schema that says something, keeping track of where it lives. */
export function dereference(schema: JsonSchema, location: SchemaLocation): [JsonSchema, SchemaLocation] {
  let current = schema;
  let where = location;
  const seen = new Set<string>();
  while (current.$ref !== undefined) {
    const ref = current.$ref;
    if (seen.has(ref)) throw new Error(`circular $ref ${ref}`);
    seen.add(ref);
    const target = schemaRegistry().get(ref);
    if (!target) throw new Error(`unresolvable $ref ${ref}: not a contract schema`);
    current = target;
    where = { baseId: ref, pointer: '' };
  }
  return [current, where];
}

/** The schema `dereference` arrives at, for walks that need no location. */
export function resolved(schema: JsonSchema): JsonSchema {
  return schema.$ref === undefined ? schema : dereference(schema, rootLocation(schema))[0];
}

/** The schema's types with `null` dropped: the generators treat "x or null" as x (absent is not null). */
export function nonNullTypes(schema: JsonSchema): JsonType[] {
  const raw = schema.type;
  const list: readonly JsonType[] = raw === undefined ? [] : typeof raw === 'string' ? [raw] : raw;
  return list.filter((t) => t !== 'null');
}

/** The `anyOf` branches that are not just `{type: 'null'}`, with their locations. */
export function nonNullBranches(schema: JsonSchema, location: SchemaLocation): [JsonSchema, SchemaLocation][] {
  return (schema.anyOf ?? [])
    .map((branch, i): [JsonSchema, SchemaLocation] => [branch, child(location, 'anyOf', String(i))])
    .filter(([branch]) => !(branch.type === 'null' && branch.$ref === undefined));
}

/** The enumerated values without the `null` that `nullable` adds. */
export function enumValues(schema: JsonSchema): readonly unknown[] | undefined {
  return schema.enum?.filter((v) => v !== null);
}

export function child(location: SchemaLocation, ...segments: string[]): SchemaLocation {
  return { baseId: location.baseId, pointer: `${location.pointer}/${segments.map(escapeSegment).join('/')}` };
}

export function rootLocation(schema: JsonSchema): SchemaLocation {
  return { baseId: schema.$id ?? '', pointer: '' };
}

export function escapeSegment(segment: string): string {
  if (!segment.includes('~') && !segment.includes('/')) return segment;
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
