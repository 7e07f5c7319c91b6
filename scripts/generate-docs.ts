/** Rewrites the generated tables of README.md (check ids, operations, faults, networks) and docs/contract.md. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderContractDoc } from '../src/docs/contract-doc.js';
import { renderReadme } from '../src/docs/readme-sections.js';

const path = join(import.meta.dirname, '..', 'README.md');
writeFileSync(path, renderReadme(readFileSync(path, 'utf8')));
console.log(`updated ${path}`);

const contract = join(import.meta.dirname, '..', 'docs', 'contract.md');
mkdirSync(join(contract, '..'), { recursive: true });
writeFileSync(contract, renderContractDoc());
console.log(`updated ${contract}`);
