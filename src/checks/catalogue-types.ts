/** The shape of a catalogue entry and the sentences checks rest on. */
import type { CheckNeed } from './needs.js';

export type CheckLevel = 'MUST' | 'SHOULD';
export type CheckArea = 'harness' | 'wire' | 'auth' | 'errors' | 'response' | 'properties' | 'semantics' | 'crypto' | 'stateful';

/** What a check's definition says of it (src/checks/definition.ts), and the catalogue lists. */
export interface CheckFacts<Id extends string = string> {
  readonly id: Id;
  readonly level: CheckLevel;
  readonly area: CheckArea;
  readonly title: string;
  /** The sentence this check rests on, quoted with its source. */
  readonly basis: string;
  /** What it needs beyond a target; without it the check is skipped with the need's reason. */
  readonly needs?: readonly CheckNeed[];
  /** Sends an operation that writes: never run under --read-only. */
  readonly writes?: boolean;
  /** Its verdict is drawn from the answers the session's other checks received. */
  readonly judges?: 'other-answers';
  /** What its requests get wrong on purpose: a client's mistake, so a 5xx to them fails wrong-request-not-5xx. */
  readonly wrongOnPurpose?: string;
}

/** A check as the catalogue lists it: its facts and where it runs. Generated into catalogue.generated.ts by `npm run catalogue`. */
export interface CheckDef extends CheckFacts {
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
