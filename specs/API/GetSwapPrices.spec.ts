import { GetSwapPrices } from '../../src/contract/index.js';
import { describeOperation, grounded, ungrounded } from '../../src/harness/index.js';

describeOperation({
  op: GetSwapPrices,
  example: ({ session, generated }) => {
    const swap = session.fixtures?.swap;
    if (!swap || !session.network) return ungrounded(generated(), 'no swap pair in the fixtures for this network');
    return grounded({
      userAddress: swap.userAddress,
      buyCurrencyAddress: swap.buyCurrencyAddress,
      buyAmount: swap.buyAmount,
      chainId: session.network.chainId,
    });
  },
});
