import { UsageError } from '../config/usage-error.js';

/**
 * Names from `allowed`, given comma-separated (the command line) or as an array (the library); 'all' or absent:
 * every one. Kept in `allowed`'s order.
 */
export function parseList(value: unknown, allowed: readonly string[], flag: string, what: string): string[] {
  if (value === undefined || (typeof value === 'string' && value.trim() === 'all')) return [...allowed];
  if (typeof value !== 'string' && !(Array.isArray(value) && value.every((v) => typeof v === 'string')))
    throw new UsageError(`${flag}: expected ${what}s, comma-separated or as an array of text, got ${JSON.stringify(value)}`);
  const items = (typeof value === 'string' ? value.split(',') : (value as string[])).map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0) throw new UsageError(`${flag}: empty; name at least one ${what}, or 'all'`);
  const unknown = items.filter((item) => !allowed.includes(item));
  if (unknown.length > 0) {
    throw new UsageError(`${flag}: unknown ${what}${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Known: ${allowed.join(', ')}`);
  }
  // Keep the contract's order whatever order they were given in, so reports of two runs line up.
  return allowed.filter((item) => items.includes(item));
}
