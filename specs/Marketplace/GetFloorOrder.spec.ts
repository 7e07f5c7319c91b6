import { GetFloorOrder, GetHighestPriceListingForCollectible } from '../../src/contract/index.js';
import { describeOperation, grounded, ungrounded, type CheckRun } from '../../src/harness/index.js';
import { settle } from '../../src/semantics/judgement.js';
import { comparePrices } from '../../src/semantics/prices.js';
import { judgeIsListing, judgeNotAbove, judgeOrderChainIds, judgeOrdersOfCollection } from '../../src/semantics/order-rules.js';
import { floorOrderIn, ordersInAnswer, sideOf, singleOrderIn, textOf } from '../../src/semantics/orders.js';

/** The example's collection: known only when the fixtures name one. */
async function requestedCollection(run: CheckRun): Promise<string> {
  const { body, grounded } = await run.example();
  if (!grounded) run.skip('no collection in the fixtures for this network');
  return (body as { contractAddress: string }).contractAddress;
}

describeOperation({
  op: GetFloorOrder,
  example: ({ session, generated }) => {
    const collection = session.fixtures?.collection;
    if (!collection) return ungrounded(generated(), 'no collection in the fixtures for this network');
    return grounded({ contractAddress: collection.address });
  },
  checks: {
    'order-chain-id': async (run) => {
      const { json } = await run.example();
      settle(run, judgeOrderChainIds(json, run.network!.chainId));
    },
    'floor-order-of-requested-collection': async (run) => {
      const contractAddress = await requestedCollection(run);
      const { json } = await run.example();
      settle(run, judgeOrdersOfCollection(ordersInAnswer(json), contractAddress, "the floor collectible's order"));
    },
    'floor-order-is-listing': async (run) => {
      const { json } = await run.example();
      settle(run, judgeIsListing(floorOrderIn(json), 'the floor order'));
    },
    // Cross-operation: the highest listing of the floor's own token, in the floor's currency when the
    // unfiltered one is priced in another (prices compare only within one currency).
    'floor-order-not-above-token-listings': async (run) => {
      const contractAddress = await requestedCollection(run);
      const { json } = await run.example();
      const floorExchange = run.lastExchange!;
      const floor = floorOrderIn(json) ?? run.skip('the answer holds no floor order');
      const tokenId = textOf(floor.order, 'tokenId') ?? run.skip('the floor order states no tokenId');
      const highest = async (filter?: { currencies: string[] }) => {
        const answer = await run.send({ contractAddress, tokenId, ...(filter ? { filter } : {}) }, { op: GetHighestPriceListingForCollectible });
        if (answer.status !== 200) run.skip(`GetHighestPriceListingForCollectible answered ${answer.status} for the floor's token`);
        return singleOrderIn(answer.json);
      };
      let top = await highest();
      const currency = textOf(floor.order, 'priceCurrencyAddress');
      if (top && currency && !comparePrices(floor.order, top.order).comparable) top = await highest({ currencies: [currency] });
      run.adopt(floorExchange); // the finding's pointer is into the floor answer
      settle(run, judgeNotAbove(floor, top, {
        message: 'the floor order is priced above the highest listing of its own token',
        absent: 'GetHighestPriceListingForCollectible finds no listing for the token whose listing is the floor',
        absentIsFinding: sideOf(floor.order) === 'listing',
      }));
    },
  },
});
