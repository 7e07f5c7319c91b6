/**
 * docs/contract.md, generated from src/contract — the operations, their request and response fields, the
 * resources, the error table and the networks — so the contract the suite checks can be read inside the
 * repository and cannot drift from the code: `npm run docs` writes it, test/contract-doc.test.ts fails when
 * it is stale.
 */
import type { TSchema } from '@sinclair/typebox';
import {
  CONTRACT_VERSION,
  CONVENTION_KEYWORD,
  CONVENTIONS,
  ERROR_KINDS,
  INTEGER_KEYWORD,
  INTEGER_KINDS,
  KNOWN_VALUES_KEYWORD,
  NETWORKS,
  WIRE_TYPE_KEYWORD,
  DOCUMENT_TYPE_KEYWORD,
  OPERATIONS,
  RESOURCES,
  operationId,
  type Convention,
  type IntegerKind,
} from '../contract/index.js';
import { componentName } from './openapi.js';
import { operationsTable } from './generated-sections.js';

type Schema = Record<string, unknown>;

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string) => `\`${text}\``;
const anchor = (heading: string) => heading.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');

const RESOURCE_NAMES = new Map<string, string>(Object.values(RESOURCES).map((s) => [s.$id ?? '', componentName(s)]));

/** One line of a field's type: references link to their resource, conventions and known values are named. */
function typeOf(schema: Schema): string {
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const name = RESOURCE_NAMES.get(ref) ?? ref;
    return `[${name}](#${anchor(name)})`;
  }
  const anyOf = schema['anyOf'];
  if (Array.isArray(anyOf)) return (anyOf as Schema[]).map((s) => (s['type'] === 'null' ? 'null' : typeOf(s))).join(' or ');
  const types = Array.isArray(schema['type']) ? (schema['type'] as string[]) : typeof schema['type'] === 'string' ? [schema['type']] : [];
  const nullable = types.includes('null');
  const base = types.find((t) => t !== 'null');
  let text: string;
  const wireType = schema[WIRE_TYPE_KEYWORD];
  const documentType = schema[DOCUMENT_TYPE_KEYWORD];
  if (base === undefined && typeof documentType === 'string')
    text = `${documentType} (the document's type; any JSON value in the official clients: another type is a SHOULD finding)`;
  else if (base === undefined && typeof wireType === 'string') text = `any JSON value (by convention a ${wireType}: real servers send it, the document does not name it)`;
  else if (base === undefined) text = 'any JSON value';
  else if (base === 'array') text = `array of ${typeOf((schema['items'] ?? {}) as Schema)}`;
  else if (Array.isArray(schema['enum'])) text = `${base}, one of ${(schema['enum'] as unknown[]).filter((v) => v !== null).map((v) => code(String(v))).join(', ')}`;
  else text = base;
  const convention = schema[CONVENTION_KEYWORD] as Convention | undefined;
  if (convention !== undefined) text += ` (by convention ${CONVENTIONS[convention].meaning})`;
  const integer = schema[INTEGER_KEYWORD] as IntegerKind | undefined;
  if (integer !== undefined) text += ` (by convention ${INTEGER_KINDS[integer]})`;
  const known = schema[KNOWN_VALUES_KEYWORD];
  if (Array.isArray(known)) text += ` (known values: ${known.map((v) => code(String(v))).join(', ')})`;
  if (typeof schema['description'] === 'string' && (convention !== undefined || Array.isArray(known) || Array.isArray(schema['enum'])))
    text = `${schema['description']}: ${text}`;
  return nullable ? `${text} or null` : text;
}

interface FieldRow {
  readonly path: string;
  readonly type: string;
  readonly required: boolean;
}

/** The fields of an object, inline sub-objects (and arrays of them) flattened to dotted paths. */
function fields(schema: Schema, prefix = ''): FieldRow[] {
  const props = (schema['properties'] ?? {}) as Record<string, Schema>;
  const required = new Set((schema['required'] ?? []) as string[]);
  return Object.entries(props).flatMap(([name, prop]) => {
    const path = `${prefix}${name}`;
    if (prop['type'] === 'object' && prop['properties']) return [{ path, type: 'object', required: required.has(name) }, ...fields(prop, `${path}.`)];
    const items = prop['items'] as Schema | undefined;
    if (prop['type'] === 'array' && items?.['type'] === 'object' && items['properties'])
      return [{ path, type: 'array of objects', required: required.has(name) }, ...fields(items, `${path}[].`)];
    return [{ path, type: typeOf(prop), required: required.has(name) }];
  });
}

