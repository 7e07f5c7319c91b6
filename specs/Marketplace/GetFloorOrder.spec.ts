import { GetFloorOrder, GetHighestPriceListingForCollectible } from '../../src/contract/index.js';
import { describeOperation, grounded, ungrounded, type CheckRun } from '../../src/harness/index.js';
import { judgeFloorAgainstListing, sameCurrency, tokensToSample } from '../../src/semantics/floor-rules.js';
import { settle, settleConfirmed } from '../../src/harness/drivers/settle.js';
import { type Judgement } from '../../src/semantics/judgement.js';
import { judgeIsListing, judgeOrderChainIds, judgeOrdersOfCollection } from '../../src/semantics/order-rules.js';
import { floorOrderIn, ordersInAnswer, singleOrderIn, textOf, type FoundOrder } from '../../src/semantics/orders.js';

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
    // Cross-operation: the highest listing of several tokens of the collection (the floor's own among them),
    // asked again in the floor's currency when it came in another, so that most pairs compare exactly.
    'floor-order-not-above-token-listings': async (run) => {
      const contractAddress = await requestedCollection(run);
      const { json } = await run.example();
      const firstFloor = floorOrderIn(json) ?? run.skip('the answer holds no floor order');
      const highest = async (tokenId: string, filter?: { currencies: string[] }) => {
        const answer = await run.send(
          { contractAddress, tokenId, ...(filter ? { filter } : {}) },
          { op: GetHighestPriceListingForCollectible },
        );
        return answer.status === 200 ? singleOrderIn(answer.json) : undefined;
      };
      const judgeToken = async (floor: FoundOrder, floorExchange: number, tokenId: string): Promise<Judgement> => {
        let top = await highest(tokenId);
        const currency = textOf(floor.order, 'priceCurrencyAddress');
        if (top && currency && !sameCurrency(floor, top)) top = (await highest(tokenId, { currencies: [currency] })) ?? top;
        run.adopt(floorExchange); // a finding's pointer is into the floor answer
        return judgeFloorAgainstListing(floor, tokenId, top);
      };
      let culprit: string | undefined;
      await settleConfirmed(run, async (again) => {
        if (again) {
          const fresh = await run.send({ contractAddress });
          const floor = fresh.status === 200 ? floorOrderIn(fresh.json) : undefined;
          return floor ? judgeToken(floor, fresh.index, culprit!) : { undecided: 'GetFloorOrder, asked again, gave no floor order' };
        }
        const floorExchange = run.lastExchange!;
        const reasons: string[] = [];
        let held = 0;
        for (const tokenId of tokensToSample(textOf(firstFloor.order, 'tokenId'), run.fixtures?.collection?.listedTokenId)) {
          const judgement = await judgeToken(firstFloor, floorExchange, tokenId);
          if (judgement === 'holds') held += 1;
          else if ('finding' in judgement) {
            culprit = tokenId;
            return judgement;
          } else reasons.push(judgement.undecided);
        }
        return held > 0 ? 'holds' : { undecided: reasons.join('; ') };
      });
    },
  },
});
