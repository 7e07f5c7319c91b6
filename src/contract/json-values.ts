/** JSON values as the suite reads and shows them: answers can hold anything. */

/** A JSON object (not null, not an array): the only value whose fields can be read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The value as a JSON object, or undefined when it is anything else. */
export const recordOf = (value: unknown): Record<string, unknown> | undefined => (isRecord(value) ? value : undefined);

/** A short, single-line rendering of a value for messages (server strings can be anything). */
export function show(value: unknown, max = 160): string {
  let text: string;
  if (value === undefined) text = 'nothing';
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  text = text.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
