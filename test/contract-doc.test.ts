/**
 * docs/contract.md is generated from src/contract and must not drift (`npm run docs` rewrites it); its
 * internal links land on its own headings; the README and every page of docs/ link only to files inside the
 * repository, and the README is a start page that leads to each of them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KINDS, NETWORKS, OPERATIONS, RESOURCES, operationId } from '../src/contract/index.js';
import { renderContractDoc } from '../src/docs/contract-doc.js';

const ROOT = join(import.meta.dirname, '..');
const CONTRACT_DOC = join(ROOT, 'docs', 'contract.md');
const doc = readFileSync(CONTRACT_DOC, 'utf8');

/** GitHub's heading anchors, as far as these documents need them. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');
const anchorsOf = (text: string) => new Set([...text.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!)));
const linksOf = (text: string) => [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);

describe('docs/contract.md', () => {
  it('is what the contract generates (run `npm run docs` after changing src/contract)', () => {
    expect(doc).toBe(renderContractDoc());
  });

  it('has the 18 operations, every resource, the whole error table and the 39 networks', () => {
    for (const op of OPERATIONS) expect(doc).toContain(`### ${operationId(op)}\n`);
    for (const name of Object.keys(RESOURCES)) expect(doc).toContain(`### ${name}\n`);
    for (const k of ERROR_KINDS) expect(doc).toContain(`| \`${k.error}\` | ${k.code} | ${k.msg} | ${k.status} | ${k.statusClass} |`);
    for (const n of NETWORKS) expect(doc).toContain(`| \`${n.slug}\` | ${n.chainId} | ${n.kind} |`);
  });

  it('links only to its own headings and to files of the repository', () => {
    const anchors = anchorsOf(doc);
    for (const link of linksOf(doc)) {
      if (link.startsWith('#')) expect(anchors, link).toContain(link.slice(1));
      else expect(existsSync(resolve(dirname(CONTRACT_DOC), link)), link).toBe(true);
    }
  });
});

const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((name) => join('docs', name))];

describe.each(PAGES)('%s', (page) => {
  const text = readFileSync(join(ROOT, page), 'utf8');

  it('links only to files inside the repository, and to headings that exist', () => {
    for (const link of linksOf(text).filter((l) => !/^https?:/.test(l))) {
      const [path = '', fragment] = link.split('#');
      if (path === '') {
        expect(anchorsOf(text), link).toContain(fragment);
        continue;
      }
      const target = resolve(ROOT, dirname(page), path);
      expect(relative(ROOT, target).startsWith('..'), `${link} leaves the repository`).toBe(false);
      expect(existsSync(target), link).toBe(true);
      if (fragment !== undefined) expect(anchorsOf(readFileSync(target, 'utf8')), link).toContain(fragment);
    }
    expect(text).not.toMatch(/\.\.\/shared|\/work\//);
  });
});

describe('README', () => {
  it('is a start page that links to the contract and to every page of the documentation', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    for (const page of PAGES.filter((p) => p !== 'README.md')) expect(readme, page).toContain(`](${page})`);
  });
});
