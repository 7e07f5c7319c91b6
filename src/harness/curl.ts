/**
 * A one-line reproduction of a request. The key is never written: the line reads it from the environment,
 * which is also how the README recommends passing it to the tool.
 */
import type { HttpRequest } from '../transport/http-client.js';

const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

export function curlLine(request: HttpRequest): string {
  const parts = ['curl', '-sS', '-X', request.method, quote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.toLowerCase() === 'x-access-key') parts.push('-H', `"X-Access-Key: $CONFORMANCE_ACCESS_KEY"`);
    else parts.push('-H', quote(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', quote(request.body));
  return parts.join(' ').replace(/[\r\n]+/g, ' ');
}
