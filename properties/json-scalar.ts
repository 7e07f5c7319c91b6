/**
 * Values for a schema that allows any JSON value (`{}`: PropertyFilter `values` items). Property values are
 * scalars in practice (a trait's text or number), so scalars it is; deeper values would test nothing the
 * contract says.
 */
import fc from 'fast-check';
import { plainString } from './plain-string.js';

let scalars: fc.Arbitrary<string | number | boolean> | undefined;

/** One shared arbitrary: it holds no state, and walks and mutations ask for it thousands of times. */
export function jsonScalar(): fc.Arbitrary<string | number | boolean> {
  scalars ??= fc.oneof(plainString({ maxLength: 12 }), fc.nat({ max: 10_000 }), fc.boolean());
  return scalars;
}
