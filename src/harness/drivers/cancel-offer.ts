/**
 * The steps to cancel the floor collectible's offer by its maker: a second kind of order for
 * GenerateCancelTransaction's step checks to judge beside the example (cancelling the floor order). Sent once
 * per session and shared by the checks.
 */
import type { CheckRun } from '../session.js';
import { discoverOffer } from '../discovery.js';

export function cancelTheOffer(run: CheckRun): Promise<{ index: number; json: unknown } | undefined> {
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
