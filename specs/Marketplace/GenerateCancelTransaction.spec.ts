import { IF } from '../../src/checks/catalogue-types.js';
import { GenerateCancelTransaction, GetFloorOrder } from '../../src/contract/index.js';
import { orderAt } from '../../src/contract/order-places.js';
import { describeOperation, discoverFloorOrder, grounded, ungrounded } from '../../src/harness/index.js';
import { settleConfirmed } from '../../src/harness/drivers/settle.js';
import { DOCUMENTED_REQUEST_ACCEPTED, STEP_SIGNATURE_CHAIN_ID, STEPS_WELL_FORMED } from '../../src/harness/shared-checks.js';
import { judgeOrderUnchanged } from '../../src/semantics/generation-state.js';

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
  checks: [
    STEPS_WELL_FORMED,
    STEP_SIGNATURE_CHAIN_ID,
    DOCUMENTED_REQUEST_ACCEPTED,
    {
      id: 'generation-leaves-state-unchanged',
      level: 'MUST',
      area: 'stateful',
      title:
        'Generating the steps to cancel an order changes nothing: GetFloorOrder answers the same order (id, status, quantities) after the generation as before it (a change is read again before it is reported)',
      basis: `${IF} §States and transitions: "Operations that change state do not change it directly: the generation operations return steps that the caller executes elsewhere"`,
      needs: ['collection'],
      async run(run) {
        // The floor order read before the example's generation named it (discovery reads it first).
        const before =
          (await discoverFloorOrder(run.session)) ?? run.skip('no open order was found through GetFloorOrder on the fixtures collection');
        const { body } = await run.example();
        if (body.orderId !== before.orderId) run.skip('the example request names another order than the floor order read before it');
        await settleConfirmed(run, async () => {
          const answer = await run.send({ contractAddress: run.needed('collection').address }, { op: GetFloorOrder });
          if (answer.status !== 200) return { undecided: `GetFloorOrder answered ${answer.status} after the generation` };
          const after = orderAt(answer.json, 'floorOrder') ?? orderAt(answer.json, 'floorListing');
          return judgeOrderUnchanged(before as unknown as Record<string, unknown>, after, '/collectible/order');
        });
      },
    },
  ],
});
