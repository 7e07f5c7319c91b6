import { swapPairOf } from '../../src/config/fixtures.js';
import { recordOf } from '../../src/contract/json-values.js';
import { checkNoPriceWithoutLiquidity } from '../../src/harness/drivers/illiquid.js';
import { GetSwapPrices, GetSwapQuote } from '../../src/contract/index.js';
import { type CheckRun, deriveSeed, describeOperation, grounded, ungrounded } from '../../src/harness/index.js';
import { settle } from '../../src/harness/drivers/settle.js';
import { judgeApproveData, judgeQuoteAgainstPrice, NULL_SWAP_PRICES } from '../../src/semantics/swap.js';

const NULL_QUOTE = 'swapQuote is null, which the document allows ("Unless stated, a field may be absent or null in a response")';

describeOperation({
  op: GetSwapQuote,
  example: ({ session, generated }) => {
    const swap = swapPairOf(session.fixtures);
    if (!swap || !session.network) return ungrounded(generated(), 'no swap pair in the fixtures for this network');
    return grounded({
      userAddress: swap.userAddress,
      sellCurrencyAddress: swap.sellCurrencyAddress,
      buyCurrencyAddress: swap.buyCurrencyAddress,
      buyAmount: swap.buyAmount,
      chainId: session.network.chainId,
      includeApprove: true,
    });
  },
  checks: {
    'swap-none-without-liquidity': (run: CheckRun) => checkNoPriceWithoutLiquidity(run, GetSwapQuote, 'swapQuote'),
    // "used after choosing a price from GetSwapPrices": choose one (seeded) and ask for its quote.
    'swap-quote-agrees-with-chosen-price': async (run: CheckRun) => {
      const swap = swapPairOf(run.fixtures);
      if (!swap || !run.network) run.skip('no swap pair in the fixtures for this network');
      const { userAddress, buyCurrencyAddress, buyAmount } = swap;
      const chainId = run.network.chainId;
      const listed = await run.send({ userAddress, buyCurrencyAddress, buyAmount, chainId }, { op: GetSwapPrices });
      if (listed.status !== 200)
        run.skip(`GetSwapPrices answered ${listed.status}: there is no price to choose (GetSwapPrices' own checks judge that answer)`);
      const prices = recordOf(listed.json)?.['swapPrices'];
      if (prices === null || prices === undefined) run.skip(NULL_SWAP_PRICES);
      const choosable = (Array.isArray(prices) ? prices : [])
        .map(recordOf)
        .filter(
          (p): p is Record<string, unknown> =>
            typeof p?.['currencyAddress'] === 'string' && p['currencyAddress'].toLowerCase() !== buyCurrencyAddress.toLowerCase(),
        );
      if (choosable.length === 0) run.skip('GetSwapPrices offered no price with a currencyAddress to sell');
      const chosen =
        choosable[Math.abs(deriveSeed(run.config.seed, run.session.operationId, run.network.slug, 'chosen-price')) % choosable.length]!;
      const sellCurrencyAddress = chosen['currencyAddress'] as string;
      const quoted = await run.send({ userAddress, sellCurrencyAddress, buyCurrencyAddress, buyAmount, chainId, includeApprove: false });
      if (quoted.status !== 200) {
        run.fail({
          message: 'a price GetSwapPrices offered should be quotable with GetSwapQuote',
          pointer: '',
          expected: 200,
          actual: quoted.status,
        });
      }
      const quote = recordOf(recordOf(quoted.json)?.['swapQuote']);
      if (!quote) run.skip(NULL_QUOTE);
      settle(run, judgeQuoteAgainstPrice(chosen, quote));
    },
    // The example asks with includeApprove true; the same request with false must drop the approval.
    'swap-quote-approve-data-follows-flag': async (run: CheckRun) => {
      const { body, grounded: known, json } = await run.example();
      if (!known) run.skip('no swap pair in the fixtures for this network');
      const withApprove = recordOf(recordOf(json)?.['swapQuote']);
      if (!withApprove) run.skip(NULL_QUOTE);
      settle(run, judgeApproveData(true, withApprove));
      const answer = await run.send({ ...(body as Record<string, unknown>), includeApprove: false });
      if (answer.status !== 200) {
        run.fail({
          message: 'the example request with includeApprove false should be answered like the one with true',
          pointer: '/includeApprove',
          expected: 200,
          actual: answer.status,
        });
      }
      const withoutApprove = recordOf(recordOf(answer.json)?.['swapQuote']);
      if (!withoutApprove) run.skip(NULL_QUOTE);
      settle(run, judgeApproveData(false, withoutApprove));
    },
  },
});
