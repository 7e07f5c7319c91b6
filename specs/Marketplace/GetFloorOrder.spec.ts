import { IF } from '../../src/checks/catalogue-types.js';
import { GetFloorOrder, GetHighestPriceListingForCollectible } from '../../src/contract/index.js';
import { describeOperation, grounded, ungrounded } from '../../src/harness/index.js';
import { ORDER_CHAIN_ID } from '../../src/harness/shared-checks.js';
import { EXTRA_TOKENS, judgeFloorAgainstListing, sameCurrency, tokensToSample } from '../../src/semantics/floor-rules.js';
import { settle, settleConfirmed } from '../../src/harness/drivers/settle.js';
import { type Judgement } from '../../src/semantics/judgement.js';
import { judgeIsListing, judgeOrdersOfCollection } from '../../src/semantics/order-rules.js';
import { floorOrderIn, ordersInAnswer, singleOrderIn, textOf, type FoundOrder } from '../../src/semantics/orders.js';
import { samplesHere } from '../../src/harness/profile.js';

const FLOOR = `${IF} §What the service does: "find the cheapest open order for a collection (floor order)"`;

describeOperation({
  op: GetFloorOrder,
  example: ({ session, generated }) => {
    const collection = session.fixtures?.collection;
    if (!collection) return ungrounded(generated(), 'no collection in the fixtures for this network');
    return grounded({ contractAddress: collection.address });
  },
  checks: [
    ORDER_CHAIN_ID,
    {
      id: 'floor-order-of-requested-collection',
      level: 'MUST',
      area: 'semantics',
      title: "The floor collectible's orders belong to the requested collection (address compared case-insensitively)",
      basis: FLOOR,
      needs: ['collection'],
      async run(run) {
        const { json } = await run.example();
        settle(run, judgeOrdersOfCollection(ordersInAnswer(json), run.needed('collection').address, "the floor collectible's order"));
      },
    },
    {
      id: 'floor-order-is-listing',
      level: 'SHOULD',
      area: 'semantics',
      title: 'The floor order is a listing (side "listing"), not an offer',
      basis: `${FLOOR}: the side is not stated; a floor is conventionally the cheapest listing, the price a buyer pays`,
      async run(run) {
        const { json } = await run.example();
        settle(run, judgeIsListing(floorOrderIn(json), 'the floor order'));
      },
    },
    // Cross-operation: the highest listing of several tokens of the collection (the floor's own among them),
    // asked again in the floor's currency when it came in another, so that most pairs compare exactly. A finding
    // is read again before it is reported, as the two answers are not taken at one instant.
    {
      id: 'floor-order-not-above-token-listings',
      level: 'MUST',
      area: 'semantics',
      title:
        "The floor order's price is not above the open highest listing of its own token nor of any other token the suite samples in the collection (one currency as integers, else priceUSD within 2 %; a finding is read again before it is reported)",
      basis: `${FLOOR}, "find the highest-priced listing for one collectible": both speak of one collection's open orders, so the cheapest is not above a listing the second finds (how priceUSD is derived is not stated: across currencies within 2 %)`,
      needs: ['collection'],
      async run(run) {
        const { json } = await run.example();
        const contractAddress = run.needed('collection').address;
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
          for (const tokenId of tokensToSample(
            textOf(firstFloor.order, 'tokenId'),
            run.fixtures?.collection?.listedTokenId,
            samplesHere(run.config, run.session.operationId, run.network.slug, EXTRA_TOKENS),
          )) {
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
  ],
});
