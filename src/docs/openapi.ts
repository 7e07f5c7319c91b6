/**
 * The contract as an OpenAPI 3.1 document, generated from src/contract (the same TypeBox schemas the checks
 * validate with), so Prism, client generators and other tools can consume it. Each operation is a POST to
 * `/rpc/<Service>/<Method>` under its service's base address, given as the path's server (interface.md §Base
 * addresses); the schemas become components, their `$id` references rewritten to component references. The
 * conventions the document does not state stay as `x-convention` / `x-known-values` / `x-integer` annotations,
 * never as constraints, so a generated client or mock is no stricter than the contract.
 */
import type { TSchema } from '@sinclair/typebox';
import { targetsFromOrigin } from '../config/run-config.js';
import { contractSchemaFiles } from '../contract/schema-files.js';
import { SCHEMA_BASE } from '../contract/schema-kit.js';
import { CONTRACT_VERSION, ERROR_KINDS, NETWORK_SLUGS, OPERATIONS, RESOURCES, operationId, rpcPath, type OperationDef } from '../contract/index.js';
import { BASES, SERVICES, type BaseName, type BaseNetwork } from '../contract/services.js';

/** Where the example base addresses point: the reference layout on `conformance serve --port 8080`. */
const EXAMPLE = targetsFromOrigin('http://127.0.0.1:8080');
const EXAMPLE_NETWORK = 'polygon';

/** The component name of a published schema: `Order`, `Marketplace.GetFloorOrder.request`. */
export function componentName(schema: TSchema): string {
  const id = schema.$id ?? '';
  if (!id.startsWith(SCHEMA_BASE)) throw new Error(`schema without a published $id: ${id}`);
  return id.slice(SCHEMA_BASE.length).replace(/^[^/]*\//, '').replace(/\.json$/, '');
}

const componentRef = (schema: TSchema) => ({ $ref: `#/components/schemas/${componentName(schema)}` });

/** A plain-JSON copy without `$id`, every `$ref` to a published schema turned into a component reference. */
function asComponent(schema: TSchema): unknown {
  const names = new Map(contractSchemaFiles().map((f) => [f.schema.$id, componentName(f.schema)]));
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$id') continue;
      if (key === '$ref' && typeof inner === 'string') {
        const name = names.get(inner);
        if (name === undefined) throw new Error(`reference to an unpublished schema: ${inner}`);
        out[key] = `#/components/schemas/${name}`;
      } else out[key] = rewrite(inner);
    }
    return out;
  };
  return rewrite(JSON.parse(JSON.stringify(schema)));
}

const network = { default: EXAMPLE_NETWORK, enum: [...NETWORK_SLUGS], description: 'the network slug' };

const BASE_NETWORK_NOTE: Record<BaseNetwork, string> = {
  path: '; one path segment selects the network',
  host: ': a host specific to one chain network',
  none: '',
};

function server(base: BaseName): Record<string, unknown> {
  const { placeholder, network: reach } = BASES[base];
  const serves = SERVICES.filter((s) => s.base === base).map((s) => s.name);
  return {
    url: reach === 'path' ? `{${placeholder}}/{network}` : `{${placeholder}}`,
    description: `${serves.join(' and ')} base${BASE_NETWORK_NOTE[reach]}`,
    variables: {
      [placeholder]: { default: EXAMPLE[base].replace('{network}', EXAMPLE_NETWORK) },
      ...(reach === 'path' ? { network } : {}),
    },
  };
}

function networkNote(op: OperationDef): string {
  switch (op.network.kind) {
    case 'path':
      return 'The network is the path segment after the Marketplace base.';
    case 'host':
      return 'The base address is specific to one network.';
    case 'body':
      return `The network's chain ID goes in \`${op.network.field}\` as a JSON ${op.network.encoding}.`;
    case 'none':
      return 'Not per network.';
  }
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: componentRef(RESOURCES.Error) } },
});

function pathItem(op: OperationDef): Record<string, unknown> {
  return {
    servers: [server(op.base)],
    post: {
      operationId: operationId(op),
      tags: [op.service],
      summary: op.summary,
      description: `${networkNote(op)}${op.writes ? ' Changes server state.' : ''} Which request fields are required is not stated by the contract.`,
      security: [{ ApiKeyAuth: [] }],
      requestBody: { required: true, content: { 'application/json': { schema: componentRef(op.request) } } },
      responses: {
        '200': { description: 'Success', content: { 'application/json': { schema: componentRef(op.response) } } },
        '4XX': errorResponse('A client error: an error object whose name is in the 4xx set of the error table'),
        '5XX': errorResponse('A server error: an error object whose name is in the 5xx set of the error table'),
      },
    },
  };
}

export function openApiDocument(): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (const file of contractSchemaFiles()) schemas[componentName(file.schema)] = asComponent(file.schema);
  const errorSchema = schemas[componentName(RESOURCES.Error)] as Record<string, unknown>;
  schemas[componentName(RESOURCES.Error)] = {
    ...errorSchema,
    'x-error-table': ERROR_KINDS.map(({ error, code, msg, status, statusClass }) => ({ error, code, msg, status, class: statusClass })),
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Marketplace Api',
      version: CONTRACT_VERSION,
      description:
        'The Marketplace, Swap/API, Metadata, Relayer, Indexer and Builder JSON-over-HTTP RPC interface: every operation is a POST of a JSON object to /rpc/<Service>/<Method> under its service base, authenticated with the X-Access-Key header. Generated from the conformance suite\'s contract (src/contract).',
    },
    tags: [...new Set(OPERATIONS.map((op) => op.service))].map((name) => ({ name })),
    paths: Object.fromEntries(OPERATIONS.map((op) => [rpcPath(op), pathItem(op)])),
    components: {
      securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-Access-Key' } },
      schemas,
    },
  };
}
