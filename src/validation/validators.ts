/**
 * ajv, compiled once per process and reused: instances over the same published schemas, each made on first use
 * (from the bundle, loaded compiled ahead instead).
 * - `must`: exactly what interface.md states (types, required fields, closed enums).
 * - `should`: the same plus the conventions it does not state (`x-convention`, `x-known-values`), of which only
 *   the convention findings are returned, so a MUST breach is never reported twice. Requests and responses have
 *   an instance each, since answers are held to the narrower forms servers answer with (schema-kit's `answered`).
 */
import { createRequire } from 'node:module';
import { _, type KeywordCxt } from 'ajv';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import addFormats from 'ajv-formats';
import { madeOnce } from '../made-once.js';
import { RUNS_BUNDLED } from '../package-root.js';
import { contractSchemaFiles, publishable } from '../contract/schema-files.js';
import {
  CONVENTION_KEYWORD,
  conventionOn,
  INTEGER_KEYWORD,
  KNOWN_VALUES_KEYWORD,
  WIRE_TYPE_KEYWORD,
  DOCUMENT_TYPE_KEYWORD,
  type Convention,
  type WireSide,
} from '../contract/schema-kit.js';
import { approximated, holdsBigInt } from '../contract/exact-json.js';

export interface SchemaIssue {
  /** JSON pointer into the validated document ('' is the whole document). */
  readonly pointer: string;
  readonly message: string;
  readonly keyword: string;
  readonly expected?: unknown;
  readonly actual?: unknown;
}

