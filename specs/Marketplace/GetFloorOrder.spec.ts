import { GetFloorOrder } from '../../src/contract/index.js';
import { describeOperation, grounded, ungrounded } from '../../src/harness/index.js';

describeOperation({
  op: GetFloorOrder,
  example: ({ session, generated }) => {
    const collection = session.fixtures?.collection;
    if (!collection) return ungrounded(generated(), 'no collection in the fixtures for this network');
    return grounded({ contractAddress: collection.address });
  },
});
