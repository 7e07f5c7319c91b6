/**
 * The sentence map (src/checks/sentences.ts) accounts for every sentence and table row of the contract: each is
 * judged by checks of the catalogue, or marked with why no check can judge it, or with why it states no
 * behaviour. The vendored copy of the contract is the contract: where the shared copy lies beside the clone (as
 * CI lays it out), the two are the same bytes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_CATALOGUE, isCheckId } from '../src/checks/catalogue.js';
import { SENTENCES } from '../src/checks/sentences.js';
import { documentUnits, normalise } from '../src/docs/document-units.js';
import { entriesOf, readVendoredContract, renderSentencesPage, VENDORED_CONTRACT } from '../src/docs/sentences-page.js';

const ROOT = join(import.meta.dirname, '..');
const SHARED_CONTRACT = join(ROOT, '..', 'shared', 'spec', 'interface.md');
const contract = readVendoredContract();
const units = documentUnits(contract);

describe('the vendored contract', () => {
  it('is in the repository', () => {
    expect(existsSync(join(ROOT, VENDORED_CONTRACT))).toBe(true);
    expect(contract).toContain('## Endpoints');
  });

  // A clone without the shared folder beside it has nothing to compare with; the copy above is then the contract.
  it.runIf(existsSync(SHARED_CONTRACT))('is the same bytes as the shared contract beside the clone', () => {
    expect(readFileSync(join(ROOT, VENDORED_CONTRACT)).equals(readFileSync(SHARED_CONTRACT))).toBe(true);
  });
});

describe('the document, cut into sentences and rows', () => {
  it('finds the sentences and rows a reader sees', () => {
    expect(units.filter((u) => u.kind === 'row').length).toBeGreaterThan(90);
    expect(units.map((u) => u.text)).toContain('The result is null when the user lacks sufficient funds or the pool lacks liquidity.');
    expect(units.map((u) => u.text)).toContain('| WebrpcBadRoute | -2 | bad route | 404 |');
    // Two sentences of one line are two units.
    expect(units.map((u) => u.text)).toContain('It queries a chain node for the latest value.');
  });

  it('a sentence added to the document is a unit of its own', () => {
    const added = documentUnits(`${contract}\nA new rule. Another rule follows.\n`);
    expect(added.slice(-2).map((u) => u.text)).toEqual(['A new rule.', 'Another rule follows.']);
  });
});

describe('the sentence map', () => {
  it('accounts for every sentence and row of the document', () => {
    const missing = units.filter((u) => entriesOf(u).length === 0).map((u) => `${u.section}: ${u.text}`);
    expect(missing).toEqual([]);
  });

  it('quotes each entry verbatim from one sentence or row of the document (whitespace normalised)', () => {
    const notFound = SENTENCES.filter((e) => !units.some((u) => u.text.includes(normalise(e.quote)))).map((e) => e.quote);
    expect(notFound).toEqual([]);
  });

  it('names only checks of the catalogue, and gives a reason wherever it names none', () => {
    for (const entry of SENTENCES) {
      if ('checks' in entry) {
        expect(entry.checks.length, entry.quote).toBeGreaterThan(0);
        for (const id of entry.checks) expect(isCheckId(id), `${id} (for "${entry.quote}")`).toBe(true);
      } else {
        expect(('unjudged' in entry ? entry.unjudged : entry.statesNothing).length, entry.quote).toBeGreaterThan(5);
      }
    }
  });

  it('has no quote twice', () => {
    const quotes = SENTENCES.map((e) => normalise(e.quote));
    expect(quotes.filter((q, i) => quotes.indexOf(q) !== i)).toEqual([]);
  });
});

describe('the catalogue', () => {
  // Backticks and bold are the document's mark-up, not its words; "..." marks a cut in a quote.
  const words = (text: string) => normalise(text.replace(/[`*]/g, ''));
  const document = words(contract);

  /** The quoted fragments of a basis that cites interface.md (up to where it cites wire-facts.md). */
  const quotesOf = (basis: string) =>
    basis
      .split(/(?=wire-facts\.md)|(?=interface\.md)/)
      .filter((part) => part.startsWith('interface.md'))
      .flatMap((part) => [...part.matchAll(/"([^"]+)"/g)].flatMap((m) => m[1]!.split(/\s*\.\.\.\s*/)))
      .filter((fragment) => fragment.trim() !== '');

  it('quotes interface.md verbatim wherever a check rests on it', () => {
    const quoted = CHECK_CATALOGUE.flatMap((check) => quotesOf(check.basis).map((quote) => ({ id: check.id, quote })));
    expect(quoted.length).toBeGreaterThan(50);
    expect(quoted.filter(({ quote }) => !document.includes(words(quote)))).toEqual([]);
  });

  it('a misquote is caught', () => {
    expect(quotesOf('interface.md §X: "The result is null when the user lacks funds"').some((q) => !document.includes(words(q)))).toBe(
      true,
    );
  });
});

describe('docs/sentences.md', () => {
  it('is current (run `npm run docs`)', () => {
    expect(readFileSync(join(ROOT, 'docs', 'sentences.md'), 'utf8')).toBe(renderSentencesPage());
  });

  it('shows each judged sentence with its checks and their catalogue levels', () => {
    const page = renderSentencesPage();
    expect(page).toContain('`swap-prices-null-without-liquidity` (MUST)');
    expect(page).toContain('no check: not shown: nothing to judge');
  });
});
