/**
 * Choosing checks (--checks, --skip-checks). The chosen checks are the ones reported; a few are judged from
 * what other checks sent, and those run with them (unreported), as their definitions declare: the error checks
 * and wrong-request-not-5xx judge the answers of the operation's other checks (`judges`), malformed-json-bad-request
 * the malformed-json answer and invalid-request-4xx those of invalid-request-not-5xx (`judgedFrom`).
 */
import { CHECK_CATALOGUE } from './catalogue.js';

/** Checks judged from every answer of the operation's other checks: choosing one runs them all. */
const JUDGES_ALL = new Set<string>(CHECK_CATALOGUE.filter((c) => c.judges === 'other-answers').map((c) => c.id));
/** Checks decided from what one other check found: choosing one runs that one too. */
const JUDGED_FROM = new Map<string, string>(
  CHECK_CATALOGUE.flatMap((c) => (c.judgedFrom === undefined ? [] : [[c.id, c.judgedFrom] as const])),
);

export interface CheckSelection {
  reports(id: string): boolean;
  executes(id: string): boolean;
}

export const EVERY_CHECK: CheckSelection = { reports: () => true, executes: () => true };

/** `reported`: the chosen ids; undefined when every check is chosen. */
export function checkSelection(reported: readonly string[] | undefined): CheckSelection {
  if (reported === undefined) return EVERY_CHECK;
  const chosen = new Set(reported);
  if ([...chosen].some((id) => JUDGES_ALL.has(id))) return { reports: (id) => chosen.has(id), executes: () => true };
  const executed = new Set([...chosen, ...[...chosen].flatMap((id) => JUDGED_FROM.get(id) ?? [])]);
  return { reports: (id) => chosen.has(id), executes: (id) => executed.has(id) };
}

/** The ids --checks and --skip-checks leave chosen, in catalogue order; undefined when that is all of them. */
export function chosenChecks(include: readonly string[] | undefined, exclude: readonly string[]): string[] | undefined {
  if (include === undefined && exclude.length === 0) return undefined;
  const chosen = CHECK_CATALOGUE.map((c) => c.id).filter((id) => (include === undefined || include.includes(id)) && !exclude.includes(id));
  return chosen.length === CHECK_CATALOGUE.length ? undefined : chosen;
}
