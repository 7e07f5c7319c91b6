/**
 * What a JSON number in a request stands for. The contract says only "number" (interface.md: "small integers
 * and counts are JSON numbers"), but real servers read request numbers into Go integer types — chain IDs,
 * project and audience IDs, contact IDs, fees, slippage — and refuse a negative or fractional value for an
 * unsigned integer (wire-facts.md §4). The exceptions are few and listed here by schema location, so the
 * generators and the `negative-or-fractional-integer` mutation agree on them.
 */
import { resourceId } from '../src/contract/schema-kit.js';
import { locationKey, type SchemaLocation } from './json-schema.js';

export interface NumberSemantics {
  /** Only whole numbers are meaningful (a fraction is refused by real servers). */
  readonly integer: boolean;
  /** Negative values are meaningful (a range bound), so a negative value is not a mistake. */
  readonly signed: boolean;
}

/** IDs, counts, fees and chain IDs: unsigned integers. */
const UNSIGNED_INTEGER: NumberSemantics = { integer: true, signed: false };

const EXCEPTIONS: ReadonlyMap<string, NumberSemantics> = new Map([
  // A PropertyFilter range over an INT property may start below zero (a trait such as "temperature").
  [`${resourceId('PropertyFilterInput')}#/properties/min`, { integer: true, signed: true }],
  [`${resourceId('PropertyFilterInput')}#/properties/max`, { integer: true, signed: true }],
]);

export function numberSemantics(location: SchemaLocation): NumberSemantics {
  return EXCEPTIONS.get(locationKey(location)) ?? UNSIGNED_INTEGER;
}
