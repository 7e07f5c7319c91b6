import { GenerateCancelTransaction } from '../../src/contract/index.js';
import { describeOperation, discoverFloorOrder, discoverOffer, grounded, ungrounded, type CheckRun } from '../../src/harness/index.js';
import type { Judgement } from '../../src/semantics/judgement.js';
import { settleEach } from '../../src/harness/drivers/settle-each.js';
import { judgeSignatureChainIds, judgeStepsWellFormed } from '../../src/semantics/steps.js';

/**
 * The example (cancelling the floor order) and, when the floor collectible carries an offer, the steps to
 * cancel that offer by its maker: two kinds of order, so more kinds of steps to judge. The second request is
 * sent once per session and shared by the checks.
 */
async function judgeCancellations(run: CheckRun, judge: (json: unknown) => Judgement): Promise<void> {
  const { json } = await run.example();
  const judged = [{ index: run.lastExchange!, judgement: judge(json) }];
  const offer = await cancelTheOffer(run);
  if (offer) judged.push({ index: offer.index, judgement: judge(offer.json) });
  settleEach(run, judged);
}

function cancelTheOffer(run: CheckRun): Promise<{ index: number; json: unknown } | undefined> {
  return run.session.memoize('cancel-the-offer', async () => {
    const collection = run.fixtures?.collection;
    const offer = await discoverOffer(run.session);
    if (!collection || !offer?.orderId || !offer.createdBy) return undefined;
    const { index, outcome } = await run.session.send(run.id, {
      collectionAddress: collection.address,
      maker: offer.createdBy,
      orderId: offer.orderId,
    });
    return outcome.ok && outcome.response.status === 200 && outcome.response.json !== undefined
      ? { index, json: outcome.response.json }
      : undefined;
  });
}

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
  checks: {
    'steps-well-formed': (run) => judgeCancellations(run, judgeStepsWellFormed),
    'step-signature-chain-id': (run) => judgeCancellations(run, (json) => judgeSignatureChainIds(json, run.network!.chainId)),
  },
});
