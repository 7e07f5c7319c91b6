/** Rewrites the generated tables of the documentation (check ids, operations, faults, networks), docs/contract.md and docs/sentences.md. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderContractDoc } from '../src/docs/contract-doc.js';
import { GENERATED_SECTIONS, renderGeneratedSections } from '../src/docs/generated-sections.js';
import { renderSentencesPage } from '../src/docs/sentences-page.js';

const root = join(import.meta.dirname, '..');
for (const page of Object.keys(GENERATED_SECTIONS)) {
  const path = join(root, page);
  writeFileSync(path, renderGeneratedSections(page, readFileSync(path, 'utf8')));
  console.log(`updated ${path}`);
}

const contract = join(root, 'docs', 'contract.md');
mkdirSync(join(contract, '..'), { recursive: true });
writeFileSync(contract, renderContractDoc());
console.log(`updated ${contract}`);

const sentences = join(root, 'docs', 'sentences.md');
writeFileSync(sentences, renderSentencesPage());
console.log(`updated ${sentences}`);
