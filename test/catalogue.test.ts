/**
 * The catalogue is generated from the checks' definitions: it must be current, and what it says of each check
 * must be what the definition says (one source of truth, the definition).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECK_CATALOGUE } from '../src/checks/catalogue.js';
import { CATALOGUE_FILE, catalogueEntries, renderCatalogueFile } from '../src/docs/generate-catalogue.js';

describe('src/checks/catalogue.generated.ts', () => {
  it('is current (run `npm run catalogue`)', async () => {
    expect(readFileSync(CATALOGUE_FILE, 'utf8')).toBe(await renderCatalogueFile());
  });

  it('lists every defined check once, with where it runs', async () => {
    const defined = await catalogueEntries();
    expect(CHECK_CATALOGUE.map((c) => c.id)).toEqual(defined.map((c) => c.id));
    for (const check of CHECK_CATALOGUE) expect(check.operations.length + check.services.length, check.id).toBeGreaterThan(0);
  });
});
