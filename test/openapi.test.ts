/**
 * `conformance openapi`, run as a user would: its output is an OpenAPI 3.1 document that a maintained
 * validator accepts, with the 18 operations of the contract, every reference resolving to a component.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, operationId, rpcPath } from '../src/contract/index.js';
import { contractSchemaFiles, publishable } from '../src/contract/schema-files.js';
import { componentName } from '../src/docs/openapi.js';
import { runCliInProcess } from './support/run-cli.js';

type Json = Record<string, unknown>;
let doc: Json;

beforeAll(async () => {
  const result = await runCliInProcess(['openapi']);
  expect(result.code, result.stderr).toBe(0);
  doc = JSON.parse(result.stdout) as Json;
});

function refsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [v] : refsOf(v)));
}

describe('conformance openapi', () => {
  it('prints a document the OpenAPI 3.1 validator accepts', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('and the validator refuses a broken one, so the check can fail', async () => {
    const paths = doc['paths'] as Record<string, Json>;
    const [first, item] = Object.entries(paths)[0]!;
    const broken = { ...doc, paths: { ...paths, [first]: { ...item, post: { ...(item['post'] as Json), responses: 'none' } } } };
    expect((await new Validator().validate(broken as never)).valid).toBe(false);
  });

  it('describes the 18 operations as POSTs under their service base, authenticated by X-Access-Key', () => {
    const paths = doc['paths'] as Record<string, { servers: { url: string }[]; post: Json }>;
    expect(Object.keys(paths)).toEqual(OPERATIONS.map(rpcPath));
    for (const op of OPERATIONS) {
      const item = paths[rpcPath(op)]!;
      expect(item.post['operationId']).toBe(operationId(op));
      expect(item.post['security']).toEqual([{ ApiKeyAuth: [] }]);
      expect(item.servers[0]!.url).toBe(op.base === 'marketplace' ? '{marketplace_base_url}/{network}' : `{${op.base}_url}`);
    }
    const network = (paths['/rpc/Marketplace/GetFloorOrder']!.servers[0] as unknown as { variables: { network: { enum: string[] } } })
      .variables.network;
    expect(network.enum).toHaveLength(39);
    expect((doc['components'] as Json)['securitySchemes']).toEqual({ ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-Access-Key' } });
  });

  it('resolves every reference inside the document and carries the error table', () => {
    const schemas = (doc['components'] as { schemas: Record<string, Json> }).schemas;
    const refs = refsOf(doc);
    expect(refs.length).toBeGreaterThan(18 * 2);
    for (const ref of refs) expect(Object.keys(schemas), ref).toContain(ref.replace('#/components/schemas/', ''));
    expect(JSON.stringify(doc)).not.toContain('conformance.invalid');
    const table = schemas['Error']!['x-error-table'] as { error: string; code: number; status: number }[];
    expect(table).toContainEqual({ error: 'Unauthorized', code: 1000, msg: 'Unauthorized access', status: 401, class: '4xx' });
    expect(table).toHaveLength(22);
  });

  it('holds exactly the published JSON Schemas of the contract, references aside', () => {
    const schemas = (doc['components'] as { schemas: Record<string, Json> }).schemas;
    const ids = new Map(contractSchemaFiles().map((f) => [`#/components/schemas/${componentName(f.schema)}`, f.schema.$id]));
    const back = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(back)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === '$ref' ? ids.get(v as string) : back(v)]))
          : value;
    expect(Object.keys(schemas).sort()).toEqual(
      contractSchemaFiles()
        .map((f) => componentName(f.schema))
        .sort(),
    );
    for (const file of contractSchemaFiles()) {
      const { $schema: _draft, $id: _id, ...published } = publishable(file.schema);
      const { 'x-error-table': _table, ...component } = schemas[componentName(file.schema)]!;
      expect(back(component), file.file).toEqual(published);
    }
  });
});
