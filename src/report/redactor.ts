/**
 * The one redactor every string leaving the process passes (report files, terminal lines), applied to the
 * final text — after any cut — so nothing a renderer or a message builder does can bring a secret back:
 *
 * - each access key of the run wherever it appears, also any 8+ character slice of it (a key cut in two by a
 *   truncation), in any letter case, JSON-escaped, URL-encoded or HTML-escaped;
 * - the secret part of every URL the user gave (path and query beyond the origin, where node providers put
 *   their keys): the URL is shown as its origin followed by the placeholder, and key-like path segments are
 *   treated as keys;
 * - personal data: every value learned from a Contact (whatever shape it came in) and any e-mail address.
 */
export const REDACTED = '[redacted]';

/** Shorter slices of a key are too common in ordinary text to be told apart from it. */
const MIN_SLICE = 8;
/** A key shorter than this is replaced only whole (a 3-character "key" would erase half of every report). */
const MIN_WHOLE = 4;
/** An e-mail address is a local part (a run of these characters), `@` or `%40`, then a domain. */
const LOCAL_PART_RUN = /[A-Za-z0-9._%+-]+/g;
const AT_AND_DOMAIN = /(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/y;
const NETWORK_PLACEHOLDER = '{network}';

export interface RedactionInputs {
  /** Access keys the run was given. */
  readonly keys: readonly (string | undefined)[];
  /** URLs the user gave (bases, --chain-rpc-url); `{network}` may stand for a network slug. */
  readonly urls: readonly (string | undefined)[];
}

/** The forms a secret takes once a JSON encoder, a URL or an HTML page has carried it. */
function variantsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const html = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return [
    ...new Set([secret, json, JSON.stringify(json).slice(1, -1), encodeURIComponent(secret), encodeURI(secret), html(secret), html(json)]),
  ];
}

