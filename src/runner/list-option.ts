import { UsageError } from '../config/usage-error.js';

/** A comma-separated list of names from `allowed` ('all' or absent: every one), kept in `allowed`'s order. */
export function parseList(value: string | undefined, allowed: readonly string[], flag: string, what: string): string[] {
  if (value === undefined || value.trim() === 'all') return [...allowed];
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length === 0) throw new UsageError(`${flag}: empty; name at least one ${what}, or 'all'`);
  const unknown = items.filter((item) => !allowed.includes(item));
  if (unknown.length > 0) {
    throw new UsageError(`${flag}: unknown ${what}${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Known: ${allowed.join(', ')}`);
  }
  // Keep the contract's order whatever order they were given in, so reports of two runs line up.
  return allowed.filter((item) => items.includes(item));
}
