/**
 * "Operations that change state do not change it directly: the generation operations return steps that the
 * caller executes elsewhere" (interface.md §States and transitions): the order a generation names — the floor
 * order a cancel names, the floor collectible's offer a sale sells into — is read through GetFloorOrder before
 * the example's generation (the discovery that found it) and again after it, and must be the same.
 */
import { GetFloorOrder, type GenerateCancelTransaction, type GenerateSellTransaction } from '../../contract/operations.js';
import { orderAt } from '../../contract/order-places.js';
import { judgeOrderUnchanged } from '../../semantics/generation-state.js';
import { discoverFloorOrder, discoverOffer } from '../discovery.js';
import type { CheckRun } from '../session.js';
import { settleConfirmed } from './settle.js';

type Generation = typeof GenerateSellTransaction | typeof GenerateCancelTransaction;

export async function checkGenerationLeavesState(run: CheckRun<Generation>): Promise<void> {
  const selling = run.session.op.method === 'GenerateSellTransaction';
  const before =
    (await (selling ? discoverOffer(run.session) : discoverFloorOrder(run.session))) ??
    run.skip(`no open ${selling ? 'offer' : 'order'} was found through GetFloorOrder on the fixtures collection`);
  const { body } = await run.example();
  const named = selling
    ? (body as { ordersData?: readonly { orderId?: unknown }[] }).ordersData?.[0]?.orderId
    : (body as { orderId?: unknown }).orderId;
  if (named !== before.orderId) run.skip('the example request names another order than the one read before it');
  const contractAddress = run.needed('collection').address;
  await settleConfirmed(run, async () => {
    const answer = await run.send({ contractAddress }, { op: GetFloorOrder });
    if (answer.status !== 200) return { undecided: `GetFloorOrder answered ${answer.status} after the generation` };
    const after = selling
      ? orderAt(answer.json, 'floorOffer')
      : (orderAt(answer.json, 'floorOrder') ?? orderAt(answer.json, 'floorListing'));
    return judgeOrderUnchanged(before as unknown as Record<string, unknown>, after, selling ? '/collectible/offer' : '/collectible/order');
  });
}
