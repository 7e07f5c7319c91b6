import { GetHighestPriceListingForCollectible } from '../../src/contract/index.js';
import { describeOperation, grounded, ungrounded } from '../../src/harness/index.js';

describeOperation({
  op: GetHighestPriceListingForCollectible,
  example: ({ session, generated }) => {
    const collection = session.fixtures?.collection;
    if (!collection?.listedTokenId) return ungrounded(generated(), 'no collection with a listed token in the fixtures for this network');
    return grounded({ contractAddress: collection.address, tokenId: collection.listedTokenId });
  },
});
