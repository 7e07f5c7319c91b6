/** Rewrites src/checks/catalogue.generated.ts from the check definitions. */
import { writeFileSync } from 'node:fs';
import { CATALOGUE_FILE, renderCatalogueFile } from '../src/docs/generate-catalogue.js';

writeFileSync(CATALOGUE_FILE, await renderCatalogueFile());
console.log(`updated ${CATALOGUE_FILE}`);
