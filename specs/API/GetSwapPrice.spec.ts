import { GetSwapPrice } from '../../src/contract/index.js';
import { describeOperation, grounded, ungrounded } from '../../src/harness/index.js';

describeOperation({
  op: GetSwapPrice,
  example: ({ session, generated }) => {
    const swap = session.fixtures?.swap;
    if (!swap || !session.network) return ungrounded(generated(), 'no swap pair in the fixtures for this network');
    return grounded({
      buyCurrencyAddress: swap.buyCurrencyAddress,
      sellCurrencyAddress: swap.sellCurrencyAddress,
      buyAmount: swap.buyAmount,
      chainId: session.network.chainId,
      slippagePercentage: 1,
    });
  },
});
