/**
 * Structural redaction of what a target answered, before it becomes evidence: the access key header by name,
 * and personal data (the Contact fields PERSONAL_DATA_FIELDS names: interface.md §Contact) by where it sits,
 * whatever shape a server sends it in. The values it takes out are handed back, so the one output redactor
 * (redactor.ts) can also keep them out of messages and `actual` values. Fails closed: a body that cannot be
 * walked is replaced by a placeholder that says why.
 */
import { Contact, PERSONAL_DATA_FIELDS, RESOURCES } from '../contract/resources.js';
import { REDACTED } from './redactor.js';
import { parseExact, stringifyExact } from '../contract/exact-json.js';

export { REDACTED } from './redactor.js';
const KEY_HEADER = 'x-access-key';
const SENSITIVE_HEADERS = new Set([KEY_HEADER, 'authorization', 'cookie', 'set-cookie', 'proxy-authorization', 'www-authenticate']);
/** Deeper than any answer of the contract; the walk stops here instead of exhausting the stack. */
export const MAX_WALK_DEPTH = 200;
const EMAIL = /[^\s@"<>]+@[^\s@"<>]+\.[A-Za-z]{2,}/;
const lowerCased = (names: Iterable<string>): Set<string> => new Set([...names].map((n) => n.toLowerCase()));
/** The contract's Contact fields, and those of them that hold personal data (src/contract/resources.ts). */
const CONTACT_FIELDS = lowerCased(Object.keys(Contact.properties));
const PERSONAL_FIELDS = lowerCased(PERSONAL_DATA_FIELDS);
/** Contact fields that hold no personal data; every other value under `contacts` may. */
const IMPERSONAL_CONTACT_FIELDS = new Set([...CONTACT_FIELDS].filter((f) => !PERSONAL_FIELDS.has(f)));
/**
 * Personal fields no other resource has (`email`): personal wherever they sit, and the record holding one
 * looks like a contact. The others (`name`, which an Audience has too) are personal only in such a record.
 */
const OTHER_RESOURCES_FIELDS = lowerCased(Object.values(RESOURCES).flatMap((r) => (r === Contact ? [] : Object.keys(r.properties))));
const CONTACT_ONLY_FIELDS = new Set([...PERSONAL_FIELDS].filter((f) => !OTHER_RESOURCES_FIELDS.has(f)));

export function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = SENSITIVE_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
  return out;
}

/** One secret, or several (the access key and the limited access key). */
export type Secrets = string | undefined | readonly (string | undefined)[];

/** Replaces every occurrence of a secret (the key may be echoed back by a hostile server). */
export function redactSecret(text: string, secrets: Secrets): string {
  let result = text;
  for (const secret of typeof secrets === 'string' || secrets === undefined ? [secrets] : secrets) {
    if (secret && secret.length >= 4) result = result.split(secret).join(REDACTED);
  }
  return result;
}

export interface Redacted {
  readonly value: unknown;
  /** The personal values taken out. */
  readonly personal: string[];
  /** Why the value could not be walked (too deep); the value is then a placeholder. */
  readonly unwalkable?: string;
}

interface Frame {
  readonly value: unknown;
  readonly depth: number;
  /** Inside a `contacts` value: every string there is personal unless its field is known not to be. */
  readonly inContacts: boolean;
  /** The field this value sits under, lower-cased. */
  readonly field: string | undefined;
  readonly put: (v: unknown) => void;
}

/**
 * Personal data out of a parsed body: under `contacts` every value but the impersonal Contact fields (and any
 * key that is no Contact field: a server may key contacts by name or e-mail); elsewhere `email`, the `name`
 * beside an `email`, and any string holding an e-mail address. Iterative, so depth costs no stack.
 */
