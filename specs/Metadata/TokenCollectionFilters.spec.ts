import { TokenCollectionFilters } from '../../src/contract/index.js';
import { describeOperation, grounded, ungrounded } from '../../src/harness/index.js';

describeOperation({
  op: TokenCollectionFilters,
  example: ({ session, generated }) => {
    const collection = session.fixtures?.collection;
    if (!collection || !session.network) return ungrounded(generated(), 'no collection in the fixtures for this network');
    return grounded({ chainId: String(session.network.chainId), contractAddress: collection.address });
  },
});
