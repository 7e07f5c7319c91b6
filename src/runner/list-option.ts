import { UsageError } from '../config/usage-error.js';
import { knownNames, namedList, shownValue } from '../config/shown-values.js';

/**
 * Names from `allowed`, given comma-separated (the command line) or as an array (the library); 'all' or absent:
 * every one. Kept in `allowed`'s order. `listedBy`: the command that lists them all, for an error that cannot.
 */
export function parseList(value: unknown, allowed: readonly string[], flag: string, what: string, listedBy?: string): string[] {
  if (value === undefined || (typeof value === 'string' && value.trim() === 'all')) return [...allowed];
  if (typeof value !== 'string' && !(Array.isArray(value) && value.every((v) => typeof v === 'string')))
    throw new UsageError(`${flag}: expected ${plural(what)}, comma-separated or as an array of text, got ${shownValue(value)}`);
  const items = (typeof value === 'string' ? value.split(',') : (value as string[])).map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0) throw new UsageError(`${flag}: empty; name at least one ${what}, or 'all'`);
  const unknown = items.filter((item) => !allowed.includes(item));
  if (unknown.length > 0) {
    throw new UsageError(
      `${flag}: ${namedList(unknown, [`unknown ${what}`, `unknown ${plural(what)}`])}. Known: ${knownNames(allowed, listedBy)}`,
    );
  }
  // Keep the contract's order whatever order they were given in, so reports of two runs line up.
  return allowed.filter((item) => items.includes(item));
}

/** `network slug` → `network slugs`, `operation (Service.Method)` → `operations (Service.Method)`. */
function plural(what: string): string {
  const aside = what.indexOf(' (');
  return aside === -1 ? `${what}s` : `${what.slice(0, aside)}s${what.slice(aside)}`;
}
