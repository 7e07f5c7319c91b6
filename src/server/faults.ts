/**
 * Named faults: deliberately broken variants of the reference server (GUIDE.md example 6). Each breaks one
 * rule and lists the checks that must catch it, on which operation and network; the self-test
 * (test/faults/) runs the suite against each and asserts that exactly those checks fail. A check id
 * that no fault trips has not been shown to be able to fail.
 */
import type { CheckId } from '../checks/catalogue.js';
import type { FaultHooks } from './types.js';
import { API_FAULTS } from './faults/api.js';
import { BUILDER_FAULTS } from './faults/builder.js';
import { COMMON_FAULTS } from './faults/common.js';
import { MARKETPLACE_FAULTS } from './faults/marketplace.js';

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

/** Every area's faults. */
export const FAULTS: readonly Fault[] = [...COMMON_FAULTS, ...MARKETPLACE_FAULTS, ...API_FAULTS, ...BUILDER_FAULTS];

export function faultByName(name: string): Fault | undefined {
  return FAULTS.find((f) => f.name === name);
}
