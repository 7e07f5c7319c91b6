/**
 * Writes schemas/*.json from the contract (src/contract) and the tool's own models. Run `npm run schemas`
 * after changing either; test/schemas.test.ts fails when the checked-in files drift.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allSchemaFiles, renderSchemaFile } from '../src/cli/published-schemas.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'schemas');
for (const entry of allSchemaFiles()) {
  const target = join(root, entry.file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, renderSchemaFile(entry));
}
console.log(`wrote ${allSchemaFiles().length} schema files to ${root}`);
