/**
 * One line per request sent, for --verbose: the spec worker prints it, the reporter hands it to the terminal
 * (which redacts the key once more and neutralises control characters). Bodies stay in the report.
 */
import type { HttpOutcome } from '../transport/http-client.js';

export function requestLine(checkId: string, outcome: HttpOutcome): string {
  const answer = outcome.ok ? String(outcome.response.status) : `${outcome.failure}: ${outcome.message}`;
  return `→ ${outcome.request.method} ${outcome.request.url} [${checkId}] ${answer} ${Math.round(outcome.durationMs)} ms`;
}