export function redactPersonal(root: unknown): Redacted {
  const personal: string[] = [];
  let result: unknown;
  const stack: Frame[] = [{ value: root, depth: 0, inContacts: false, field: undefined, put: (v) => (result = v) }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { value, depth, inContacts, field } = frame;
    if (depth > MAX_WALK_DEPTH) {
      const why = `JSON nested deeper than ${MAX_WALK_DEPTH} levels`;
      return { value: `[not shown: ${why}]`, personal, unwalkable: why };
    }
    if (typeof value === 'string') {
      const impersonal = field !== undefined && IMPERSONAL_CONTACT_FIELDS.has(field);
      if ((inContacts && !impersonal) || EMAIL.test(value)) {
        personal.push(value);
        frame.put(REDACTED);
      } else frame.put(value);
      continue;
    }
    if (value === null || typeof value !== 'object') {
      frame.put(value);
      continue;
    }
    if (Array.isArray(value)) {
      const out: unknown[] = new Array(value.length);
      frame.put(out);
      value.forEach((item, i) => stack.push({ value: item, depth: depth + 1, inContacts, field, put: (v) => (out[i] = v) }));
      continue;
    }
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    frame.put(out);
    const looksLikeContact = inContacts || Object.keys(record).some((k) => CONTACT_ONLY_FIELDS.has(k.toLowerCase()));
    let hidden = 0;
    for (const [key, child] of Object.entries(record)) {
      const lower = key.toLowerCase();
      let shownKey = key;
      if ((inContacts && !CONTACT_FIELDS.has(lower)) || EMAIL.test(key)) {
        personal.push(key);
        shownKey = `${REDACTED}#${(hidden += 1)}`;
      }
      const personalField = CONTACT_ONLY_FIELDS.has(lower) || (PERSONAL_FIELDS.has(lower) && looksLikeContact);
      stack.push({
        value: child,
        depth: depth + 1,
        inContacts: inContacts || lower === 'contacts' || personalField,
        field: lower,
        put: (v) => (out[shownKey] = v),
      });
    }
  }
  return { value: result, personal };
}

/** Compatibility: the redacted value alone (throws nothing; a value too deep becomes the placeholder). */
export function redactPersonalData(value: unknown): unknown {
  return redactPersonal(value).value;
}

export interface RedactedText {
  readonly text: string;
  readonly personal: string[];
}

/**
 * A body text with personal data removed: JSON is redacted structurally. Text that is not JSON is kept only
 * where personal data cannot be (`mayHoldPersonalData` false): otherwise it is replaced by a placeholder.
 */
export function redactBody(text: string, mayHoldPersonalData: boolean): RedactedText {
  let parsed: unknown;
  try {
    parsed = parseExact(text);
  } catch {
    if (!mayHoldPersonalData || text.trim() === '') return { text, personal: [] };
    return { text: '[not shown: an answer that is not JSON may hold personal data it cannot be searched for]', personal: [] };
  }
  const redacted = redactPersonal(parsed);
  if (redacted.unwalkable) return { text: `[not shown: ${redacted.unwalkable}]`, personal: redacted.personal };
  const value = mayHoldPersonalData ? withoutFreeText(redacted.value) : redacted.value;
  return { text: stringifyExact(value), personal: redacted.personal };
}

/** Where an error answer says in words what went wrong: a Builder error may name the contact it is about. */
const FREE_TEXT_FIELDS = new Set(['msg', 'cause', 'message', 'detail', 'details', 'description']);

/** The body with its top-level free-text fields (webrpc's `msg` and `cause`) replaced: no name can hide there. */
function withoutFreeText(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = FREE_TEXT_FIELDS.has(key.toLowerCase()) && typeof item === 'string' && item !== '' ? REDACTED : item;
  }
  return out;
}

/** Headers that carry no free text; any other header of a Builder answer may name a contact, and is not shown. */
const PLAIN_HEADERS = new Set([
  'allow',
  'retry-after',
  'content-type',
  'content-length',
  'content-encoding',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'vary',
  'cache-control',
  'etag',
  'server',
]);

export function redactBuilderHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = PLAIN_HEADERS.has(name.toLowerCase()) ? value : REDACTED;
  return out;
}

/** A body text with personal data and one secret removed. */
export function redactBodyText(text: string, secret: Secrets): string {
  return redactSecret(redactBody(text, false).text, secret);
}
