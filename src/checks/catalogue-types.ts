/** The shape of a catalogue entry; the entries live in areas/, one file per area of the contract. */
export type CheckLevel = 'MUST' | 'SHOULD';
export type CheckArea = 'harness' | 'wire' | 'auth' | 'errors' | 'response' | 'properties' | 'semantics' | 'crypto' | 'stateful';

export interface CheckDef {
  readonly id: string;
  readonly level: CheckLevel;
  readonly area: CheckArea;
  readonly title: string;
  /** The sentence this check rests on, quoted with its source. */
  readonly basis: string;
  /** Needs a known entity from the fixtures file; skipped with this reason without one. */
  readonly needsFixture?: string;
  /** Sends an operation that writes: never run under --read-only. */
  readonly writes?: boolean;
}

export const IF = 'interface.md';
export const WF = 'wire-facts.md';

/** Sentences more than one check rests on. */
export const SLUG = `${IF} §Base addresses: "The chain is implied by the slug, so Marketplace requests carry no chain identifier field"`;
export const ROUND_TRIP = `${IF} §What the service does: "create an audience (a named contact list inside a project), read an audience with its contacts and contracts"`;
