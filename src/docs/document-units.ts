/**
 * interface.md cut into what can state a behaviour: each sentence of its prose (list items included) and each
 * row of its tables, under the heading it sits in. The sentence map (src/checks/sentences.ts) must account for
 * every one of these; the cut is plain enough that a new sentence or row of the document shows up as a unit.
 */

export interface DocumentUnit {
  /** The heading it sits under, with the operation's name for the lines under a bold operation name. */
  readonly section: string;
  readonly kind: 'sentence' | 'row';
  /** The unit as the document writes it, whitespace normalised. */
  readonly text: string;
}

/** Whitespace normalised: how quotes and units are compared. */
export const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

const TABLE_SEPARATOR = /^\|[\s:|-]+\|$/;
const BOLD_NAME_ONLY = /^\*\*([^*]+)\*\*$/;
const LIST_MARKER = /^(?:[-*]|\d+\.)\s+/;
/** A sentence ends at . ! or ? followed by a space and what starts a sentence (a capital, a quote, code, bold). */
const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z`*("])/;

export function documentUnits(markdown: string): DocumentUnit[] {
  const units: DocumentUnit[] = [];
  let heading = '';
  let section = '';
  let inTable = false;
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      inTable = false;
      continue;
    }
    const headingMatch = /^#+\s+(.*)$/.exec(line);
    if (headingMatch) {
      heading = headingMatch[1]!;
      section = heading;
      inTable = false;
      continue;
    }
    const boldName = BOLD_NAME_ONLY.exec(line);
    if (boldName) {
      section = `${heading} › ${boldName[1]!}`;
      continue;
    }
    if (line.startsWith('|')) {
      // The first row of a table is its header: it names columns, it states nothing.
      if (!inTable) {
        inTable = true;
        continue;
      }
      if (!TABLE_SEPARATOR.test(line)) units.push({ section, kind: 'row', text: normalise(line) });
      continue;
    }
    inTable = false;
    const prose = line.replace(LIST_MARKER, '');
    // "**GetSwapPrices**: retrieves …" under an operations heading opens that operation's lines.
    const operation = /^\*\*([A-Z]\w+)\*\*[:( ]/.exec(prose);
    if (operation && /operation/i.test(heading)) section = `${heading} › ${operation[1]!}`;
    for (const sentence of prose.split(SENTENCE_END)) if (sentence.trim() !== '') units.push({ section, kind: 'sentence', text: normalise(sentence) });
  }
  return units;
}
