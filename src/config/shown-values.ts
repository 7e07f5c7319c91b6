/**
 * What a usage error may show of the values the user gave. A value is cut short, and anything that looks like
 * an address keeps only its host: a URL mistyped so that it no longer parses (`https//node.example/v3/<key>`,
 * a port out of range) is still a URL to the user, and node providers put the key in its path. A list of
 * names is summarised: how many, and the first few.
 */
import { REDACTED } from './redacted.js';

/** A usage error stays one readable line: its values together take at most this many characters. */
export const SHOWN_VALUE_MAX = 60;
const SHOWN_LIST_MAX = 120;
const SHOWN_ITEMS_AT_MOST = 5;

/**
 * A scheme (`https://`, `https:`, or `https//` without its colon), any `user:password@`, a host-like part (a
 * dotted name, `localhost`, an IPv6 literal) and its port, and whatever follows.
 */
const ADDRESS_LIKE =
  /^(?<scheme>[A-Za-z][A-Za-z0-9+.-]*(?::\/{0,3}|\/\/))?(?<userinfo>[^/?#\s@]*@)?(?<host>[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+|localhost|\[[0-9A-Fa-f:.]*\])(?<port>:[^/?#\s]*)?(?<rest>[/?#\s].*)?$/s;

/** The text with the user name, password, path, query and fragment of anything address-like hidden. */
export function withoutAddressSecrets(text: string): string {
  const match = ADDRESS_LIKE.exec(text.trim());
  if (!match?.groups) return text;
  const { scheme = '', userinfo, host = '', port = '', rest } = match.groups;
  const hiddenRest = rest === undefined || /^\/*$/.test(rest) ? (rest ?? '') : `/${REDACTED}`;
  return `${scheme}${userinfo ? `${REDACTED}@` : ''}${host}${port}${hiddenRest}`;
}

/**
 * A run of letters and digits long enough to be a key rather than a word, a number or a slug (a key pasted
 * into the wrong flag or field): 16+ characters mixing letters and digits, or 24+ of any.
 */
const KEY_LIKE_TOKEN = /[A-Za-z0-9_-]{16,}/g;
const isKeyLike = (token: string): boolean => token.length >= 24 || (/[A-Za-z]/.test(token) && /\d/.test(token));

/** The text with every key-like run hidden. */
export function withoutKeyLikeTokens(text: string): string {
  return text.replace(KEY_LIKE_TOKEN, (token) => (isKeyLike(token) ? REDACTED : token));
}

/** A value as a usage error shows it: quoted as JSON, address secrets and key-like runs hidden, cut to `max` characters. */
export function shownValue(value: unknown, max = SHOWN_VALUE_MAX): string {
  const text = typeof value === 'string' ? withoutKeyLikeTokens(withoutAddressSecrets(value)) : value;
  let shown: string;
  try {
    shown = JSON.stringify(text) ?? String(text);
  } catch {
    shown = String(text);
  }
  return shown.length <= max ? shown : `${shown.slice(0, max)}…`;
}

/** One name of a list, as a usage error shows it: as it is when it is an ordinary word, else as shownValue. */
function shownName(name: string): string {
  const plain = /^[\w.:@*-]{1,40}$/.test(name) && withoutKeyLikeTokens(withoutAddressSecrets(name)) === name;
  return plain ? name : shownValue(name, 40);
}

/**
 * Names for a usage error, within a short line: all of them when they fit, else how many and the first few
 * (`10000 unknown network slugs: a, b, c and 9997 more`). `what` is the noun, singular and plural.
 */
export function namedList(names: readonly string[], what: readonly [one: string, many: string]): string {
  const noun = names.length === 1 ? what[0] : what[1];
  const shown: string[] = [];
  let length = 0;
  for (const name of names) {
    const item = shownName(name);
    if (shown.length === SHOWN_ITEMS_AT_MOST || (shown.length > 0 && length + item.length + 2 > SHOWN_LIST_MAX)) break;
    shown.push(item);
    length += item.length + 2;
  }
  const left = names.length - shown.length;
  return left === 0 ? `${noun}: ${shown.join(', ')}` : `${names.length} ${noun}: ${shown.join(', ')} and ${left} more`;
}

/** A line of a usage error cut to a readable length (a schema's message may quote a huge key or value). */
export function shownLine(line: string, max = 200): string {
  return line.length <= max ? line : `${line.slice(0, max)}…`;
}

/** The names a value may be, for a usage error: all of them when they fit in a short line, else the first few. */
export function knownNames(names: readonly string[], listedBy?: string): string {
  const all = names.join(', ');
  if (all.length <= SHOWN_LIST_MAX) return all;
  const shown: string[] = [];
  for (const name of names) {
    if (shown.join(', ').length + name.length + 2 > SHOWN_LIST_MAX - 20) break;
    shown.push(name);
  }
  return `${shown.join(', ')}, … (${names.length} in all${listedBy ? `: \`${listedBy}\` lists them` : ''})`;
}