/** A path segment that looks like a credential rather than a route (`v3/9aa3d95b…`, a long token). */
export function keyLike(segment: string): boolean {
  return (segment.length >= MIN_SLICE && /\d/.test(segment) && /[A-Za-z]/.test(segment)) || segment.length >= 20;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A pattern of `origin + path` of a given URL, capturing the origin; undefined when it has no path to hide. */
function urlPattern(url: string): { pattern: string; secrets: string[] } | undefined {
  const match = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]+)([^#]*)$/i.exec(url.trim());
  if (!match) return undefined;
  const [, origin, rest] = match as unknown as [string, string, string];
  const path = rest.replace(/\/+$/, '');
  if (path === '') return undefined;
  const toPattern = (s: string) => s.split(NETWORK_PLACEHOLDER).map(escapeRegExp).join('[A-Za-z0-9-]+');
  const secrets = path
    .split(/[/?&=;]/)
    .flatMap((s) => s.split(NETWORK_PLACEHOLDER))
    .filter(keyLike);
  return { pattern: `(${toPattern(origin)})${toPattern(path)}`, secrets };
}

export class Redactor {
  private readonly sliceSecrets: string[] = [];
  private readonly wholeSecrets: string[] = [];
  private readonly urlPatterns: RegExp | undefined;
  /** Each personal value learned, with its alternatives in the pattern (made once: the set grows all run long). */
  private readonly personal = new Map<string, readonly string[]>();
  private personalPattern: RegExp | undefined;
  private grams = new Set<string>();
  /** Two-character prefilter of the 8-grams (lower-cased char codes folded to 16 bits). */
  private pairs = new Uint8Array(1 << 16);

  constructor(inputs: RedactionInputs) {
    const patterns: string[] = [];
    for (const url of inputs.urls) {
      const found = url ? urlPattern(url) : undefined;
      if (!found) continue;
      patterns.push(found.pattern);
      for (const secret of found.secrets) this.addSecret(secret);
    }
    this.urlPatterns = patterns.length > 0 ? new RegExp(patterns.join('|'), 'gi') : undefined;
    for (const key of inputs.keys) if (key) this.addSecret(key);
  }

  private addSecret(secret: string): void {
    for (const variant of variantsOf(secret)) {
      if (variant.length >= MIN_SLICE) {
        this.sliceSecrets.push(variant);
        const lower = variant.toLowerCase();
        for (let i = 0; i + MIN_SLICE <= lower.length; i += 1) {
          this.grams.add(lower.slice(i, i + MIN_SLICE));
          this.pairs[pairCode(lower, i)] = 1;
        }
      } else if (variant.length >= MIN_WHOLE) this.wholeSecrets.push(variant);
    }
  }

  /** How many personal values it knows: a text redacted before this grew may hold one learnt since. */
  get learned(): number {
    return this.personal.size;
  }

  /** Personal values seen in answers (names, e-mails, whatever shape they came in), to be kept out from now on. */
  learnPersonal(values: Iterable<string>): void {
    let added = false;
    for (const value of values) {
      const trimmed = value.trim();
      if (trimmed === '' || this.personal.has(trimmed)) continue;
      // A short value ("Al") is everywhere in ordinary words: it is replaced only as a whole JSON string.
      const alternatives = variantsOf(trimmed).map((variant) =>
        variant.length >= MIN_WHOLE ? escapeRegExp(variant) : `"${escapeRegExp(variant)}"`,
      );
      this.personal.set(trimmed, alternatives);
      added = true;
    }
    if (added) this.personalPattern = undefined;
  }

  /** The text with every secret and every piece of personal data replaced. */
  text(input: string): string {
    let out = input;
    // Personal values first: each is replaced whole, before the e-mail pattern takes a part of one away.
    const personal = this.personalRegExp();
    if (personal) out = out.replace(personal, (match: string) => (match.startsWith('"') ? `"${REDACTED}"` : REDACTED));
    if (this.urlPatterns)
      out = out.replace(
        this.urlPatterns,
        (whole: string, ...groups: unknown[]) => `${groups.find((g) => typeof g === 'string') ?? ''}/${REDACTED}`,
      );
    out = this.redactSlices(out);
    for (const secret of this.wholeSecrets) out = out.split(secret).join(REDACTED);
    return redactEmails(out);
  }

  /** Every stretch of the text made of 8-grams of a secret, in any letter case. */
  private redactSlices(text: string): string {
    if (this.grams.size === 0 || text.length < MIN_SLICE) return text;
    const folded = text.toLowerCase();
    // Letter-case folding that changes lengths (a few Unicode letters) would misplace the cut: match as is then.
    const haystack = folded.length === text.length ? folded : text;
    const ranges: [number, number][] = [];
    for (let i = 0; i + MIN_SLICE <= haystack.length; i += 1) {
      if (this.pairs[pairCode(haystack, i)] === 0) continue;
      if (!this.grams.has(haystack.slice(i, i + MIN_SLICE))) continue;
      const last = ranges[ranges.length - 1];
      if (last && i <= last[1]) last[1] = i + MIN_SLICE;
      else ranges.push([i, i + MIN_SLICE]);
    }
    if (ranges.length === 0) return text;
    let out = '';
    let at = 0;
    for (const [from, to] of ranges) {
      out += `${text.slice(at, from)}${REDACTED}`;
      at = to;
    }
    return out + text.slice(at);
  }

  private personalRegExp(): RegExp | undefined {
    if (this.personal.size === 0) return undefined;
    if (this.personalPattern) return this.personalPattern;
    const alternatives = [...this.personal.values()].flat();
    alternatives.sort((a, b) => b.length - a.length);
    this.personalPattern = new RegExp(alternatives.join('|'), 'g');
    return this.personalPattern;
  }
}

function pairCode(text: string, i: number): number {
  return ((text.charCodeAt(i) & 0xff) << 8) | (text.charCodeAt(i + 1) & 0xff);
}

/**
 * Every e-mail address replaced: what `text.replace(/[A-Za-z0-9._%+-]+(?:@|%40)<domain>/g, REDACTED)` does, in
 * linear time. That one pattern retries from every character of a long run of address-like characters (hex
 * data, signatures) and scans the run again each time, which made it most of the time spent writing a
 * report. Here each run is read once: its longest local part ends at the last `@` or `%40` that a domain
 * follows (the pattern's backtracking order), and the search goes on where a match ends.
 */
function redactEmails(text: string): string {
  if (!text.includes('@') && !text.includes('%40')) return text;
  const runs = new RegExp(LOCAL_PART_RUN);
  let out = '';
  let at = 0;
  for (let run = runs.exec(text); run !== null; run = runs.exec(text)) {
    const end = emailEnd(text, run.index, run[0]);
    if (end === undefined) continue;
    out += `${text.slice(at, run.index)}${REDACTED}`;
    at = end;
    runs.lastIndex = end;
  }
  return at === 0 ? text : out + text.slice(at);
}

/**
 * Where the e-mail address whose local part starts `run` (at `start` in the text) ends, if there is one. The
 * `%40` candidates are looked for in the run only: a search of the whole text from each run would be quadratic.
 */
function emailEnd(text: string, start: number, run: string): number | undefined {
  const domainEnd = (at: number): number | undefined => {
    AT_AND_DOMAIN.lastIndex = at;
    return AT_AND_DOMAIN.test(text) ? AT_AND_DOMAIN.lastIndex : undefined;
  };
  const end = start + run.length;
  if (text.charCodeAt(end) === 0x40) {
    const found = domainEnd(end);
    if (found !== undefined) return found;
  }
  for (let at = run.lastIndexOf('%40', run.length - 3); at > 0; at = run.lastIndexOf('%40', at - 1)) {
    const found = domainEnd(start + at);
    if (found !== undefined) return found;
  }
  return undefined;
}
