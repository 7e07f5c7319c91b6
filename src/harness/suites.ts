/**
 * The suites the spec files define: one per operation (describeOperation) and the service-wide wire checks.
 * A spec file registers its suite when it is first imported; which units of a suite run (an operation on a
 * network, or once for what is not per network) and what they find depend on the run's configuration,
 * handed to each call. So the same loaded spec files serve any number of runs in one process — the
 * in-process runner's and vitest's alike.
 */
import type { RunConfig } from '../config/run-config.js';
import type { Network } from '../contract/networks.js';
import type { CheckResult } from '../report/model.js';
import type { WriteTally } from './safe-writes.js';
import type { Throttling } from '../transport/http-client.js';
import type { TransportNotes } from '../transport/notes.js';

/** What one unit of work found: the reporter's input. */
export interface UnitOutcome {
  readonly results: readonly CheckResult[];
  /** Personal values taken out of answers: the output redactor keeps them out of every file and line. */
  readonly personal?: readonly string[];
  /** How valid requests made with the run's key were answered: refused (401) or not. */
  readonly keyAnswers?: { readonly refused: number; readonly accepted: number };
  /** Requests the unit sent, reported checks or not (a check chosen with --checks may judge another's answers). */
  readonly sent?: number;
  /** The writes the unit sent (safe-writes.ts): each to an audience the run created and proved, or one given up. */
  readonly writes?: WriteTally;
  /** How the target held its requests back (429, Retry-After, --max-rps); absent when it never did. */
  readonly throttling?: Throttling;
  /** What the transport met while the unit ran (an engine whose workers have no unit sink of the run's: vitest's). */
  readonly transport?: TransportNotes;
}

export interface Suite {
  /** The operation id (`Service.Method`) or the wire suite's name. */
  readonly name: string;
  /**
   * The networks this run selects for the suite, null standing for its one unit that is not per network
   * (only when `ownsGlobal`: of several workers sharing a run, one runs those).
   */
  units(config: RunConfig, ownsGlobal: boolean): (Network | null)[];
  run(network: Network | null, config: RunConfig): Promise<UnitOutcome>;
}

const suites = new Map<string, Suite>();

export function registerSuite(suite: Suite): void {
  suites.set(suite.name, suite);
}

export function registeredSuite(name: string): Suite | undefined {
  return suites.get(name);
}
