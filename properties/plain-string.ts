/**
 * Strings the contract gives no convention for (order IDs, names, messages, search text). Mostly short ASCII,
 * sometimes any Unicode, since servers must not fail on non-ASCII text. Lone surrogates are left out: they
 * are not text, and JSON decoders replace them, so they would test the decoder rather than the service.
 */
import fc from 'fast-check';
import { madeOnce } from '../src/made-once.js';

export interface PlainStringConstraints {
  /** Longest string, in graphemes. Default 24. */
  readonly maxLength?: number;
}

/** One arbitrary per length: they hold no state, and building a grapheme string arbitrary is not cheap. */
const byMaxLength = new Map<number, fc.Arbitrary<string>>();

export function plainString(constraints: PlainStringConstraints = {}): fc.Arbitrary<string> {
  const maxLength = constraints.maxLength ?? 24;
  return madeOnce(byMaxLength, maxLength, () =>
    fc.oneof(
      { arbitrary: fc.string({ maxLength, unit: 'grapheme-ascii' }), weight: 4 },
      { arbitrary: fc.string({ maxLength, unit: 'grapheme' }), weight: 1 },
    ),
  );
}
