/** Rewrites the generated tables of README.md (check ids, operations, faults, networks). */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderReadme } from '../src/docs/readme-sections.js';

const path = join(import.meta.dirname, '..', 'README.md');
writeFileSync(path, renderReadme(readFileSync(path, 'utf8')));
console.log(`updated ${path}`);
