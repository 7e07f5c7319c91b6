/**
 * The one redactor every string leaving the process passes (report files, terminal lines), applied to the
 * final text — after any cut — so nothing a renderer or a message builder does can bring a secret back:
 *
 * - each access key of the run wherever it appears, also any 8+ character slice of it (a key cut in two by a
 *   truncation), in any letter case, JSON-escaped, URL-encoded, HTML-escaped or reversed, and encoded as
 *   base64, base64url or hex (each encoding of the key or of either half, 16+ characters of it for hex) — but
 *   never a slice that is one of the report's own words (vocabulary.ts): such a key is reported weak instead;
 * - the user name and password of any URL (`scheme://user:password@`);
 * - the secret part of every URL the user gave (path and query beyond the origin, where node providers put
 *   their keys): the URL is shown as its origin followed by the placeholder, and key-like path segments are
 *   treated as keys;
 * - personal data: every value learned from a Contact (whatever shape it came in), in any letter case, also
 *   where a cut (`…`) left only its start; and any e-mail address.
 */
import { REDACTED } from '../config/redacted.js';
import { reportVocabulary } from './vocabulary.js';

// The mark is the configuration's (its usage errors hide values too); the report's modules take it from here.
export { REDACTED };

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

/**
 * The encodings a server may echo a key in: base64 and base64url (as it falls in any of the three positions a
 * longer encoded text may put it: the characters that depend on its neighbours are left out), and hex. Of the
 * key and of each half, so that a half encoded alone is found too.
 */
