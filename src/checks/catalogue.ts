/**
 * Every check the suite can report, keyed by a stable id (never renamed; deprecate instead). Each names its
 * level and the sentence of a document it rests on: MUST only where interface.md states the rule, SHOULD for
 * a convention of wire-facts.md that the document does not state. Read from catalogue.generated.ts, which
 * `npm run catalogue` generates from the checks' definitions (a check is defined once, with its body: the
 * common ones in src/harness/, an operation's own in its spec file); the README's check table comes from here.
 */
import type { CheckDef } from './catalogue-types.js';
import { CHECKS } from './catalogue.generated.js';

export type { CheckArea, CheckDef, CheckLevel } from './catalogue-types.js';

export type CheckId = (typeof CHECKS)[number]['id'];

/** A catalogue entry, whose id the compiler knows. */
export type CatalogueEntry = CheckDef & { readonly id: CheckId };

export const CHECK_CATALOGUE: readonly CatalogueEntry[] = Object.freeze(assertUnique(CHECKS));

const BY_ID = new Map<string, CheckDef>(CHECK_CATALOGUE.map((c) => [c.id, c]));

export function checkDef(id: string): CheckDef {
  const def = BY_ID.get(id);
  if (!def) throw new Error(`check id not in the catalogue: ${id}`);
  return def;
}

export function isCheckId(id: string): id is CheckId {
  return BY_ID.has(id);
}

function assertUnique<T extends readonly CheckDef[]>(checks: T): T {
  const seen = new Set<string>();
  for (const c of checks) {
    if (seen.has(c.id)) throw new Error(`duplicate check id: ${c.id}`);
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(c.id)) throw new Error(`check id is not kebab-case: ${c.id}`);
    seen.add(c.id);
  }
  return checks;
}
