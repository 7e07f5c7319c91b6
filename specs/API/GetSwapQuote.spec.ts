import { GetSwapQuote } from '../../src/contract/index.js';
import { describeOperation, grounded, ungrounded } from '../../src/harness/index.js';

describeOperation({
  op: GetSwapQuote,
  example: ({ session, generated }) => {
    const swap = session.fixtures?.swap;
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
});
