import { CheckoutOptionsMarketplace } from '../../src/contract/index.js';
import { describeOperation, discoverFloorOrder, grounded, ungrounded } from '../../src/harness/index.js';
import { CHECKOUT_OPTIONS_DETERMINISTIC, DOCUMENTED_REQUEST_ACCEPTED } from '../../src/harness/shared-checks.js';

describeOperation({
  op: CheckoutOptionsMarketplace,
  example: async ({ session, generated }) => {
    const collection = session.fixtures?.collection;
    const order = await discoverFloorOrder(session);
    if (!collection || !order?.orderId)
      return ungrounded(generated(), 'no open order was found through GetFloorOrder on the fixtures collection');
    const body = {
      wallet: '0x00000000000000000000000000000000000c0ffe',
      orders: [{ contractAddress: collection.address, orderId: order.orderId }],
      additionalFee: 0,
    };
    if (!order.marketplace) return grounded(body);
    // wire-facts §3: real servers may refuse an order without its marketplace.
    const orders = body.orders.map((o) => ({ ...o, marketplace: order.marketplace }));
    return { ...grounded(body), completed: { field: 'orders[].marketplace', body: { ...body, orders } } };
  },
  checks: [CHECKOUT_OPTIONS_DETERMINISTIC, DOCUMENTED_REQUEST_ACCEPTED],
});
