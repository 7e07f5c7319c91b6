/**
 * The entry src/bundle/build.mjs runs once, right after it bundles the sources: each level's validators compiled
 * ahead, written next to the bundle, so that the threads of every later run load them instead of compiling them.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FixturesSchema } from '../config/fixtures.js';
import { publishable } from '../contract/schema-files.js';
import {
  compiledValidatorsFile,
  compiledValidatorsSource,
  INPUT_VALIDATORS_FILE,
  inputValidatorsSource,
  VALIDATOR_LEVELS,
} from './validators.js';

export function writeCompiledValidators(bundleDir: string): void {
  for (const level of VALIDATOR_LEVELS) writeFileSync(join(bundleDir, compiledValidatorsFile(level)), compiledValidatorsSource(level));
  writeFileSync(join(bundleDir, INPUT_VALIDATORS_FILE), inputValidatorsSource([publishable(FixturesSchema)]));
}
