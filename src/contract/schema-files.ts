/**
 * Where each contract schema is published under schemas/. The generator writes these files and a test fails
 * when a checked-in file drifts from the contract, so the JSON files are never edited by hand.
 */
import type { TSchema } from '@sinclair/typebox';
import { OPERATIONS } from './operations.js';
import { RESOURCES } from './resources.js';
import { SCHEMA_BASE } from './schema-kit.js';

export interface SchemaFile {
  /** Path relative to schemas/. */
  readonly file: string;
  readonly schema: TSchema;
}

export function contractSchemaFiles(): SchemaFile[] {
  const files: SchemaFile[] = [];
  for (const schema of Object.values(RESOURCES)) files.push({ file: relative(schema), schema });
  for (const op of OPERATIONS) {
    files.push({ file: relative(op.request), schema: op.request });
    files.push({ file: relative(op.response), schema: op.response });
  }
  return files;
}

function relative(schema: TSchema): string {
  const id = schema.$id;
  if (!id?.startsWith(SCHEMA_BASE)) throw new Error(`schema without a published $id: ${JSON.stringify(schema).slice(0, 80)}`);
  return id.slice(SCHEMA_BASE.length);
}

/** A plain-JSON copy with the draft declared: what is published and what ajv compiles. */
export function publishable(schema: TSchema): Record<string, unknown> {
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...JSON.parse(JSON.stringify(schema)) };
}
