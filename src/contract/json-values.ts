/** JSON values as the suite reads and shows them: answers can hold anything. */

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
