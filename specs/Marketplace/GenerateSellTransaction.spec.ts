import { GenerateSellTransaction } from '../../src/contract/index.js';
import { describeOperation, discoverOffer, ungrounded } from '../../src/harness/index.js';
import { GENERATION_LEAVES_STATE_UNCHANGED, STEP_SIGNATURE_CHAIN_ID, STEPS_WELL_FORMED } from '../../src/harness/shared-checks.js';

describeOperation({
  op: GenerateSellTransaction,
  example: async ({ session, generated }) => {
    const collection = session.fixtures?.collection;
    const offer = await discoverOffer(session);
    if (!collection || !offer?.orderId || !offer.tokenId) {
      return ungrounded(generated(), 'no open offer was found through GetFloorOrder on the fixtures collection');
    }
    // A real offer, but no seller known to own the token: a server may fairly refuse to build the steps.
    return ungrounded(
      {
        collectionAddress: collection.address,
        seller: '0x00000000000000000000000000000000000c0ffe',
        marketplace: offer.marketplace ?? 'sequence_marketplace_v2',
        ordersData: [{ orderId: offer.orderId, quantity: '1', tokenId: offer.tokenId }],
        additionalFees: [],
      },
      'the fixtures name no owner of the token who could sell into the offer',
    );
  },
  checks: [STEPS_WELL_FORMED, STEP_SIGNATURE_CHAIN_ID, GENERATION_LEAVES_STATE_UNCHANGED],
});
