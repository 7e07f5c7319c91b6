/**
 * Choosing checks (--checks, --skip-checks). The chosen checks are the ones reported; a few are judged from
 * what other checks sent, and those run with them (unreported): the error checks judge every error answer of
 * the operation's other checks, malformed-json-bad-request judges the malformed-json answer, and
 * invalid-request-4xx the answers of invalid-request-not-5xx.
 */
import { CHECK_CATALOGUE } from './catalogue.js';
import { ERROR_CHECKS } from '../harness/error-answers.js';

const JUDGED_FROM: Readonly<Record<string, readonly string[]>> = {
  'malformed-json-bad-request': ['malformed-json'],
  'invalid-request-4xx': ['invalid-request-not-5xx'],
};

export interface CheckSelection {
  reports(id: string): boolean;
  executes(id: string): boolean;
}

export const EVERY_CHECK: CheckSelection = { reports: () => true, executes: () => true };

/** `reported`: the chosen ids; undefined when every check is chosen. */
export function checkSelection(reported: readonly string[] | undefined): CheckSelection {
  if (reported === undefined) return EVERY_CHECK;
  const chosen = new Set(reported);
  if ((ERROR_CHECKS as readonly string[]).some((id) => chosen.has(id))) return { reports: (id) => chosen.has(id), executes: () => true };
  const executed = new Set([...chosen, ...[...chosen].flatMap((id) => JUDGED_FROM[id] ?? [])]);
  return { reports: (id) => chosen.has(id), executes: (id) => executed.has(id) };
}

/** The ids --checks and --skip-checks leave chosen, in catalogue order; undefined when that is all of them. */
export function chosenChecks(include: readonly string[] | undefined, exclude: readonly string[]): string[] | undefined {
  if (include === undefined && exclude.length === 0) return undefined;
  const chosen = CHECK_CATALOGUE.map((c) => c.id).filter((id) => (include === undefined || include.includes(id)) && !exclude.includes(id));
  return chosen.length === CHECK_CATALOGUE.length ? undefined : chosen;
}
