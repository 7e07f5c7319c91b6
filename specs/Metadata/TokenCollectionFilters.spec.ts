import { GetCountOfFilteredCollectibles, TokenCollectionFilters } from '../../src/contract/index.js';
import { describeOperation, grounded, show, ungrounded } from '../../src/harness/index.js';
import { settle } from '../../src/harness/drivers/settle.js';
import { asClause, filtersInAnswer, judgeIntRanges, judgeStringFilters } from '../../src/semantics/property-filters.js';

describeOperation({
  op: TokenCollectionFilters,
  example: ({ session, generated }) => {
    const collection = session.fixtures?.collection;
    if (!collection || !session.network) return ungrounded(generated(), 'no collection in the fixtures for this network');
    return grounded({ chainId: String(session.network.chainId), contractAddress: collection.address });
  },
  checks: {
    'string-filter-values-without-range': async (run) => {
      const { json } = await run.example();
      settle(run, judgeStringFilters(json));
    },
    'int-filter-min-not-above-max': async (run) => {
      const { json } = await run.example();
      settle(run, judgeIntRanges(json));
    },
    // Cross-operation: each returned filter as a property clause of GetCountOfFilteredCollectibles on the
    // Marketplace of the same network (the chain ID of the request stands for the session's slug).
    'returned-filter-narrows-count': async (run) => {
      const { json, grounded } = await run.example();
      if (!grounded) run.skip('no collection in the fixtures for this network');
      const contractAddress = run.fixtures!.collection!.address;
      const clauses = filtersInAnswer(json).flatMap(({ pointer, filter }) => {
        const clause = asClause(filter);
        return clause ? [{ pointer, clause }] : [];
      });
      if (clauses.length === 0) run.skip('the answer has no filter with a name and a PropertyType');
      const count = async (properties?: unknown[]) => {
        const answer = await run.send(
          { side: 'listing', contractAddress, filter: { includeEmpty: true, ...(properties ? { properties } : {}) } },
          { op: GetCountOfFilteredCollectibles },
        );
        const value = (answer.json as { count?: unknown } | undefined)?.count;
        return answer.status === 200 && typeof value === 'number' ? value : undefined;
      };
      const all = (await count()) ?? run.skip('GetCountOfFilteredCollectibles gave no count for the unfiltered collection');
      let compared = 0;
      for (const { pointer, clause } of clauses) {
        const filtered = await count([clause]);
        if (filtered === undefined) continue;
        compared += 1;
        if (filtered > all) {
          run.fail({
            message: `the filter at ${pointer} (${show(clause)}), fed back into GetCountOfFilteredCollectibles, raised the count of the collection`,
            pointer: '/count',
            expected: `<= ${all}`,
            actual: filtered,
          });
        }
      }
      if (compared === 0) run.skip('GetCountOfFilteredCollectibles gave no count for any returned filter');
    },
  },
});
