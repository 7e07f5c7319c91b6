/**
 * Escaping for the three output languages. Every string that comes out of the report model goes through one of
 * these before it is written: the model carries text the server under test chose (messages quoting its bodies,
 * headers, URLs), so a renderer treats all of it as hostile (GUIDE.md example 7).
 */

/**
 * Characters no output may carry, replaced by U+FFFD so their position stays visible:
 * - what XML 1.0 forbids (§2.2 Char: C0 controls except TAB/LF/CR, lone surrogates, U+FFFE, U+FFFF);
 * - DEL and the C1 controls (legal in XML, parse errors in HTML, meaningless in a report);
 * - the bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069), which would let a server make a
 *   reproduction line display differently from what it copies ("Trojan Source", CVE-2021-42574).
 * With the `u` flag a surrogate class matches only unpaired surrogates, so astral characters survive.
 */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]|[\uD800-\uDFFF]/gu;

export const REPLACEMENT = '\uFFFD';

export function sanitize(text: string): string {
  return text.replace(FORBIDDEN, REPLACEMENT);
}

/**
 * Printable ASCII without the characters any of the escapes below replaces: a text made only of these comes out
 * of each of them unchanged. Most of a full report's strings (ids, names, timings) are such, and one test costs
 * less than the two replacements.
 */
const UNCHANGED = /^[\x20\x21\x23-\x25\x28-\x3b\x3d\x3f-\x7e]*$/;

// --- HTML ---------------------------------------------------------------------------------------------------

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe in element content and in double- or single-quoted attribute values (never in script or style). */
export function escapeHtml(text: string): string {
  if (UNCHANGED.test(text)) return text;
  return sanitize(text).replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

// --- XML ----------------------------------------------------------------------------------------------------

/** Element content. `>` is escaped too, so `]]>` can never appear. CR is a character reference so it survives. */
export function escapeXmlText(text: string): string {
  if (UNCHANGED.test(text)) return text;
  return sanitize(text).replace(/[&<>\r]/g, (ch) => XML_ESCAPES[ch] ?? ch);
}

/** Attribute values (double-quoted): TAB, LF and CR as references, since parsers normalise them to spaces. */
export function escapeXmlAttr(text: string): string {
  if (UNCHANGED.test(text)) return text;
  return sanitize(text).replace(/[&<>"'\t\n\r]/g, (ch) => XML_ESCAPES[ch] ?? ch);
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

// --- Markdown (CommonMark + GFM tables) ---------------------------------------------------------------------

/**
 * Inline text, safe in a paragraph, list item, heading or table cell. The characters that open inline
 * constructs are backslash-escaped (any ASCII punctuation may be, CommonMark §2.4): emphasis, code, links,
 * strikethrough, GitHub math (`$`), a heading's closing `#` and the table cell separator `|`. `<`, `>` and `&` become entities, so no raw
 * HTML or autolink can form. Line breaks become `<br>`, which keeps a table row on one line.
 */
export function mdText(text: string): string {
  return sanitize(text)
    .replace(/[\\`*_[\]|~$#]/g, (ch) => `\\${ch}`)
    .replace(/[&<>]/g, (ch) => HTML_ESCAPES[ch] ?? ch)
    .replace(/\r\n|\r|\n/g, '<br>');
}

/**
 * An inline code span. The delimiter is one backtick longer than the longest run inside, padded with a space
 * when the content starts or ends with a backtick or space (CommonMark §6.1). Line breaks become `↵`, since a
 * span may not hold one in a table. In a table `|` must still be escaped, even inside a span (GFM §4.10).
 */
export function mdCode(text: string, inTable = false): string {
  let body = sanitize(text).replace(/\r\n|\r|\n/g, '↵');
  if (body.length === 0) return '*(empty)*';
  if (inTable) body = body.replace(/\|/g, '\\|');
  const fence = '`'.repeat(longestRun(body, '`') + 1);
  const pad = /^[` ]|[` ]$/.test(body) ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

/** A fenced code block whose fence is longer than any backtick run inside, so the content cannot close it. */
export function mdFence(text: string, info = ''): string {
  const body = sanitize(text).replace(/\r\n|\r/g, '\n');
  const fence = '`'.repeat(Math.max(3, longestRun(body, '`') + 1));
  return `${fence}${info}\n${body}\n${fence}`;
}

function longestRun(text: string, ch: string): number {
  let best = 0;
  let run = 0;
  for (const c of text) {
    run = c === ch ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

// --- Anchors ------------------------------------------------------------------------------------------------

/**
 * A fragment identifier for a (network, operation) group, built only from `[A-Za-z0-9.-]`: every other
 * character is written `_<hex code point>_`. The encoding is injective and never yields `~` or `_g`, so
 * `~` separates the parts unambiguously and `_global` cannot collide with a network slug. Safe unquoted in a
 * Markdown link destination and in an HTML attribute.
 */
export function anchorId(kind: 'fail' | 'should', network: string | null, operation: string): string {
  return `${kind}-${network === null ? '_global' : encodeIdPart(network)}~${encodeIdPart(operation)}`;
}

function encodeIdPart(text: string): string {
  let out = '';
  for (const ch of text) out += /^[A-Za-z0-9.-]$/.test(ch) ? ch : `_${(ch.codePointAt(0) ?? 0).toString(16)}_`;
  return out;
}

/** The id of a finding folded across networks: `check-` and its key in the same closed alphabet. */
export function checkAnchorId(kind: 'fail' | 'should', key: string): string {
  return `${kind}-check-${encodeIdPart(key)}`;
}
