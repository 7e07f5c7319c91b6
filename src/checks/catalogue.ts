/**
 * Every check the suite can report, keyed by a stable id (never renamed; deprecate instead). Each names its
 * level and the sentence of a document it rests on: MUST only where interface.md states the rule, SHOULD for
 * a convention of wire-facts.md that the document does not state. The README's check table is generated
 * from this list (scripts/generate-docs.ts).
 */
import type { CheckDef } from './catalogue-types.js';
import { API_CHECKS } from './areas/api.js';
import { BUILDER_CHECKS } from './areas/builder.js';
import { COMMON_CHECKS } from './areas/common.js';
import { MARKETPLACE_CHECKS } from './areas/marketplace.js';

export type { CheckArea, CheckDef, CheckLevel } from './catalogue-types.js';

/** Every area's checks; an area file adds its own, and the ids stay unique across all of them. */
const CHECKS = [...COMMON_CHECKS, ...MARKETPLACE_CHECKS, ...API_CHECKS, ...BUILDER_CHECKS] as const;

export type CheckId = (typeof CHECKS)[number]['id'];

export const CHECK_CATALOGUE: readonly CheckDef[] = Object.freeze(assertUnique(CHECKS));

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