function fieldTable(schema: TSchema, absentMeans: string): string {
  const rows = fields(schema as unknown as Schema);
  if (rows.length === 0) return '(no fields)';
  return [
    `| field | type | required |`,
    '|---|---|---|',
    ...rows.map((r) => `| ${code(r.path)} | ${cell(r.type)} | ${r.required ? 'yes' : absentMeans} |`),
  ].join('\n');
}

function operationSections(): string[] {
  return OPERATIONS.flatMap((op) => [
    `### ${operationId(op)}`,
    '',
    `${op.summary}.${op.writes ? ' Changes server state.' : ''}`,
    '',
    'Request:',
    '',
    fieldTable(op.request, 'not stated'),
    '',
    'Response (200):',
    '',
    fieldTable(op.response, 'no: may be absent or null'),
    '',
  ]);
}

function resourceSections(): string[] {
  return Object.values(RESOURCES).flatMap((schema) => [
    `### ${componentName(schema)}`,
    '',
    ...(schema.description ? [String(schema.description), ''] : []),
    fieldTable(schema, 'no: may be absent or null'),
    '',
  ]);
}

function errorTable(): string {
  return [
    '| error | code | msg | status | class |',
    '|---|---|---|---|---|',
    ...ERROR_KINDS.map((k) => `| ${code(k.error)} | ${k.code} | ${cell(k.msg)} | ${k.status} | ${k.statusClass} |`),
  ].join('\n');
}

function networkTable(): string {
  return ['| slug | chain ID | kind |', '|---|---|---|', ...NETWORKS.map((n) => `| ${code(n.slug)} | ${n.chainId} | ${n.kind} |`)].join('\n');
}

function conventionList(): string {
  return [
    ...Object.entries(CONVENTIONS).map(([name, c]) => {
      const answered = 'answered' in c ? `; in responses ${c.answered.meaning} (${code(c.answered.pattern.source)})` : '';
      return `- ${code(name)}: ${c.meaning} (${code(c.pattern.source)})${answered}`;
    }),
    ...Object.entries(INTEGER_KINDS).map(([kind, meaning]) => `- ${code(`${INTEGER_KEYWORD}: ${kind}`)} (request numbers): ${meaning}`),
  ].join('\n');
}

export function renderContractDoc(): string {
  return [
    '# The contract',
    '',
    '<!-- Generated from src/contract by `npm run docs`; test/contract-doc.test.ts fails when it is stale. Do not edit. -->',
    '',
    `The interface the suite certifies, version ${code(CONTRACT_VERSION)}: 18 operations of the Marketplace, Swap/API,`,
    'Metadata, Relayer, Indexer and Builder services. Each is a POST of a JSON object (`Content-Type: application/json`)',
    'to `/rpc/<Service>/<Method>` under its service\'s base address, with the access key in the `X-Access-Key` header;',
    'success is HTTP 200 with a JSON object, failure a 4xx or 5xx status with an error object. `conformance openapi`',
    'prints the same contract as an OpenAPI 3.1 document; the JSON Schemas are in [`schemas/`](../schemas/).',
    '',
    'Fields are as the contract types them. A response field may be absent or null unless marked required; the',
    'contract does not state which request fields are required. Conventions ("by convention", "known values") are',
    'what real servers do without the contract stating it: the suite checks them at SHOULD level only.',
    '',
    '## Operations',
    '',
    operationsTable(),
    '',
    ...operationSections(),
    '## Resources',
    '',
    ...resourceSections(),
    '## Errors',
    '',
    'An error response is an [Error](#error) object. Client errors are returned with 4xx statuses and server errors with',
    '5xx statuses, by the class of the error\'s name:',
    '',
    errorTable(),
    '',
    '## Networks',
    '',
    `${NETWORKS.length} network slugs. The Marketplace takes the slug as a path segment; the relayer and indexer bases are`,
    'specific to one network; API and Metadata operations carry the chain ID in the body.',
    '',
    networkTable(),
    '',
    '## Conventions (SHOULD level)',
    '',
    conventionList(),
    '',
  ].join('\n');
}
