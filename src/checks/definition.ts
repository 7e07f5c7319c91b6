/**
 * A check is one object: what the catalogue says of it (id, level, area, title, the sentence it rests on),
 * what it needs and whether it writes, and its body. Common checks are defined in the harness modules that
 * run them, an operation's own checks in its spec file; the catalogue is generated from these objects
 * (`npm run catalogue`).
 */
import type { OperationDef } from '../contract/operations.js';
import type { Inconclusive, Skip, Violation } from './outcomes.js';
import type { CheckFacts } from './catalogue-types.js';
import type { CheckId } from './catalogue.js';

export type CheckMeta = CheckFacts<CheckId>;

/**
 * What a check's body is handed: a run of one check (sending, failing, skipping) and, for a derived check, the
 * session it judges from. The harness that runs checks fills it in (src/harness/session.ts), so that this floor
 * imports nothing from the one above it.
 */
export interface CheckContexts<O extends OperationDef = OperationDef> {}

type ContextOf<Name extends string, O extends OperationDef> = CheckContexts<O> extends Record<Name, infer C> ? C : never;

/** A check with a body of its own, run by a session of operation `O`. */
export interface CheckDefinition<O extends OperationDef = OperationDef> extends CheckMeta {
  // A method, so that a check written for any operation fits the list of one operation's checks.
  run(run: ContextOf<'run', O>): Promise<void>;
}

/** What a derived check concludes, with the exchange that shows it. */
export interface Decision {
  readonly outcome: 'passed' | Violation | Skip | Inconclusive;
  readonly exchangeIndex?: number | undefined;
}

/** A check decided from what another check of the session found (one request, two verdicts). */
export interface DerivedCheck extends CheckMeta {
  readonly judgedFrom: CheckId;
  decide(session: ContextOf<'session', OperationDef>): Decision;
}

/** A check the harness files itself, when the checks of an operation could not run. */
export interface HarnessCheck extends CheckMeta {
  readonly filedBy: 'harness';
}

export type AnyCheck = CheckDefinition | DerivedCheck | HarnessCheck;

export const defineCheck = <O extends OperationDef = OperationDef>(def: CheckDefinition<O>): CheckDefinition<O> => Object.freeze(def);
export const defineDerivedCheck = (def: DerivedCheck): DerivedCheck => Object.freeze(def);
export const defineHarnessCheck = (def: HarnessCheck): HarnessCheck => Object.freeze(def);
