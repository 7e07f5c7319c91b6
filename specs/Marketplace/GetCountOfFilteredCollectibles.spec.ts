import { GetCountOfFilteredCollectibles } from '../../src/contract/index.js';
import { describeOperation, grounded, ungrounded } from '../../src/harness/index.js';

describeOperation({
  op: GetCountOfFilteredCollectibles,
  example: ({ session, generated }) => {
    const collection = session.fixtures?.collection;
    if (!collection) return ungrounded(generated(), 'no collection in the fixtures for this network');
    return grounded({ side: 'listing' as const, contractAddress: collection.address, filter: { includeEmpty: true } });
  },
});
