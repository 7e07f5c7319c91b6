import { IF } from '../../src/checks/catalogue-types.js';
import { swapPairOf } from '../../src/config/fixtures.js';
import { keepingFilter, listingFilter } from '../../properties/index.js';
import { GetHighestPriceListingForCollectible } from '../../src/contract/index.js';
import {
  assertProperty,
  deriveSeed,
  describeOperation,
  discoverFloorAnswer,
  grounded,
  ungrounded,
  type CheckRun,
} from '../../src/harness/index.js';
import { ORDER_CHAIN_ID } from '../../src/harness/shared-checks.js';
import { judgeHonoursFilter, judgeNotBelowFiltered } from '../../src/semantics/highest-listing-rules.js';
import { settle } from '../../src/harness/drivers/settle.js';
import { type Judgement } from '../../src/semantics/judgement.js';
import type { ListingFilter } from '../../src/semantics/listing-filter.js';
import { judgeIsListing, judgeOfCollectible } from '../../src/semantics/order-rules.js';
import { collectionKnowledge } from '../../src/semantics/collection-knowledge.js';
import { ordersInAnswer, singleOrderIn, textOf, type FoundOrder } from '../../src/semantics/orders.js';
import { judgedEnough } from '../../src/harness/profile.js';

const HIGHEST = `${IF} §What the service does: "find the highest-priced listing for one collectible"`;

type Run = CheckRun<typeof GetHighestPriceListingForCollectible>;

/**
 * The unfiltered answer (the example) against the filter naming its own values, then a seeded property over
 * filters built around it: each filtered answer is judged; a finding fails the check, and without any judged
 * answer it is skipped. The drawn filters may all exclude the listing and find nothing, which decides nothing:
 * the filter that keeps it is asked every time, so a run with a listing always judges one.
 */
async function overFilters(
  run: Run,
  judge: (top: FoundOrder | undefined, filter: ListingFilter, found: FoundOrder | undefined) => Judgement,
): Promise<void> {
  const { body: request, json } = await run.example();
  const top = singleOrderIn(json);
  const own = (field: string) => (top ? textOf(top.order, field) : undefined);
  const matching = {
    ...optional('createdBy', own('createdBy')),
    ...optional('marketplace', own('marketplace')),
    ...optional('currency', own('priceCurrencyAddress')),
  };
  const reasons = new Set<string>();
  let judged = 0;
  // Once a draw failed, fast-check shrinks it: every smaller candidate is judged, however many were before.
  let shrinking = false;
  const seen = await seenInCollection(run);
  const enough = judgedEnough(run.config, run.session.operationId, run.network?.slug ?? null);
  /** Whether the filtered answer could be judged (a finding ends the check). */
  const judgeFiltered = async (filter: ListingFilter): Promise<boolean> => {
    const answer = await sendShared(run, { ...request, filter });
    if (answer.status !== 200 || answer.json === undefined) {
      reasons.add(`a filtered request got ${answer.status}`);
      return false;
    }
    let judgement = judge(top, filter, singleOrderIn(answer.json));
    if (judgement !== 'holds' && 'finding' in judgement) judgement = await judgeAgain(run, request, filter, judge);
    if (judgement === 'holds') {
      judged += 1;
      return true;
    }
    if ('finding' in judgement) {
      shrinking = true;
      run.fail(judgement.finding);
    }
    reasons.add(judgement.undecided);
    return false;
  };
  const keeping = top ? keepingFilter(matching) : undefined;
  if (keeping) await judgeFiltered(keeping);
  else reasons.add(top ? 'the listing names no maker, marketplace or currency to filter on' : 'the unfiltered request found no listing');
  // The drawn filters judged, apart from the keeping one: the quick profile's bound is on these.
  let drawnJudged = 0;
  await assertProperty(
    run,
    listingFilter({ matching, seen }),
    async (filter) => {
      if (drawnJudged >= enough && !shrinking) return;
      if (await judgeFiltered(filter)) drawnJudged += 1;
    },
    { seed: deriveSeed(run.config.seed, run.session.operationId, run.network?.slug ?? '', 'listing-filter'), numRuns: run.config.runs },
  );
  if (judged === 0) run.skip(`no filtered answer could be judged: ${[...reasons].join('; ')}`);
}

