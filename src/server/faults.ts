/**
 * Named faults: deliberately broken variants of the reference server (GUIDE.md example 6). Each breaks one
 * rule and lists the checks that must catch it, on which operation and network; the self-test
 * (test/faults/) runs the suite against each and asserts that exactly those checks fail. A check id
 * that no fault trips has not been shown to be able to fail.
 */
import type { Fault } from './faults/fault.js';
import { API_FAULTS } from './faults/api.js';
import { BUILDER_FAULTS } from './faults/builder.js';
import { COMMON_FAULTS } from './faults/common.js';
import { MARKETPLACE_FAULTS } from './faults/marketplace.js';

export type { ExpectedTrip, Fault } from './faults/fault.js';

/** Every area's faults. */
export const FAULTS: readonly Fault[] = [...COMMON_FAULTS, ...MARKETPLACE_FAULTS, ...API_FAULTS, ...BUILDER_FAULTS];

export function faultByName(name: string): Fault | undefined {
  return FAULTS.find((f) => f.name === name);
}
