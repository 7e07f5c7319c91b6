/**
 * Values for a schema that allows any JSON value (`{}`: PropertyFilter `values` items). Property values are
 * scalars in practice (a trait's text or number), so scalars it is; deeper values would test nothing the
 * contract says.
 */
import fc from 'fast-check';
import { plainString } from './plain-string.js';

export function jsonScalar(): fc.Arbitrary<string | number | boolean> {
  return fc.oneof(plainString({ maxLength: 12 }), fc.nat({ max: 10_000 }), fc.boolean());
}
