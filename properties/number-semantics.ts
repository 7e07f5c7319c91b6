/**
 * What a JSON number in a request stands for. The contract says only "number" (interface.md: "small integers
 * and counts are JSON numbers"), but real servers read request numbers into Go integer types and refuse a
 * fraction, and a negative value where the type is unsigned (wire-facts.md §4). Which field is which is the
 * schema's `x-integer` annotation (schema-kit.ts), the one the reference server's decoder reads too, so the
 * generators, the `negative-or-fractional-integer` mutation and the server cannot disagree.
 */
import { INTEGER_KEYWORD } from '../src/contract/schema-kit.js';
import type { JsonSchema } from './json-schema.js';

export interface NumberSemantics {
  /** Only whole numbers are meaningful (a fraction is refused by real servers). */
  readonly integer: boolean;
  /** Negative values are read as given, so a negative value is not a mistake. */
  readonly signed: boolean;
}

/** A number without the annotation: nothing is known beyond "number", so no value is a mistake. */
const ANY_NUMBER: NumberSemantics = { integer: false, signed: true };

export function numberSemantics(schema: JsonSchema): NumberSemantics {
  const kind = schema[INTEGER_KEYWORD];
  return kind === undefined ? ANY_NUMBER : { integer: true, signed: kind === 'signed' };
}