function encodingsOf(secret: string): { strong: string[]; hex: string[] } {
  const parts = secret.length >= 2 * MIN_SLICE ? [secret, secret.slice(0, secret.length >> 1), secret.slice(secret.length >> 1)] : [secret];
  const strong: string[] = [];
  const hex: string[] = [];
  for (const part of parts) {
    const bytes = Buffer.from(part, 'utf8');
    hex.push(bytes.toString('hex'));
    for (let shift = 0; shift < 3; shift += 1) {
      const encoded = Buffer.concat([Buffer.alloc(shift), bytes])
        .toString('base64')
        .replace(/=+$/, '');
      // The first group holds the padding bytes when shifted; the last may hold the next byte's bits.
      const inner = encoded.slice(shift === 0 ? 0 : 4, bytes.length % 3 === 0 && shift === 0 ? undefined : -2);
      strong.push(inner, inner.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return { strong: strong.filter((e) => e.length >= MIN_SLICE), hex };
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

/**
 * A pattern of `origin + path` of a given URL, capturing the origin (with any user name and password, shown
 * or not); undefined when it has no path to hide. The secrets are its key-like path segments and its
 * user name and password.
 */
function urlPattern(url: string): { pattern: string | undefined; secrets: string[] } | undefined {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)(?:([^/?#@]*)@)?([^/?#]+)([^#]*)$/i.exec(url.trim());
  if (!match) return undefined;
  const [, scheme, userinfo, host, rest] = match as unknown as [string, string, string | undefined, string, string];
  const credentials = (userinfo ?? '')
    .split(':')
    .map((part) => decodeURIComponentSafely(part))
    .filter((part) => part.length >= MIN_WHOLE);
  const path = rest.replace(/\/+$/, '');
  const toPattern = (s: string) => s.split(NETWORK_PLACEHOLDER).map(escapeRegExp).join('[A-Za-z0-9-]+');
  const secrets = path
    .split(/[/?&=;]/)
    .flatMap((s) => s.split(NETWORK_PLACEHOLDER))
    .filter(keyLike);
  const origin = `${escapeRegExp(scheme)}(?:[^/?#@\\s]*@)?${toPattern(host)}`;
  return { pattern: path === '' ? undefined : `(${origin})${toPattern(path)}`, secrets: [...secrets, ...credentials] };
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A user name and password in a URL, whatever URL it is. */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#\s@'"<>]+@/gi;
/** A character USERINFO's user name and password may not hold (`[^/?#\s@'"<>]`, `@` aside). */
const NOT_USERINFO = /[/?#\s'"<>]/;

/**
 * Whether USERINFO may match: only where `://` is followed by at least one character it allows and then `@`.
 * A report holds thousands of URLs, none with a user name, and the pattern tried each of its words.
 */
function mayHoldUserinfo(text: string): boolean {
  if (!text.includes('@')) return false;
  for (let at = text.indexOf('://'); at !== -1; at = text.indexOf('://', at + 3)) {
    let end = at + 3;
    while (end < text.length && text[end] !== '@' && !NOT_USERINFO.test(text[end]!)) end += 1;
    if (end > at + 3 && text[end] === '@') return true;
  }
  return false;
}

/** A hex stretch shorter than this may be anything's (hashes, addresses): it is a key's only when longer. */
const MIN_HEX_STRETCH = 2 * MIN_SLICE;

/** Told of every redactor made (output-boundary.ts makes each one share what it learns with the run's others). */
let made: ((redactor: Redactor) => void) | undefined;
export function whenRedactorMade(hook: (redactor: Redactor) => void): void {
  made = hook;
}

export class Redactor {
  private readonly wholeSecrets: string[] = [];
  /** Slices of a key that are words of the report: left as they are, and the key said to be weak. */
  private readonly shared = new Set<string>();
  private readonly urlPatterns: RegExp | undefined;
  /** Each personal value learned, with its alternatives in the pattern (made once: the set grows all run long). */
  private readonly personal = new Map<string, readonly string[]>();
  private personalPattern: RegExp | undefined;
  /**
   * The learned values' ASCII forms as the pattern spells them, lower-cased, by their first three characters; and
   * a pattern of those beginnings, a few dozen however many values are learned. A text in ASCII where none of the
   * forms begins is left as it is without the pattern of the values, compiled anew each time one is learned
   * (milliseconds for hundreds of alternatives in any letter case: a few dozen times in a run's every thread).
   */
  private readonly personalIndex = new Map<string, string[]>();
  private personalStarts: RegExp | undefined;
  /** The learned values' plain forms, lower-cased and sorted: a text cut inside one is looked up here (cutStarts). */
  private personalSorted: string[] | undefined;
  /** Told of each personal value learned anew (output-boundary.ts shares them with the run's other redactors). */
  private readonly learnedListeners: ((values: readonly string[]) => void)[] = [];
  /** Each 8-gram of a secret's forms: true when any stretch of it is a secret's, false for hex (see MIN_HEX_STRETCH). */
  private grams = new Map<string, boolean>();
  /**
   * Prefilters of the 8-grams: a bit per hash of each 4-character piece of one, then a bit per hash of a whole
   * one (see redactSlices); only a position both let through is looked up in `grams`. A filter on two characters
   * let nearly every position of a hex text through for a key made of hex digits.
   */
  private quadBits = new Uint32Array(1 << (QUAD_BITS - 5));
  private gramBits = new Uint32Array(1 << (GRAM_BITS - 5));

  constructor(inputs: RedactionInputs) {
    const patterns: string[] = [];
    for (const url of inputs.urls) {
      const found = url ? urlPattern(url) : undefined;
      if (!found) continue;
      if (found.pattern) patterns.push(found.pattern);
      for (const secret of found.secrets) this.addSecret(secret);
    }
    this.urlPatterns = patterns.length > 0 ? new RegExp(patterns.join('|'), 'gi') : undefined;
    for (const key of inputs.keys) if (key) this.addSecret(key);
    made?.(this);
  }

  private addSecret(secret: string): void {
    const reversed = [...secret].reverse().join('');
    const { strong, hex } = encodingsOf(secret);
    for (const variant of [...variantsOf(secret), ...variantsOf(reversed), ...strong]) {
      if (variant.length >= MIN_SLICE) this.addGrams(variant, true);
      else if (variant.length >= MIN_WHOLE) this.wholeSecrets.push(variant);
    }
    for (const variant of hex) this.addGrams(variant, false);
    // A key that shares words with the report is still replaced whole wherever it appears whole.
    if (this.shared.size > 0) for (const variant of variantsOf(secret)) if (variant.length >= MIN_SLICE) this.wholeSecrets.push(variant);
  }

  private addGrams(variant: string, strong: boolean): void {
    const lower = variant.toLowerCase();
    const vocabulary = reportVocabulary();
    for (let i = 0; i + MIN_SLICE <= lower.length; i += 1) {
      const gram = lower.slice(i, i + MIN_SLICE);
      if (vocabulary.includes(gram)) {
        if (strong) this.shared.add(gram);
        continue;
      }
      this.grams.set(gram, strong || this.grams.get(gram) === true);
      const bit = gramBit(lower, i);
      this.gramBits[bit >>> 5]! |= 1 << (bit & 31);
      for (let k = i; k + QUAD <= i + MIN_SLICE; k += 1) {
        const quad = quadBit(lower, k);
        this.quadBits[quad >>> 5]! |= 1 << (quad & 31);
      }
    }
  }

  /**
   * The slices of the run's keys that are words of the report (check ids, operation names, slugs, fields):
   * those words are never redacted, so such a key is weak (a run should say so). Empty for a good key.
   */
  get weakKeyParts(): readonly string[] {
    return [...this.shared];
  }

  /** How many personal values it knows: a text redacted before this grew may hold one learnt since. */
  get learned(): number {
    return this.personal.size;
  }

  /** Personal values seen in answers (names, e-mails, whatever shape they came in), to be kept out from now on. */
  learnPersonal(values: Iterable<string>): void {
    const added: string[] = [];
    for (const value of values) {
      const trimmed = value.trim();
      if (trimmed === '' || this.personal.has(trimmed)) continue;
      // A short value ("Al") is everywhere in ordinary words: it is replaced only as a whole JSON string.
      const forms = personalVariantsOf(trimmed).map((variant) => (variant.length >= MIN_WHOLE ? variant : `"${variant}"`));
      this.personal.set(trimmed, forms.map(escapeRegExp));
      for (const form of forms) this.indexPersonal(form.toLowerCase());
      added.push(trimmed);
    }
    if (added.length === 0) return;
    this.personalPattern = undefined;
    this.personalSorted = undefined;
    for (const listener of this.learnedListeners) listener(added);
  }

  /** Calls `listener` with the personal values this redactor learns from now on, each once. */
  onLearned(listener: (values: readonly string[]) => void): void {
    this.learnedListeners.push(listener);
  }

  /** Every personal value learned so far. */
  get personalValues(): readonly string[] {
    return [...this.personal.keys()];
  }

  /** The text with every secret and every piece of personal data replaced. */
  text(input: string): string {
    let out = input;
    // Personal values first: each is replaced whole, before the e-mail pattern takes a part of one away.
    if (this.personal.size > 0) {
      // Once made, the pattern is quicker than the look for beginnings: it is used until a value is learned.
      if (this.personalPattern !== undefined || this.mayHoldPersonal(out))
        out = out.replace(this.personalRegExp()!, (match: string) => (match.startsWith('"') ? `"${REDACTED}"` : REDACTED));
      if (out.includes(CUT)) out = this.cutStarts(out);
    }
    if (this.urlPatterns)
      out = out.replace(
        this.urlPatterns,
        (whole: string, ...groups: unknown[]) => `${groups.find((g) => typeof g === 'string') ?? ''}/${REDACTED}`,
      );
    for (const secret of this.wholeSecrets) out = out.split(secret).join(REDACTED);
    out = this.redactSlices(out);
    if (mayHoldUserinfo(out)) out = out.replace(USERINFO, `$1${REDACTED}@`);
    return redactEmails(out);
  }

  /** Every stretch of the text made of 8-grams of a secret, in any letter case. */
  private redactSlices(text: string): string {
    if (this.grams.size === 0 || text.length < MIN_SLICE) return text;
    const folded = text.toLowerCase();
    // Letter-case folding that changes lengths (a few Unicode letters) would misplace the cut: match as is then.
    const haystack = folded.length === text.length ? folded : text;
    const found: [number, number, boolean][] = [];
    const quads = this.quadBits;
    const bits = this.gramBits;
    // An 8-gram at p holds the 4 characters at the first multiple of 4 from p: only where those are a piece of
    // some 8-gram (quadBits) are the 4 positions that can start one looked at, in increasing order.
    for (let q = 0; q + QUAD <= haystack.length; q += QUAD) {
      const quad = quadBit(haystack, q);
      if ((quads[quad >>> 5]! & (1 << (quad & 31))) === 0) continue;
      for (let i = Math.max(0, q - QUAD + 1); i <= q && i + MIN_SLICE <= haystack.length; i += 1) {
        const bit = gramBit(haystack, i);
        if ((bits[bit >>> 5]! & (1 << (bit & 31))) === 0) continue;
        const strong = this.grams.get(haystack.slice(i, i + MIN_SLICE));
        if (strong === undefined) continue;
        const last = found[found.length - 1];
        if (last && i <= last[1]) {
          last[1] = i + MIN_SLICE;
          last[2] ||= strong;
        } else found.push([i, i + MIN_SLICE, strong]);
      }
    }
    const ranges = found.filter(([from, to, strong]) => strong || to - from >= MIN_HEX_STRETCH);
    if (ranges.length === 0) return text;
    let out = '';
    let at = 0;
    for (const [from, to] of ranges) {
      out += `${text.slice(at, from)}${REDACTED}`;
      at = to;
    }
    return out + text.slice(at);
  }

  /**
   * Whether the pattern of personal values may match the text. Exact for a text in ASCII: the pattern's
   * letter-case folding (`i` without `u`) maps no other character to an ASCII one, so there only the ASCII forms
   * can match, and they match as lower-cased alike. Any other text is left to the pattern.
   */
  private mayHoldPersonal(text: string): boolean {
    if (NOT_ASCII.test(text)) return true;
    if (this.personalIndex.size === 0) return false;
    this.personalStarts ??= new RegExp([...this.personalIndex.keys()].map(escapeRegExp).join('|'), 'gi');
    const starts = this.personalStarts;
    let lower: string | undefined;
    starts.lastIndex = 0;
    for (let found = starts.exec(text); found !== null; found = starts.exec(text)) {
      lower ??= text.toLowerCase();
      const at = found.index;
      for (const form of this.personalIndex.get(lower.slice(at, at + PERSONAL_KEY))!) if (lower.startsWith(form, at)) return true;
      // Beginnings may overlap: the next one is looked for from the next character.
      starts.lastIndex = at + 1;
    }
    return false;
  }

  private indexPersonal(form: string): void {
    if (NOT_ASCII.test(form)) return;
    const key = form.slice(0, PERSONAL_KEY);
    const forms = this.personalIndex.get(key);
    if (forms === undefined) {
      this.personalIndex.set(key, [form]);
      this.personalStarts = undefined;
    } else if (!forms.includes(form)) forms.push(form);
  }

  private personalRegExp(): RegExp | undefined {
    if (this.personal.size === 0) return undefined;
    if (this.personalPattern) return this.personalPattern;
    const alternatives = [...this.personal.values()].flat();
    alternatives.sort((a, b) => b.length - a.length);
    // Any letter case: a server that echoes a name may well have upper-cased it ("PANIC WHILE REMOVING ADA LIMA").
    // The alternatives stay literal (a character class in each, for other spacings, made it 100 times slower).
    this.personalPattern = new RegExp(alternatives.join('|'), 'gi');
    return this.personalPattern;
  }

  /**
   * The start of a personal value left just before a cut mark (`Ada Li…`): a message or a body cut before the
   * value was known (in another thread) or by a renderer, before this redactor saw it whole. At least
   * MIN_WHOLE characters of it, from the start of a word.
   */
  private cutStarts(text: string): string {
    this.personalSorted ??= [...new Set([...this.personal.keys()].filter((v) => v.length > MIN_WHOLE).map((v) => v.toLowerCase()))].sort();
    const sorted = this.personalSorted;
    if (sorted.length === 0) return text;
    const longest = sorted.reduce((n, v) => Math.max(n, v.length), 0);
    let out = '';
    let at = 0;
    for (let cut = text.indexOf(CUT); cut !== -1; cut = text.indexOf(CUT, cut + 1)) {
      // Lower-casing never shortens a text, so the `longest` characters before the cut hold any value's start.
      const from = Math.max(at, cut - longest);
      const before = text.slice(from, cut);
      const lowered = before.toLowerCase();
      // A letter whose lower case is longer (İ, U+0130, is `i̇`: two) moves the lowered text against the text:
      // an index into one is then no index into the other, and each start is lower-cased on its own.
      const loweredFrom =
        lowered.length === before.length
          ? (start: number) => lowered.slice(start - from)
          : (start: number) => text.slice(start, cut).toLowerCase();
      for (let start = from; start <= cut - MIN_WHOLE; start += 1) {
        if (start > 0 && /[\p{L}\p{N}]/u.test(text[start - 1]!)) continue;
        if (!startsSomeValue(sorted, loweredFrom(start))) continue;
        out += `${text.slice(at, start)}${REDACTED}`;
        at = cut;
        break;
      }
    }
    return at === 0 ? text : out + text.slice(at);
  }
}

/** How a text marks where it was cut (evidence.ts, the renderers, the terminal). */
const CUT = '…';

/** Whether a value of `sorted` (lower-cased, sorted) starts with `prefix`. */
function startsSomeValue(sorted: readonly string[], prefix: string): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]! < prefix) low = mid + 1;
    else high = mid;
  }
  return low < sorted.length && sorted[low]!.startsWith(prefix);
}

const NOT_ASCII = /[^\x00-\x7f]/;
/** A personal value's shortest form in the pattern: a one-character value as a whole JSON string (`"A"`). */
const PERSONAL_KEY = 3;

/** A personal value's forms: those of any secret, and a URL query's (`Ada+Lima`). */
function personalVariantsOf(value: string): string[] {
  const forms = variantsOf(value);
  const query = encodeURIComponent(value).replace(/%20/g, '+');
  return forms.includes(query) ? forms : [...forms, query];
}

/** The first prefilter's pieces, and its size: 2^QUAD_BITS bits. */
const QUAD = 4;
const QUAD_BITS = 18;
/** The second prefilter has 2^GRAM_BITS bits: a few thousand 8-grams set a fraction of a percent of them. */
const GRAM_BITS = 20;
const HASH_BASE = 0x01000193;

/** A polynomial hash modulo 2^32 of the `length` characters at `i`. */
function windowHash(text: string, i: number, length: number): number {
  let hash = 0;
  for (let k = i; k < i + length; k += 1) hash = (Math.imul(hash, HASH_BASE) + text.charCodeAt(k)) | 0;
  return hash;
}

/** A prefilter's bit (of 2^bits) for a hash: its top bits once mixed (a polynomial hash's low bits depend on few inputs). */
function bitOf(hash: number, bits: number): number {
  return Math.imul(hash, 0x9e3779b1) >>> (32 - bits);
}

const quadBit = (text: string, i: number): number => bitOf(windowHash(text, i, QUAD), QUAD_BITS);
const gramBit = (text: string, i: number): number => bitOf(windowHash(text, i, MIN_SLICE), GRAM_BITS);

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
  const candidates = candidateRuns(text);
  let out = '';
  let at = 0;
  runs.lastIndex = candidates(0);
  for (let run = runs.lastIndex === -1 ? null : runs.exec(text); run !== null; run = runs.exec(text)) {
    const end = emailEnd(text, run.index, run[0]);
    if (end !== undefined) {
      out += `${text.slice(at, run.index)}${REDACTED}`;
      at = end;
    }
    runs.lastIndex = candidates(end ?? runs.lastIndex);
    if (runs.lastIndex === -1) break;
  }
  return at === 0 ? text : out + text.slice(at);
}

/** `[A-Za-z0-9._%+-]`, LOCAL_PART_RUN's characters. */
function inLocalPart(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x25 ||
    code === 0x2b ||
    code === 0x2d
  );
}

/**
 * From where the search for the next run can go on, past runs that cannot be an address's local part: an
 * address holds `@` or `%40`, so the first run that can is the one around or before the next of those (-1: no
 * more). Most runs of a report (ids, hex, words) are then never matched one by one.
 */
function candidateRuns(text: string): (from: number) => number {
  let nextAt = -2;
  let nextEncoded = -2;
  return (from) => {
    if (nextAt !== -1 && nextAt < from) nextAt = text.indexOf('@', from);
    if (nextEncoded !== -1 && nextEncoded < from) nextEncoded = text.indexOf('%40', from);
    const next = nextAt === -1 ? nextEncoded : nextEncoded === -1 ? nextAt : Math.min(nextAt, nextEncoded);
    if (next === -1) return -1;
    let start = next;
    while (start > from && inLocalPart(text.charCodeAt(start - 1))) start -= 1;
    return start;
  };
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
