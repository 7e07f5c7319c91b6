/** What a named fault is: the hooks that break one rule, and the checks that must catch it. */
import type { CheckId } from '../../checks/catalogue.js';
import type { FaultHooks } from '../types.js';

export interface ExpectedTrip {
  readonly check: CheckId;
  /** `<Service>.<Method>`, or a service name for service-wide wire checks. */
  readonly operation: string;
  /** Omitted: every network of the run (or the global section). */
  readonly network?: string;
}

export interface Fault {
  readonly name: string;
  readonly description: string;
  /**
   * Hooks that remember what they answered are made anew each time they are read (a getter), so that each
   * server they are given to starts clean: made once for the table, a server would start with what an earlier
   * server of the process had answered (a book already emptied by another run's generations).
   */
  readonly hooks: FaultHooks;
  /** What the self-test runs: few operations and networks, so each fault costs a second or two. */
  readonly operations: readonly string[];
  readonly networks: readonly string[];
  readonly trips: readonly ExpectedTrip[];
  /** Per-request deadline of the self-test run, for faults that make requests wait. */
  readonly timeoutMs?: number;
  /** The self-test runs with --allow-destructive: the checks that catch it run only then. */
  readonly allowDestructive?: boolean;
  /**
   * The checks it trips compare with a chain node (--chain-rpc-url): test/chain-node.test.ts runs it against a
   * reference server backed by a local node, test/faults/ leaves it out.
   */
  readonly chainNode?: boolean;
}
