import { GenerateCancelTransaction } from '../../src/contract/index.js';
import { describeOperation, discoverFloorOrder, grounded, ungrounded } from '../../src/harness/index.js';
import { STEP_SIGNATURE_CHAIN_ID, STEPS_WELL_FORMED } from '../../src/harness/shared-checks.js';

describeOperation({
  op: GenerateCancelTransaction,
  example: async ({ session, generated }) => {
    const collection = session.fixtures?.collection;
    const order = await discoverFloorOrder(session);
    if (!collection || !order?.orderId || !order.createdBy) {
      return ungrounded(generated(), 'no open order was found through GetFloorOrder on the fixtures collection');
    }
    return grounded({ collectionAddress: collection.address, maker: order.createdBy, orderId: order.orderId });
  },
  checks: [STEPS_WELL_FORMED, STEP_SIGNATURE_CHAIN_ID],
});
