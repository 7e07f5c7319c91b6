/** Relayer fee options (interface.md §FeeOption and token; wire-facts.md §7): pure judges over the options list. */
import { recordOf } from '../contract/json-values.js';
import { isDecimalInteger } from './amounts.js';
import type { Judgement } from './judgement.js';

/**
 * Every option's token is on the relayer's chain: "The host is specific to one chain network" (interface.md
 * §Base addresses). A token that names no chainId is not judged ("a field may be absent or null").
 */
export function judgeFeeTokenChains(options: readonly unknown[], chainId: number): Judgement {
  let compared = 0;
  for (const [i, option] of options.entries()) {
    const tokenChain = recordOf(recordOf(option)?.['token'])?.['chainId'];
    if (typeof tokenChain !== 'number') continue;
    compared += 1;
    if (tokenChain !== chainId) {
      return {
        finding: {
          message: "a relayer is specific to one chain network: its fee tokens are that network's",
          pointer: `/options/${i}/token/chainId`,
          expected: chainId,
          actual: tokenChain,
        },
      };
    }
  }
  return compared === 0 ? { undecided: "no fee option names its token's chainId" } : 'holds';
}

/** Every option's value is a decimal integer string (wire-facts.md §7); absent or null values are not judged. */
export function judgeFeeValues(options: readonly unknown[]): Judgement {
  let compared = 0;
  for (const [i, option] of options.entries()) {
    const value = recordOf(option)?.['value'];
    if (value === undefined || value === null) continue;
    compared += 1;
    if (!isDecimalInteger(value)) {
      return {
        finding: {
          message: "a fee option's value should be a decimal integer in the token's smallest unit",
          pointer: `/options/${i}/value`,
          expected: 'a decimal integer string',
          actual: value,
        },
      };
    }
  }
  return compared === 0 ? { undecided: 'no fee option carries a value' } : 'holds';
}
