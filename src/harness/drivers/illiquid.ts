/**
 * "The result is null when the user lacks sufficient funds or the pool lacks liquidity" (interface.md,
 * GetSwapPrices): asked for the fixtures' currency without liquidity, a swap operation answers no price —
 * null, absent or an empty list — never one. GetSwapQuote and GetSwapPrice are judged the same way (SHOULD:
 * the sentence is GetSwapPrices').
 */
import { swapPairOf } from '../../config/fixtures.js';
import { recordOf } from '../../contract/json-values.js';
import type { OperationDef } from '../../contract/operations.js';
import type { CheckRun } from '../session.js';

/** Any user and amount do: without liquidity there is no price whoever asks, for however much. */
const ANY_USER = '0x000000000000000000000000000000000000dEaD';

export async function checkNoPriceWithoutLiquidity(
  run: CheckRun,
  op: OperationDef,
  field: 'swapPrices' | 'swapQuote' | 'swapPrice',
): Promise<void> {
  const swap = run.fixtures?.swap;
  const illiquid = swap?.illiquidCurrencyAddress ?? run.skip('the fixtures name no swap.illiquidCurrencyAddress for this network');
  const pair = swapPairOf(run.fixtures);
  const chainId = run.network!.chainId;
  const buyAmount = pair?.buyAmount ?? '1000000';
  const sellCurrencyAddress =
    pair?.sellCurrencyAddress ?? run.skip('the fixtures name no swap pair whose sellCurrencyAddress could pay for the illiquid currency');
  const bodies = {
    swapPrices: { userAddress: pair?.userAddress ?? ANY_USER, buyCurrencyAddress: illiquid, buyAmount, chainId },
    swapQuote: {
      userAddress: pair?.userAddress ?? ANY_USER,
      sellCurrencyAddress,
      buyCurrencyAddress: illiquid,
      buyAmount,
      chainId,
      includeApprove: false,
    },
    swapPrice: { sellCurrencyAddress, buyCurrencyAddress: illiquid, buyAmount, chainId, slippagePercentage: 1 },
  };
  const answer = await run.send(bodies[field], { op });
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
