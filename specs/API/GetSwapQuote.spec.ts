import { IF } from '../../src/checks/catalogue-types.js';
import { swapPairOf } from '../../src/config/fixtures.js';
import { recordOf } from '../../src/contract/json-values.js';
import { GetSwapPrices, GetSwapQuote } from '../../src/contract/index.js';
import { deriveSeed, describeOperation, grounded, ungrounded } from '../../src/harness/index.js';
import { SWAP_NONE_WITHOUT_LIQUIDITY } from '../../src/harness/shared-checks.js';
import { settle } from '../../src/harness/drivers/settle.js';
import { judgeApproveData, judgeQuoteAgainstPrice, NULL_SWAP_PRICES } from '../../src/semantics/swap.js';

const NULL_QUOTE = 'swapQuote is null, which the document allows ("Unless stated, a field may be absent or null in a response")';

describeOperation({
  op: GetSwapQuote,
  example: ({ session, network, generated }) => {
    const swap = swapPairOf(session.fixtures);
    if (!swap) return ungrounded(generated(), 'no swap pair in the fixtures for this network');
    return grounded({
      userAddress: swap.userAddress,
      sellCurrencyAddress: swap.sellCurrencyAddress,
      buyCurrencyAddress: swap.buyCurrencyAddress,
      buyAmount: swap.buyAmount,
      chainId: network.chainId,
      includeApprove: true,
    });
  },
  checks: [
    SWAP_NONE_WITHOUT_LIQUIDITY,
    // "used after choosing a price from GetSwapPrices": choose one (seeded) and ask for its quote.
    {
      id: 'swap-quote-agrees-with-chosen-price',
      level: 'SHOULD',
      area: 'semantics',
      title: "GetSwapQuote for a price chosen from GetSwapPrices is in that price's currency and costs no more than its maxPrice",
      basis: `${IF} §API operations, GetSwapQuote: "used after choosing a price from GetSwapPrices; returns the data needed to execute the swap on-chain" — what agreeing means is not described`,
      needs: ['swap-pair'],
      async run(run) {
        const swap = run.needed('swap-pair');
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
        if (!quote) return run.skip(NULL_QUOTE);
        settle(run, judgeQuoteAgainstPrice(chosen, quote));
      },
    },
    // The example asks with includeApprove true; the same request with false must drop the approval.
    {
      id: 'swap-quote-approve-data-follows-flag',
      level: 'SHOULD',
      area: 'semantics',
      title: 'GetSwapQuote carries non-empty approveData with includeApprove true, and none (absent, null, "" or "0x") with false',
      basis: `${IF} §API operations, GetSwapQuote: request "includeApprove boolean", SwapQuote "approveData" — the document names both but does not describe their relation`,
      needs: ['swap-pair'],
      async run(run) {
        const { body, json } = await run.example();
        const withApprove = recordOf(recordOf(json)?.['swapQuote']);
        if (!withApprove) return run.skip(NULL_QUOTE);
        settle(run, judgeApproveData(true, withApprove));
        const answer = await run.send({ ...body, includeApprove: false });
        if (answer.status !== 200) {
          run.fail({
            message: 'the example request with includeApprove false should be answered like the one with true',
            pointer: '/includeApprove',
            expected: 200,
            actual: answer.status,
          });
        }
        const withoutApprove = recordOf(recordOf(answer.json)?.['swapQuote']);
        if (!withoutApprove) return run.skip(NULL_QUOTE);
        settle(run, judgeApproveData(false, withoutApprove));
      },
    },
  ],
});
