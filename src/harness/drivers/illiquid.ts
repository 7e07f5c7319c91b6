/**
 * "The result is null when the user lacks sufficient funds or the pool lacks liquidity" (interface.md,
 * GetSwapPrices): asked for the fixtures' currency without liquidity, a swap operation answers no price —
 * null, absent or an empty list — never one. GetSwapQuote and GetSwapPrice are judged the same way (SHOULD:
 * the sentence is GetSwapPrices').
 */
import type { CheckNeed } from '../../checks/needs.js';
import { recordOf } from '../../contract/json-values.js';
import type { GetSwapPrice, GetSwapPrices, GetSwapQuote } from '../../contract/operations.js';
import type { CheckRun } from '../session.js';

/** What the liquidity checks need: the currency without liquidity, and the pair's currency to pay with. */
export const ILLIQUID_NEEDS: readonly CheckNeed[] = ['swap.illiquidCurrencyAddress', 'swap-pair'];

/** The operation's result field: the one that must be none without liquidity. */
const RESULT_FIELD = { GetSwapPrices: 'swapPrices', GetSwapQuote: 'swapQuote', GetSwapPrice: 'swapPrice' } as const;

export async function checkNoPriceWithoutLiquidity(
  run: CheckRun<typeof GetSwapPrices | typeof GetSwapQuote | typeof GetSwapPrice>,
): Promise<void> {
  const op = run.session.op as typeof GetSwapPrices | typeof GetSwapQuote | typeof GetSwapPrice;
  const field = RESULT_FIELD[op.method];
  const illiquid = run.needed('swap.illiquidCurrencyAddress');
  const pair = run.needed('swap-pair');
  const chainId = run.network.chainId;
  const { buyAmount, sellCurrencyAddress } = pair;
  const bodies = {
    swapPrices: { userAddress: pair.userAddress, buyCurrencyAddress: illiquid, buyAmount, chainId },
    swapQuote: {
      userAddress: pair.userAddress,
      sellCurrencyAddress,
      buyCurrencyAddress: illiquid,
      buyAmount,
      chainId,
      includeApprove: false,
    },
    swapPrice: { sellCurrencyAddress, buyCurrencyAddress: illiquid, buyAmount, chainId, slippagePercentage: 1 },
  };
  const answer = await run.send(bodies[field]);
  if (answer.status !== 200) run.skip(`asked for the illiquid currency, the server answered ${answer.status}, not a result to judge`);
  const result = recordOf(answer.json)?.[field];
  const none = result === null || result === undefined || (Array.isArray(result) && result.length === 0);
  if (!none) {
    run.fail({
      message: `${field} for ${illiquid}, a currency whose pool lacks liquidity (fixtures), must be null, not a price`,
      pointer: `/${field}`,
      expected: null,
      actual: result,
    });
  }
}
