import { CheckoutOptionsSalesContract } from '../../src/contract/index.js';
import { describeOperation, ungrounded } from '../../src/harness/index.js';
import { CHECKOUT_OPTIONS_DETERMINISTIC } from '../../src/harness/shared-checks.js';

describeOperation({
  op: CheckoutOptionsSalesContract,
  // The fixtures name no sales contract, so no request here is known to succeed: a 4xx is allowed.
  example: ({ session, generated }) => {
    const collection = session.fixtures?.collection;
    if (!collection) return ungrounded(generated(), 'no collection in the fixtures for this network');
    return ungrounded(
      {
        wallet: '0x00000000000000000000000000000000000c0ffe',
        contractAddress: collection.address,
        collectionAddress: collection.address,
        items: [{ tokenId: collection.listedTokenId ?? '1', quantity: '1' }],
      },
      'the fixtures name no sales contract',
    );
  },
  checks: [CHECKOUT_OPTIONS_DETERMINISTIC],
});