/** Makers and currencies of the collection's floor answer and of the fixtures' swap pair (possible order currencies). */
async function seenInCollection(run: CheckRun) {
  const floorOrders = ordersInAnswer(await discoverFloorAnswer(run.session)).map((o) => o.order);
  const swap = swapPairOf(run.fixtures);
  const known = collectionKnowledge(undefined, floorOrders);
  return {
    accounts: known.accounts,
    currencies: [
      ...new Set([...known.currencies, ...(swap ? [swap.buyCurrencyAddress, swap.sellCurrencyAddress].map((a) => a.toLowerCase()) : [])]),
    ],
  };
}

/**
 * A finding is confirmed on fresh answers, unfiltered and filtered, before it is reported: live listings move
 * between two requests.
 */
async function judgeAgain(
  run: Run,
  request: object,
  filter: ListingFilter,
  judge: (top: FoundOrder | undefined, filter: ListingFilter, found: FoundOrder | undefined) => Judgement,
): Promise<Judgement> {
  const unfiltered = await run.send(request);
  const filtered = await run.send({ ...request, filter });
  // The finding shows the filtered answer; the unfiltered one it is compared with goes with it.
  run.restOn(unfiltered.index);
  if (unfiltered.status !== 200 || filtered.status !== 200) return { undecided: 'a request asked again was refused' };
  const again = judge(singleOrderIn(unfiltered.json), filter, singleOrderIn(filtered.json));
  return again === 'holds' ? { undecided: 'a finding did not hold when read again (the listings changed between reads)' } : again;
}

/**
 * Both filter checks draw the same filters (one seed): each filtered request is sent once per session and its
 * answer judged by both.
 */
async function sendShared(run: Run, body: unknown) {
  const { index, outcome } = await run.session.memoize(`filtered-answer ${JSON.stringify(body)}`, () => run.session.send(run.id, body));
  run.adopt(index);
  return run.answerOf(index, outcome);
}

const optional = <K extends string>(key: K, value: string | undefined) =>
  value === undefined ? {} : ({ [key]: value } as Record<K, string>);

describeOperation({
  op: GetHighestPriceListingForCollectible,
  example: ({ session, generated }) => {
    const collection = session.fixtures?.collection;
    if (!collection?.listedTokenId) return ungrounded(generated(), 'no collection with a listed token in the fixtures for this network');
    return grounded({ contractAddress: collection.address, tokenId: collection.listedTokenId });
  },
  checks: [
    ORDER_CHAIN_ID,
    {
      id: 'highest-listing-of-requested-collectible',
      level: 'MUST',
      area: 'semantics',
      title: 'The highest listing is for the requested collection and token',
      basis: HIGHEST,
      needs: ['collection.listedTokenId'],
      async run(run) {
        const { json } = await run.example();
        const { address, listedTokenId } = run.needed('collection.listedTokenId');
        const order = singleOrderIn(json) ?? run.skip('the answer holds no listing');
        settle(run, judgeOfCollectible(order, address, listedTokenId, 'the highest listing'));
      },
    },
    {
      id: 'highest-listing-is-listing',
      level: 'MUST',
      area: 'semantics',
      title: 'The highest listing is a listing (side "listing")',
      basis: HIGHEST,
      async run(run) {
        const { json } = await run.example();
        settle(run, judgeIsListing(singleOrderIn(json), 'the highest-priced listing'));
      },
    },
    {
      id: 'highest-listing-honours-filter',
      level: 'MUST',
      area: 'semantics',
      title:
        "A filtered answer's maker, marketplace and currency are in the filter's createdBy, marketplace and currencies; a filter the unfiltered answer passes still finds it",
      basis: `${HIGHEST}; §GetHighestPriceListingForCollectible: "filter object with createdBy (array of string), marketplace (array, of MarketplaceKind), currencies (array of string)"`,
      needs: ['collection.listedTokenId'],
      run: (run) => overFilters(run, judgeHonoursFilter),
    },
    {
      id: 'highest-listing-not-below-filtered',
      level: 'MUST',
      area: 'semantics',
      title:
        'The unfiltered highest listing is not below (nor absent beside) any filtered answer (one currency as integers, else priceUSD within 2 %; a finding is read again before it is reported)',
      basis: `${HIGHEST}: a filter only removes candidates, so the highest of all is not below the highest of some`,
      needs: ['collection.listedTokenId'],
      run: (run) => overFilters(run, judgeNotBelowFiltered),
    },
  ],
});
