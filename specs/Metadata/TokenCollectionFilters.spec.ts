import { IF } from '../../src/checks/catalogue-types.js';
import { GetCountOfFilteredCollectibles, TokenCollectionFilters } from '../../src/contract/index.js';
import { describeOperation, grounded, show, ungrounded } from '../../src/harness/index.js';
import { samplesHere } from '../../src/harness/profile.js';
import { settle } from '../../src/harness/drivers/settle.js';
import { asClause, filtersInAnswer, judgeIntRanges, judgeStringFilters } from '../../src/semantics/property-filters.js';

describeOperation({
  op: TokenCollectionFilters,
  example: ({ session, network, generated }) => {
    const collection = session.fixtures?.collection;
    if (!collection) return ungrounded(generated(), 'no collection in the fixtures for this network');
    return grounded({ chainId: String(network.chainId), contractAddress: collection.address });
  },
  checks: [
    {
      id: 'string-filter-values-without-range',
      level: 'MUST',
      area: 'semantics',
      title: 'A STRING filter has null (or absent) min and max and lists its values',
      basis: `${IF} §TokenCollectionFilters: "For string-type filters min and max are null and values lists the property values present"`,
      async run(run) {
        const { json } = await run.example();
        settle(run, judgeStringFilters(json));
      },
    },
    {
      id: 'int-filter-min-not-above-max',
      level: 'MUST',
      area: 'semantics',
      title: "An INT filter's min is not above its max",
      basis: `${IF} §What the service does: "list the property filters (name, type, allowed values or range) that exist for a token collection": a range whose min is above its max allows no value, yet the filter exists because the collection has values of that property`,
      async run(run) {
        const { json } = await run.example();
        settle(run, judgeIntRanges(json));
      },
    },
    // Cross-operation: a count for each listed value of the first STRING filters, bounded so a long list costs
    // a few requests only.
    {
      id: 'string-filter-values-present',
      level: 'SHOULD',
      area: 'semantics',
      title:
        'Each value a STRING filter lists matches a collectible: GetCountOfFilteredCollectibles (includeEmpty true) with that value alone counts at least one (up to 3 filters × 4 values)',
      basis: `${IF} §TokenCollectionFilters: "For string-type filters min and max are null and values lists the property values present" — a value present in the collection is carried by a collectible, which a count of "collectibles that match a filter" finds; what includeEmpty and side leave out is not shown, so a count of 0 is a SHOULD finding`,
      needs: ['collection'],
      async run(run) {
        const { body, json } = await run.example();
        const { contractAddress } = body;
        const strings = filtersInAnswer(json).filter(({ filter }) => filter['type'] === 'STRING' && typeof filter['name'] === 'string');
        const probes = strings
          .slice(0, 3)
          .flatMap(({ pointer, filter }) =>
            (Array.isArray(filter['values']) ? filter['values'] : [])
              .slice(0, 4)
              .map((value, i) => ({ pointer: `${pointer}/values/${i}`, name: filter['name'] as string, value })),
          );
        if (probes.length === 0) run.skip('the answer has no STRING filter with values');
        // The quick profile counts one value away from the operation's home network.
        const sampled = probes.slice(0, samplesHere(run.config, run.session.operationId, run.network?.slug ?? null, probes.length));
        let counted = 0;
        for (const { pointer, name, value } of sampled) {
          const answer = await run.send(
            { side: 'listing', contractAddress, filter: { includeEmpty: true, properties: [{ name, type: 'STRING', values: [value] }] } },
            { op: GetCountOfFilteredCollectibles },
          );
          const count = (answer.json as { count?: unknown } | undefined)?.count;
          if (answer.status !== 200 || typeof count !== 'number') continue;
          counted += 1;
          if (count < 1) {
            run.fail({
              message: `${show(value)}, listed at ${pointer} as a value of the STRING property ${show(name)}, matches no collectible: GetCountOfFilteredCollectibles with that value alone counts 0`,
              pointer,
              expected: 'a value some collectible of the collection has (a count of at least 1)',
              actual: value,
            });
          }
        }
        if (counted === 0) run.skip('GetCountOfFilteredCollectibles gave no count for any listed value');
      },
    },
    // Cross-operation: each returned filter as a property clause of GetCountOfFilteredCollectibles on the
    // Marketplace of the same network (the chain ID of the request stands for the session's slug).
    {
      id: 'returned-filter-narrows-count',
      level: 'MUST',
      area: 'semantics',
      title:
        'A returned filter, fed back into GetCountOfFilteredCollectibles on the same collection and network, gives a count not above the unfiltered one',
      basis: `${IF} §What the service does: "list the property filters ... that exist for a token collection" and "count collectibles that match a filter": a property filter only narrows`,
      needs: ['collection'],
      async run(run) {
        const { body, json } = await run.example();
        const { contractAddress } = body;
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
        const unfiltered = run.lastExchange!;
        let compared = 0;
        for (const { pointer, clause } of clauses) {
          const filtered = await count([clause]);
          if (filtered === undefined) continue;
          compared += 1;
          if (filtered > all) {
            // The finding shows the filtered count; the unfiltered one it is compared with goes with it.
            run.restOn(unfiltered);
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
  ],
});
