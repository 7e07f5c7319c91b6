import { IF } from '../../src/checks/catalogue-types.js';
import { swapPairOf } from '../../src/config/fixtures.js';
import { recordOf } from '../../src/contract/json-values.js';
import { GetSwapPrice } from '../../src/contract/index.js';
import { deriveSeed, describeOperation, grounded, ungrounded } from '../../src/harness/index.js';
import { SWAP_NONE_WITHOUT_LIQUIDITY } from '../../src/harness/shared-checks.js';
import { decimalInteger } from '../../src/semantics/amounts.js';
import { settle } from '../../src/harness/drivers/settle.js';
import { judgeSlippage, judgeSlippageBound, type SlippageAnswer } from '../../src/semantics/swap.js';

const NULL_PRICE = 'swapPrice is null, which the document allows ("Unless stated, a field may be absent or null in a response")';

/** The price and maximum of an answer, or why they cannot be compared. */
function slippageAnswer(json: unknown, slippage: number): SlippageAnswer | string {
  const swapPrice = recordOf(recordOf(json)?.['swapPrice']);
  if (!swapPrice) return NULL_PRICE;
  const price = decimalInteger(swapPrice['price']);
  const maxPrice = decimalInteger(swapPrice['maxPrice']);
  if (price === undefined || maxPrice === undefined) return 'swapPrice lacks price or maxPrice as decimal integers';
  return { slippage, price, maxPrice };
}

describeOperation({
  op: GetSwapPrice,
  example: ({ session, network, generated }) => {
    const swap = swapPairOf(session.fixtures);
    if (!swap) return ungrounded(generated(), 'no swap pair in the fixtures for this network');
    return grounded({
      buyCurrencyAddress: swap.buyCurrencyAddress,
      sellCurrencyAddress: swap.sellCurrencyAddress,
      buyAmount: swap.buyAmount,
      chainId: network.chainId,
      slippagePercentage: 1,
    });
  },
  checks: [
    SWAP_NONE_WITHOUT_LIQUIDITY,
    // Two non-zero slippages (webrpc servers read 0 as "not given", wire-facts.md §4): the example's, and a larger seeded one.
    {
      id: 'swap-price-honours-slippage',
      level: 'SHOULD',
      area: 'semantics',
      title:
        'GetSwapPrice keeps price <= maxPrice <= ceil(price·(100+s)/100) for the slippagePercentage s it was given, and a larger s gives a larger margin',
      basis: `${IF} §API operations, GetSwapPrice: request "slippagePercentage number", response "swapPrice (SwapPrice)" — how maxPrice follows the slippage is not described`,
      needs: ['swap-pair'],
      async run(run) {
        const { body, json } = await run.example();
        const low = body.slippagePercentage;
        if (typeof low !== 'number' || !Number.isInteger(low) || low <= 0)
          return run.skip('the example names no positive integer slippagePercentage');
        const lowAnswer = slippageAnswer(json, low);
        if (typeof lowAnswer === 'string') return run.skip(lowAnswer);
        settle(run, judgeSlippageBound(lowAnswer, '/swapPrice'));
        const high = low + 5 + (Math.abs(deriveSeed(run.config.seed, run.session.operationId, run.network.slug, 'slippage')) % 26);
        const answer = await run.send({ ...body, slippagePercentage: high });
        if (answer.status !== 200) {
          run.fail({
            message: 'the example request with another slippagePercentage should be answered too',
            pointer: '/slippagePercentage',
            expected: 200,
            actual: answer.status,
          });
        }
        const highAnswer = slippageAnswer(answer.json, high);
        if (typeof highAnswer === 'string') return run.skip(highAnswer);
        settle(run, judgeSlippage(lowAnswer, highAnswer, '/swapPrice'));
      },
    },
  ],
});
