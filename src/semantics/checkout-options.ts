/**
 * Whether two CheckoutOptions say the same thing. The lists (`swap`, `nftCheckout`, `onRamp`) are sets of
 * payment methods: their order is not promised, and null, absent and [] all say "none" (wire-facts.md §5:
 * "Empty lists may be emitted as null").
 */
import { show } from '../contract/json-values.js';
import type { Judgement } from './judgement.js';

export interface OptionsDifference {
  /** Relative to `options`. */
  readonly pointer: string;
  readonly first: unknown;
  readonly second: unknown;
}

const LISTS = ['swap', 'nftCheckout', 'onRamp'] as const;

const asSet = (value: unknown): string[] => (Array.isArray(value) ? value.map((v) => show(v)).sort() : []);

export function checkoutOptionsDifference(first: unknown, second: unknown): OptionsDifference | undefined {
  const a = (first ?? {}) as Record<string, unknown>;
  const b = (second ?? {}) as Record<string, unknown>;
  if ((a['crypto'] ?? null) !== (b['crypto'] ?? null)) return { pointer: '/crypto', first: a['crypto'], second: b['crypto'] };
  for (const list of LISTS) {
    if (show(asSet(a[list])) !== show(asSet(b[list]))) return { pointer: `/${list}`, first: a[list], second: b[list] };
  }
  return undefined;
}

/** Two answers to the same request name the same options. */
export function judgeSameOptions(first: unknown, second: unknown): Judgement {
  const options = (json: unknown) => (json as { options?: unknown } | null | undefined)?.options;
  if (options(first) === undefined || options(first) === null) return { undecided: 'the first answer has no options' };
  const difference = checkoutOptionsDifference(options(first), options(second));
  return difference
    ? {
        finding: {
          message: 'the same request, sent again, got other checkout options',
          pointer: `/options${difference.pointer}`,
          expected: difference.first,
          actual: difference.second,
        },
      }
    : 'holds';
}
