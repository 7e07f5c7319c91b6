import { GenerateCancelTransaction } from '../../src/contract/index.js';
import { describeOperation, discoverFloorOrder, grounded, ungrounded } from '../../src/harness/index.js';
import {
  DOCUMENTED_REQUEST_ACCEPTED,
  GENERATION_LEAVES_STATE_UNCHANGED,
  STEP_SIGNATURE_CHAIN_ID,
  STEPS_WELL_FORMED,
} from '../../src/harness/shared-checks.js';

describeOperation({
  op: GenerateCancelTransaction,
  example: async ({ session, generated }) => {
    const collection = session.fixtures?.collection;
    const order = await discoverFloorOrder(session);
    if (!collection || !order?.orderId || !order.createdBy) {
      return ungrounded(generated(), 'no open order was found through GetFloorOrder on the fixtures collection');
    }
    const body = { collectionAddress: collection.address, maker: order.createdBy, orderId: order.orderId };
    // wire-facts §3: real servers may refuse a cancel without the order's marketplace.
    return order.marketplace
      ? { ...grounded(body), completed: { field: 'marketplace', body: { ...body, marketplace: order.marketplace } } }
      : grounded(body);
  },
  checks: [STEPS_WELL_FORMED, STEP_SIGNATURE_CHAIN_ID, DOCUMENTED_REQUEST_ACCEPTED, GENERATION_LEAVES_STATE_UNCHANGED],
});