type AjvInstance = InstanceType<typeof Ajv2020.default>;
const AjvCtor = (Ajv2020 as unknown as { default: typeof Ajv2020.default }).default ?? Ajv2020;
const addFormatsFn = ((addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats) as unknown as (
  ajv: AjvInstance,
) => void;

type Level = 'must' | WireSide;
export const VALIDATOR_LEVELS: readonly Level[] = ['must', 'request', 'response'];
const standaloneCodeFn = ((standaloneCode as unknown as { default?: typeof standaloneCode }).default ?? standaloneCode) as unknown as (
  ajv: AjvInstance,
  refsOrFunc: Record<string, string>,
) => string;

/**
 * `conventions`: the side whose conventions are enforced; none for `must`. The keywords are written as code (not
 * as functions called at validation time) so that the validators can also be compiled ahead (`compiledAhead`).
 */
function createAjv(conventions: WireSide | undefined, extraSchemas: readonly object[], forSource = false): AjvInstance {
  const enforceConventions = conventions !== undefined;
  // The schemas are this project's own, checked against the draft 2020-12 meta-schema by its tests: checking
  // them again in every thread of every run cost a third of building an instance.
  const ajv = new AjvCtor({
    allErrors: true,
    verbose: enforceConventions,
    strict: true,
    strictTypes: false,
    allowUnionTypes: true,
    validateSchema: false,
    ...(forSource ? { code: { source: true } } : {}),
  });
  addFormatsFn(ajv);
  ajv.addKeyword({
    keyword: CONVENTION_KEYWORD,
    schemaType: 'string',
    ...(enforceConventions
      ? {
          code(cxt: KeywordCxt) {
            const { pattern } = conventionOn(cxt.schema as Convention, conventions);
            const test = cxt.gen.scopeValue('pattern', {
              key: `${conventions} ${String(cxt.schema)}`,
              ref: pattern,
              code: _`new RegExp(${pattern.source}, ${pattern.flags})`,
            });
            // A convention on a format applies to non-empty values: "" is the zero value Go servers send for a
            // string that does not apply (wire-facts.md §5).
            cxt.fail(_`typeof ${cxt.data} == "string" && ${cxt.data} !== "" && !${test}.test(${cxt.data})`);
          },
        }
      : {}),
  });
  ajv.addKeyword({
    keyword: KNOWN_VALUES_KEYWORD,
    schemaType: 'array',
    ...(enforceConventions
      ? {
          code(cxt: KeywordCxt) {
            cxt.fail(_`typeof ${cxt.data} == "string" && !${cxt.schemaValue}.includes(${cxt.data})`);
          },
        }
      : {}),
  });
  ajv.addKeyword({
    keyword: WIRE_TYPE_KEYWORD,
    schemaType: 'string',
    ...(enforceConventions
      ? {
          code(cxt: KeywordCxt) {
            const type = String(cxt.schema);
            const data = cxt.data;
            const isType =
              type === 'array'
                ? _`Array.isArray(${data})`
                : type === 'object'
                  ? _`typeof ${data} == "object" && !Array.isArray(${data})`
                  : _`typeof ${data} == ${type}`;
            cxt.fail(_`${data} !== null && !(${isType})`);
          },
        }
      : {}),
  });
  ajv.addKeyword({
    keyword: DOCUMENT_TYPE_KEYWORD,
    schemaType: 'string',
    ...(enforceConventions
      ? {
          code(cxt: KeywordCxt) {
            const data = cxt.data;
            cxt.fail(_`${data} !== null && !(typeof ${data} == "object" && !Array.isArray(${data}))`);
          },
        }
      : {}),
  });
  // How servers read request numbers: what the decoder and the mutations act on, not what a body is judged by.
  ajv.addKeyword({ keyword: INTEGER_KEYWORD, schemaType: 'string' });
  for (const { schema } of contractSchemaFiles()) ajv.addSchema(publishable(schema));
  for (const schema of extraSchemas) ajv.addSchema(schema);
  return ajv;
}

/**
 * The validators of a level as the source of a CommonJS module (ajv's standalone code): what the command line's
 * bundle loads instead of compiling the same schemas again in every thread of every run (src/bundle/build.mjs
 * writes it next to the bundle). It exports the validators by schema `$id`.
 */
export function compiledValidatorsSource(level: Level): string {
  const ajv = createAjv(level === 'must' ? undefined : level, [], true);
  const exportsById: Record<string, string> = {};
  const names: Record<string, string> = {};
  contractSchemaFiles().forEach(({ schema }, index) => {
    const id = (schema as { $id?: string }).$id;
    if (id === undefined) return;
    names[`v${index}`] = id;
    exportsById[id] = `v${index}`;
  });
  return `${standaloneCodeFn(ajv, names)}\nexports.exportsById = ${JSON.stringify(exportsById)};\n`;
}

/** The file name of a level's validators compiled ahead, next to the bundle. */
export const compiledValidatorsFile = (level: Level): string => `validators-${level}.cjs`;

/** Where the validators of the tool's own input files (`inputSchemas`) are compiled ahead, next to the bundle. */
export const INPUT_VALIDATORS_FILE = 'validators-inputs.cjs';

/**
 * The `must` validators of schemas the tool reads its own input files with (--fixtures), compiled ahead as
 * `compiledValidatorsSource` does the contract's: a run validates its fixtures before its checks' threads start,
 * and compiling an instance for it then was a good part of the wait. Each schema is written out too, so that
 * one is used only for the very schema it was compiled from.
 */
export function inputValidatorsSource(inputSchemas: readonly object[]): string {
  const ajv = createAjv(undefined, inputSchemas, true);
  const names: Record<string, string> = {};
  const exportsById: Record<string, string> = {};
  const schemasById: Record<string, string> = {};
  inputSchemas.forEach((schema, index) => {
    const id = (schema as { $id?: string }).$id;
    if (id === undefined) return;
    names[`i${index}`] = id;
    exportsById[id] = `i${index}`;
    schemasById[id] = JSON.stringify(schema);
  });
  return `${standaloneCodeFn(ajv, names)}\nexports.exportsById = ${JSON.stringify(exportsById)};\nexports.schemasById = ${JSON.stringify(schemasById)};\n`;
}

let inputValidators: (CompiledModule & { schemasById: Record<string, string> }) | null | undefined;

/** The validator of `schemaId` compiled ahead, when `extraSchemas` are exactly schemas it was compiled with. */
function inputValidatorAhead(schemaId: string, extraSchemas: readonly object[]): ValidateFunction | undefined {
  if (!RUNS_BUNDLED) return undefined;
  if (inputValidators === undefined) {
    try {
      inputValidators = createRequire(import.meta.url)(`./${INPUT_VALIDATORS_FILE}`) as typeof inputValidators;
    } catch {
      inputValidators = null;
    }
  }
  const module = inputValidators;
  if (!module) return undefined;
  const sameSchemas = extraSchemas.every((schema) => {
    const id = (schema as { $id?: string }).$id;
    return id !== undefined && module.schemasById[id] === JSON.stringify(schema);
  });
  const name = module.exportsById[schemaId];
  return sameSchemas && name !== undefined ? module[name] : undefined;
}

type CompiledModule = Record<string, ValidateFunction> & { exportsById: Record<string, string> };
const compiled = new Map<Level, CompiledModule | null>();

/** A level's validators compiled ahead, when this runs from the bundle and the loader wrote them. */
function compiledAhead(level: Level, schemaId: string): ValidateFunction | undefined {
  if (!RUNS_BUNDLED) return undefined;
  const module = madeOnce(compiled, level, () => {
    try {
      return createRequire(import.meta.url)(`./${compiledValidatorsFile(level)}`) as CompiledModule;
    } catch {
      return null;
    }
  });
  const name = module?.exportsById[schemaId];
  return name === undefined ? undefined : module?.[name];
}

/** The keywords of the conventions the document does not state: the only findings `should` returns. */
const SHOULD_KEYWORDS = new Set([CONVENTION_KEYWORD, KNOWN_VALUES_KEYWORD, WIRE_TYPE_KEYWORD, DOCUMENT_TYPE_KEYWORD]);

export class SchemaValidators {
  private readonly instances = new Map<Level, AjvInstance>();
  /** By level, then schema `$id` (nested, so a lookup hashes no new string). */
  private readonly cache = new Map<Level, Map<string, ValidateFunction>>();

  constructor(private readonly extraSchemas: readonly object[] = []) {}

  /** What the document requires of `data` under schema `$id`. Empty when conformant. */
  must(schemaId: string, data: unknown): SchemaIssue[] {
    return this.run('must', schemaId, data);
  }

  /**
   * Findings against the conventions the document does not state (SHOULD level), for `data` sent as a request or
   * given as an answer.
   */
  should(schemaId: string, data: unknown, side: WireSide): SchemaIssue[] {
    return this.run(side, schemaId, data).filter((issue) => SHOULD_KEYWORDS.has(issue.keyword));
  }

  private run(level: Level, schemaId: string, data: unknown): SchemaIssue[] {
    const cached = madeOnce(this.cache, level, () => new Map<string, ValidateFunction>());
    let validate = cached.get(schemaId);
    if (!validate && this.extraSchemas.length === 0) {
      validate = compiledAhead(level, schemaId);
      if (validate) cached.set(schemaId, validate);
    }
    if (!validate && level === 'must' && this.extraSchemas.length > 0) {
      validate = inputValidatorAhead(schemaId, this.extraSchemas);
      if (validate) cached.set(schemaId, validate);
    }
    if (!validate) {
      let ajv = this.instances.get(level);
      if (!ajv) {
        ajv = createAjv(level === 'must' ? undefined : level, this.extraSchemas);
        this.instances.set(level, ajv);
      }
      validate = ajv.getSchema(schemaId);
      if (!validate) throw new Error(`no schema with $id ${schemaId}`);
      cached.set(schemaId, validate);
    }
    // A JSON number is a number whatever its size: an exact integer beyond 2^53 (a bigint) is checked as one.
    if (validate(holdsBigInt(data) ? approximated(data) : data)) return [];
    return simplify(validate.errors ?? [], data, level);
  }
}

/**
 * ajv reports every branch of a failed `anyOf` (the value, then "must be null", then "must match a schema in
 * anyOf"). A reader wants the one that explains it: keep the deepest errors and drop the anyOf noise.
 */
function simplify(errors: readonly ErrorObject[], data: unknown, level: Level): SchemaIssue[] {
  const meaningful = errors.filter((e) => e.keyword !== 'anyOf' && !(e.keyword === 'type' && e.params['type'] === 'null'));
  const chosen = meaningful.length > 0 ? meaningful : [...errors];
  const seen = new Set<string>();
  const issues: SchemaIssue[] = [];
  for (const e of chosen) {
    const issue = describe(e, data, level);
    const key = `${issue.pointer} ${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

function describe(e: ErrorObject, data: unknown, level: Level): SchemaIssue {
  const pointer = e.instancePath;
  const actual = valueAt(data, pointer);
  switch (e.keyword) {
    case 'required': {
      const missing = String(e.params['missingProperty']);
      return {
        pointer: `${pointer}/${escapePointer(missing)}`,
        keyword: e.keyword,
        message: `required field "${missing}" is missing`,
        expected: 'present',
        actual: undefined,
      };
    }
    case 'additionalProperties': {
      const extra = String(e.params['additionalProperty']);
      return {
        pointer: `${pointer}/${escapePointer(extra)}`,
        keyword: e.keyword,
        message: `field "${extra}" is not part of the contract`,
        expected: 'absent',
        actual: valueAt(data, `${pointer}/${escapePointer(extra)}`),
      };
    }
    case 'type':
      return {
        pointer,
        keyword: e.keyword,
        message: `must be ${formatType(e.params['type'])}, got ${jsonType(actual)}`,
        expected: e.params['type'],
        actual,
      };
    case 'enum': {
      const allowed = (e.params['allowedValues'] as unknown[]).filter((v) => v !== null);
      return {
        pointer,
        keyword: e.keyword,
        message: `must be one of ${JSON.stringify(allowed)}, got ${JSON.stringify(actual)}`,
        expected: allowed,
        actual,
      };
    }
    case CONVENTION_KEYWORD: {
      const convention = e.schema as Convention;
      const form = conventionOn(convention, level === 'response' ? 'response' : 'request');
      return { pointer, keyword: e.keyword, message: `should be ${form.meaning}`, expected: convention, actual };
    }
    case WIRE_TYPE_KEYWORD:
      return {
        pointer,
        keyword: e.keyword,
        message: `should be ${String(e.schema)} (what real servers send in this field, which the document does not name), got ${jsonType(actual)}`,
        expected: e.schema,
        actual,
      };
    case DOCUMENT_TYPE_KEYWORD:
      return {
        pointer,
        keyword: e.keyword,
        message: `should be an ${String(e.schema)} (the document's type; the official clients type it any), got ${jsonType(actual)}`,
        expected: e.schema,
        actual,
      };
    case KNOWN_VALUES_KEYWORD:
      return {
        pointer,
        keyword: e.keyword,
        message: `should be one of the known values ${JSON.stringify(e.schema)}`,
        expected: e.schema,
        actual,
      };
    default:
      return { pointer, keyword: e.keyword, message: e.message ?? e.keyword, actual };
  }
}

function formatType(type: unknown): string {
  return Array.isArray(type) ? type.join(' or ') : String(type);
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value === undefined) return 'nothing';
  return typeof value === 'bigint' ? 'number' : typeof value;
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The value a JSON pointer names, or undefined. */
export function valueAt(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let current: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

let shared: SchemaValidators | undefined;
/** The process-wide validators: compiled on first use, then reused by every check. */
export function validators(): SchemaValidators {
  shared ??= new SchemaValidators();
  return shared;
}
