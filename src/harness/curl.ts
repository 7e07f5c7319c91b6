/**
 * A one-line reproduction of a request. The key is never written: the line reads it from the environment,
 * which is also how the README recommends passing it to the tool.
 */
import type { HttpRequest } from '../transport/http-client.js';

const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** `limitedKey`: the run's limited key, read from its own variable when a request carries it. */
export function curlLine(request: HttpRequest, limitedKey?: string): string {
  const parts = ['curl', '-sS', '-X', request.method, quote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.toLowerCase() === 'x-access-key')
      parts.push('-H', `"X-Access-Key: $CONFORMANCE_${limitedKey !== undefined && value === limitedKey ? 'LIMITED_' : ''}ACCESS_KEY"`);
    else parts.push('-H', quote(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', quote(request.body));
  return parts.join(' ').replace(/[\r\n]+/g, ' ');
}
