import { IF } from '../../src/checks/catalogue-types.js';
import { swapPairOf } from '../../src/config/fixtures.js';
import { checkNoPriceWithoutLiquidity, ILLIQUID_NEEDS } from '../../src/harness/drivers/illiquid.js';
import { GetSwapPrices } from '../../src/contract/index.js';
import { describeOperation, grounded, ungrounded } from '../../src/harness/index.js';
import { settle } from '../../src/harness/drivers/settle.js';
import {
  judgeMaxPrices,
  judgeNoPriceBeyondFunds,
  NULL_SWAP_PRICES,
  UNCOVERED_AMOUNT,
  UNCOVERED_AMOUNT_WORDS,
} from '../../src/semantics/swap.js';

describeOperation({
  op: GetSwapPrices,
  example: ({ session, network, generated }) => {
    const swap = swapPairOf(session.fixtures);
    if (!swap) return ungrounded(generated(), 'no swap pair in the fixtures for this network');
    return grounded({
      userAddress: swap.userAddress,
      buyCurrencyAddress: swap.buyCurrencyAddress,
      buyAmount: swap.buyAmount,
      chainId: network.chainId,
    });
  },
  checks: [
    {
      id: 'swap-prices-null-without-liquidity',
      level: 'MUST',
      area: 'semantics',
      title: "GetSwapPrices for the fixtures' swap.illiquidCurrencyAddress answers null (or an empty list), never a price",
      basis: `${IF} §API operations, GetSwapPrices: "The result is null when the user lacks sufficient funds or the pool lacks liquidity"`,
      needs: ILLIQUID_NEEDS,
      run: checkNoPriceWithoutLiquidity,
    },
    {
      id: 'swap-prices-null-without-funds',
      level: 'MUST',
      area: 'semantics',
      title: `GetSwapPrices for the fixtures' swap pair, asked for ${UNCOVERED_AMOUNT_WORDS} of the token (an amount no balance covers), lists no price the user's balance does not cover`,
      basis: `${IF} §API operations, GetSwapPrices: "The result is null when the user lacks sufficient funds or the pool lacks liquidity"`,
      needs: ['swap-pair'],
      async run(run) {
        const pair = run.needed('swap-pair');
        const answer = await run.send({
          userAddress: pair.userAddress,
          buyCurrencyAddress: pair.buyCurrencyAddress,
          buyAmount: UNCOVERED_AMOUNT,
          chainId: run.network.chainId,
        });
        if (answer.status !== 200)
          run.skip(`asked for an amount no balance covers, the server answered ${answer.status}, not a result to judge`);
        settle(run, judgeNoPriceBeyondFunds((answer.json as { swapPrices?: unknown } | undefined)?.swapPrices, '/swapPrices'));
      },
    },
    {
      id: 'swap-prices-max-price-not-below-price',
      level: 'SHOULD',
      area: 'semantics',
      title: 'Every price of GetSwapPrices has maxPrice >= price, compared as integers',
      basis: `${IF} §SwapPrice: "currencyAddress, currencyBalance, price, maxPrice, transactionValue: all strings" — how maxPrice relates to price is not described, so a maximum below the price is a SHOULD finding; a null result is allowed: "The result is null when the user lacks sufficient funds or the pool lacks liquidity"`,
      async run(run) {
        const { json } = await run.example();
        const prices = (json as { swapPrices?: unknown }).swapPrices;
        if (prices === null || prices === undefined) run.skip(NULL_SWAP_PRICES);
        if (!Array.isArray(prices)) return run.skip('swapPrices is not a list; response-schema reports it');
        settle(run, judgeMaxPrices(prices, '/swapPrices'));
      },
    },
  ],
});
