import { GenerateSellTransaction } from '../../src/contract/index.js';
import { describeOperation, discoverOffer, grounded, ungrounded } from '../../src/harness/index.js';
import { settle } from '../../src/semantics/judgement.js';
import { judgeSignatureChainIds, judgeStepsWellFormed } from '../../src/semantics/steps.js';

describeOperation({
  op: GenerateSellTransaction,
  example: async ({ session, generated }) => {
    const collection = session.fixtures?.collection;
    const offer = await discoverOffer(session);
    if (!collection || !offer?.orderId || !offer.tokenId) {
      return ungrounded(generated(), 'no open offer was found through GetFloorOrder on the fixtures collection');
    }
    return grounded({
      collectionAddress: collection.address,
      seller: '0x00000000000000000000000000000000000c0ffe',
      marketplace: offer.marketplace ?? 'sequence_marketplace_v2',
      ordersData: [{ orderId: offer.orderId, quantity: '1', tokenId: offer.tokenId }],
      additionalFees: [],
    });
  },
  checks: {
    'steps-well-formed': async (run) => {
      const { json } = await run.example();
      settle(run, judgeStepsWellFormed(json));
    },
    'step-signature-chain-id': async (run) => {
      const { json } = await run.example();
      settle(run, judgeSignatureChainIds(json, run.network!.chainId));
    },
  },
});
