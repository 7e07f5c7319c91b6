/** The shape of a catalogue entry and the sentences checks rest on. */
import type { CheckNeed } from './needs.js';

export type CheckLevel = 'MUST' | 'SHOULD';
export type CheckArea = 'harness' | 'wire' | 'auth' | 'errors' | 'response' | 'properties' | 'semantics' | 'crypto' | 'stateful';

/**
 * A check as the catalogue lists it: what its definition says of it (src/checks/definition.ts) and where it
 * runs. Generated into catalogue.generated.ts by `npm run catalogue`.
 */
export interface CheckDef {
  readonly id: string;
  readonly level: CheckLevel;
  readonly area: CheckArea;
  readonly title: string;
  /** The sentence this check rests on, quoted with its source. */
  readonly basis: string;
  /** What it needs beyond a target; skipped with the need's reason without it. */
  readonly needs?: readonly CheckNeed[];
  /** Sends an operation that writes: never run under --read-only. */
  readonly writes?: boolean;
  /** Its verdict is drawn from the answers the session's other checks received. */
  readonly judges?: 'other-answers';
  /** What its requests get wrong on purpose (wrong-request-not-5xx judges their answers). */
  readonly wrongOnPurpose?: string;
  /** Decided from what this other check found (one request, two verdicts): it runs when this one does. */
  readonly judgedFrom?: string;
  /** `<Service>.<Method>` ids of the operations it runs on. */
  readonly operations: readonly string[];
  /** Services whose service-wide wire checks include it. */
  readonly services: readonly string[];
}

export const IF = 'interface.md';
export const WF = 'wire-facts.md';

/** Sentences more than one check rests on. */
export const SLUG = `${IF} §Base addresses: "The chain is implied by the slug, so Marketplace requests carry no chain identifier field"`;
export const ROUND_TRIP = `${IF} §What the service does: "create an audience (a named contact list inside a project), read an audience with its contacts and contracts"`;
