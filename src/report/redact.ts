/**
 * Keeps the access key and personal data (Contact `name`, `email`: interface.md §Audience, Contact, Contract)
 * out of every report and log line. Applied where exchanges enter the report model, so no renderer can leak.
 */
export const REDACTED = '[redacted]';
const KEY_HEADER = 'x-access-key';
const SENSITIVE_HEADERS = new Set([KEY_HEADER, 'authorization', 'cookie', 'set-cookie', 'proxy-authorization']);

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

/**
 * Contacts are the only resource with personal data; a server may also put them where they do not belong, so
 * any `email` anywhere is redacted, and `name` wherever it sits beside an `email` or inside `contacts`.
 */
export function redactPersonalData(value: unknown, insideContacts = false): unknown {
  if (Array.isArray(value)) return value.map((item) => redactPersonalData(item, insideContacts));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const looksLikeContact = insideContacts || 'email' in record;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(record)) {
    if (key === 'email' || (key === 'name' && looksLikeContact)) out[key] = field === null || field === undefined ? field : REDACTED;
    else out[key] = redactPersonalData(field, key === 'contacts');
  }
  return out;
}

/** A body text with personal data removed: JSON is redacted structurally, anything else kept as is. */
export function redactBodyText(text: string, secret: Secrets): string {
  let result = text;
  try {
    result = JSON.stringify(redactPersonalData(JSON.parse(text)));
  } catch {
    // not JSON: nothing structural to redact
  }
  return redactSecret(result, secret);
}
