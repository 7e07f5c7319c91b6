import { swapPairOf } from '../../src/config/fixtures.js';
import { checkNoPriceWithoutLiquidity } from '../../src/harness/drivers/illiquid.js';
import { GetSwapPrices } from '../../src/contract/index.js';
import { type CheckRun, describeOperation, grounded, ungrounded } from '../../src/harness/index.js';
import { settle } from '../../src/harness/drivers/settle.js';
import { judgeMaxPrices, NULL_SWAP_PRICES } from '../../src/semantics/swap.js';

describeOperation({
  op: GetSwapPrices,
  example: ({ session, generated }) => {
    const swap = swapPairOf(session.fixtures);
    if (!swap || !session.network) return ungrounded(generated(), 'no swap pair in the fixtures for this network');
    return grounded({
      userAddress: swap.userAddress,
      buyCurrencyAddress: swap.buyCurrencyAddress,
      buyAmount: swap.buyAmount,
      chainId: session.network.chainId,
    });
  },
  checks: {
    'swap-prices-null-without-liquidity': (run: CheckRun) => checkNoPriceWithoutLiquidity(run, GetSwapPrices, 'swapPrices'),
    'swap-prices-max-price-not-below-price': async (run: CheckRun) => {
      const { json } = await run.example();
      const prices = (json as { swapPrices?: unknown }).swapPrices;
      if (prices === null || prices === undefined) run.skip(NULL_SWAP_PRICES);
      if (!Array.isArray(prices)) run.skip('swapPrices is not a list; response-schema reports it');
      settle(run, judgeMaxPrices(prices, '/swapPrices'));
    },
  },
});
