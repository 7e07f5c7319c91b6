import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { requestFromSchema } from '../../properties/request-from-schema.js';
import { contractSchemaFiles, publishable } from '../../src/contract/schema-files.js';
import { FixturesSchema } from '../../src/config/fixtures.js';
import {
  compiledValidatorsFile,
  compiledValidatorsSource,
  INPUT_VALIDATORS_FILE,
  inputValidatorsSource,
  SchemaValidators,
  VALIDATOR_LEVELS,
} from '../../src/validation/validators.js';

type Compiled = Record<string, ValidateFunction> & { exportsById: Record<string, string> };

/** A level's validators compiled ahead, loaded as the bundle loads them. */
function loadCompiled(level: (typeof VALIDATOR_LEVELS)[number]): Compiled {
  const dir = mkdtempSync(join(tmpdir(), 'compiled-validators-'));
  const file = join(dir, compiledValidatorsFile(level));
  writeFileSync(file, compiledValidatorsSource(level));
  return createRequire(import.meta.url)(file) as Compiled;
}

/** What ajv compiled at run time says, for the same level (the class keeps its instances private). */
function runtimeErrors(validators: SchemaValidators, level: (typeof VALIDATOR_LEVELS)[number], id: string, doc: unknown) {
  const instances = (validators as unknown as { instances: Map<string, InstanceType<typeof Ajv2020.default>> }).instances;
  if (level === 'must') validators.must(id, doc);
  else validators.should(id, doc, level);
  const validate = instances.get(level)!.getSchema(id)!;
  return validate(doc) ? null : validate.errors;
}

const schemas = contractSchemaFiles().map(({ schema }) => publishable(schema) as { $id: string });

describe('validators compiled ahead (what the bundle loads) judge as ajv compiling at run time does', () => {
  for (const level of VALIDATOR_LEVELS) {
    it(`level ${level}: the same verdict and the same errors, on documents of every schema and on wrong ones`, () => {
      const compiled = loadCompiled(level);
      const validators = new SchemaValidators();
      expect(Object.keys(compiled.exportsById).sort()).toEqual(schemas.map((s) => s.$id).sort());
      const wrong = fc.anything({ maxDepth: 2 });
      const keywords = new Set<string>();
      for (const schema of schemas) {
        const validate = compiled[compiled.exportsById[schema.$id]!]!;
        const docs = fc.sample(fc.oneof(requestFromSchema(schema), wrong), { seed: 3, numRuns: 40 });
        for (const doc of docs) {
          const ahead = validate(doc) ? null : validate.errors;
          for (const error of ahead ?? []) keywords.add(error.keyword);
          expect(JSON.stringify(ahead)).toBe(JSON.stringify(runtimeErrors(validators, level, schema.$id, doc)));
        }
      }
      // The comparison saw the contract's own keywords fail, not only wrong types.
      expect([...keywords]).toEqual(expect.arrayContaining(['type', 'required', ...(level === 'response' ? ['x-convention'] : [])]));
    });
  }
});

describe("the input files' validators compiled ahead judge as ajv compiling at run time does", () => {
  it('the fixtures schema: the same verdict and the same errors, on fixtures and on wrong documents', () => {
    const fixtures = publishable(FixturesSchema) as { $id: string };
    const dir = mkdtempSync(join(tmpdir(), 'compiled-validators-'));
    const file = join(dir, INPUT_VALIDATORS_FILE);
    writeFileSync(file, inputValidatorsSource([fixtures]));
    const compiled = createRequire(import.meta.url)(file) as Compiled & { schemasById: Record<string, string> };
    expect(Object.keys(compiled.exportsById)).toEqual([fixtures.$id]);
    expect(compiled.schemasById[fixtures.$id]).toBe(JSON.stringify(fixtures));
    const validate = compiled[compiled.exportsById[fixtures.$id]!]!;
    const validators = new SchemaValidators([fixtures]);
    const docs = fc.sample(fc.oneof(requestFromSchema(fixtures), fc.anything({ maxDepth: 3 })), { seed: 5, numRuns: 200 });
    for (const doc of docs) {
      const ahead = validate(doc) ? null : validate.errors;
      expect(JSON.stringify(ahead)).toBe(JSON.stringify(runtimeErrors(validators, 'must', fixtures.$id, doc)));
    }
  });
});
