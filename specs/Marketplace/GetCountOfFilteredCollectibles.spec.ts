import { narrowedFilterPair } from '../../properties/index.js';
import { IF } from '../../src/checks/catalogue-types.js';
import { GetCountOfFilteredCollectibles } from '../../src/contract/index.js';
import {
  assertProperty,
  deriveSeed,
  describeOperation,
  discoverFloorAnswer,
  discoverPropertyFilters,
  grounded,
  show,
  ungrounded,
} from '../../src/harness/index.js';
import { collectionKnowledge } from '../../src/semantics/collection-knowledge.js';
import { ordersInAnswer } from '../../src/semantics/orders.js';
import { judgedEnough } from '../../src/harness/profile.js';

const COUNT = `${IF} §What the service does: "count collectibles that match a filter"`;

const countIn = (json: unknown): number | undefined => {
  const count = (json as { count?: unknown } | null | undefined)?.count;
  return typeof count === 'number' ? count : undefined;
};

describeOperation({
  op: GetCountOfFilteredCollectibles,
  example: ({ session, generated }) => {
    const collection = session.fixtures?.collection;
    if (!collection) return ungrounded(generated(), 'no collection in the fixtures for this network');
    return grounded({ side: 'listing' as const, contractAddress: collection.address, filter: { includeEmpty: true } });
  },
  checks: [
    {
      id: 'count-non-negative-integer',
      level: 'MUST',
      area: 'semantics',
      title: 'A count of collectibles is a non-negative integer',
      basis: `${COUNT}; §Resources: "small integers and counts are JSON numbers"`,
      async run(run) {
        const { json } = await run.example();
        const count = countIn(json) ?? run.skip('the answer has no count (response-schema judges its shape)');
        if (!Number.isInteger(count) || count < 0)
          run.fail({
            message: 'a count of collectibles is a non-negative integer',
            pointer: '/count',
            expected: 'an integer >= 0',
            actual: count,
          });
      },
    },
    // Metamorphic: the same request with a narrower filter, over filters built from the collection's own
    // property filters, makers and currencies (learnt through TokenCollectionFilters and GetFloorOrder).
    {
      id: 'count-narrowing-never-raises',
      level: 'MUST',
      area: 'semantics',
      title:
        'Narrowing a filter (a property filter added, a narrower INT range, fewer values, marketplaces or currencies, an inAccounts list, includeEmpty false) never raises the count',
      basis: `${COUNT}: what matches a narrower filter matches the wider one`,
      needs: ['collection'],
      async run(run) {
        const collection = run.needed('collection');
        const floor = ordersInAnswer(await discoverFloorAnswer(run.session)).map((found) => found.order);
        const knowledge = collectionKnowledge(await discoverPropertyFilters(run.session), floor);
        let compared = 0;
        // Once a draw failed, fast-check shrinks it: every smaller candidate is compared, however many were before.
        let shrinking = false;
        const enough = judgedEnough(run.config, run.session.operationId, run.network.slug);
        await assertProperty(
          run,
          narrowedFilterPair(knowledge),
          async ({ side, wide, narrow, narrowings }) => {
            if (compared >= enough && !shrinking) return;
            const wider = await run.send({ side, contractAddress: collection.address, filter: wide });
            const wideCount = wider.status === 200 ? countIn(wider.json) : undefined;
            if (wideCount === undefined) return;
            const narrower = await run.send({ side, contractAddress: collection.address, filter: narrow });
            const narrowCount = narrower.status === 200 ? countIn(narrower.json) : undefined;
            if (narrowCount === undefined) return;
            compared += 1;
            if (narrowCount > wideCount) {
              shrinking = true;
              // The finding shows the narrower count; the wider one it is compared with goes with it.
              run.restOn(wider.index);
              run.fail({
                message: `narrowing the filter (${narrowings.join(', ')}) raised the count; the wider filter ${show(wide, 300)} counted ${wideCount}`,
                pointer: '/count',
                expected: `<= ${wideCount}`,
                actual: narrowCount,
              });
            }
          },
          { seed: deriveSeed(run.config.seed, run.session.operationId, run.network.slug, 'narrowing'), numRuns: run.config.runs },
        );
        if (compared === 0) run.skip('no pair of filters got two counts to compare (every pair met an error or an answer without a count)');
      },
    },
  ],
});
