import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GetHighestPriceListingForCollectible } from '../src/contract/operations.js';
import { validators } from '../src/validation/validators.js';
import { listingFilter } from './listing-filter.js';
import { RUNS, SEED } from '../test/properties/seed.js';

const OWN = {
  createdBy: '0x1111111111111111111111111111111111111111',
  marketplace: 'opensea',
  currency: '0x2222222222222222222222222222222222222222',
};

describe('listingFilter()', () => {
  it('gives filters with at least one non-empty clause that pass the request schema', () => {
    for (const matching of [OWN, {}]) {
      fc.assert(
        fc.property(listingFilter({ matching }), (filter) => {
          expect(Object.keys(filter).length).toBeGreaterThan(0);
          for (const list of Object.values(filter)) expect(list.length).toBeGreaterThan(0);
          const body = { contractAddress: '0x3333333333333333333333333333333333333333', tokenId: '1', filter };
          expect(validators().must(GetHighestPriceListingForCollectible.request.$id!, body)).toEqual([]);
          expect(validators().should(GetHighestPriceListingForCollectible.request.$id!, body, 'request')).toEqual([]);
          expect(filter.marketplace ?? []).not.toContain('unknown');
        }),
        { seed: SEED, numRuns: RUNS },
      );
    }
  });

  it("keeps the listing's own values and excludes them, clause by clause", () => {
    const filters = fc.sample(listingFilter({ matching: OWN }), { seed: SEED, numRuns: 300 });
    const own = { createdBy: OWN.createdBy, marketplace: OWN.marketplace, currencies: OWN.currency };
    for (const clause of ['createdBy', 'marketplace', 'currencies'] as const) {
      const lists = filters.flatMap((f) => (f[clause] ? [f[clause]] : []));
      expect(
        lists.some((l) => l.length === 1 && l[0] === own[clause]),
        clause,
      ).toBe(true);
      expect(
        lists.some((l) => !l.includes(own[clause])),
        clause,
      ).toBe(true);
      expect(
        lists.some((l) => l.length === 2 && l.includes(own[clause])),
        clause,
      ).toBe(true);
    }
  });

  it('keeps the listing about half the time', () => {
    const filters = fc.sample(listingFilter({ matching: OWN }), { seed: SEED, numRuns: 400 });
    const own = { createdBy: OWN.createdBy, marketplace: OWN.marketplace, currencies: OWN.currency };
    const keeping = filters.filter((f) =>
      (['createdBy', 'marketplace', 'currencies'] as const).every((c) => !f[c] || f[c].includes(own[c])),
    );
    expect(keeping.length / filters.length).toBeGreaterThan(0.35);
    expect(keeping.length / filters.length).toBeLessThan(0.65);
  });

  it('only excludes when nothing is known', () => {
    for (const filter of fc.sample(listingFilter(), { seed: SEED, numRuns: 100 })) {
      for (const list of Object.values(filter)) expect(list).toHaveLength(1);
    }
  });
});

describe('a failing listing filter shrinks to the fewest values', () => {
  const ownOf = (clause: string): string =>
    clause === 'createdBy' ? OWN.createdBy : clause === 'marketplace' ? OWN.marketplace : OWN.currency;
  const keeps = (filter: Record<string, readonly string[]>): boolean =>
    Object.entries(filter).every(([clause, values]) => values.includes(ownOf(clause)));

  it("to one clause naming one value, whether the failure needs the listing's own value or another", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      for (const failsWhen of [keeps, (f: Record<string, readonly string[]>) => !keeps(f)]) {
        const details = fc.check(
          fc.property(listingFilter({ matching: OWN }), (filter) => !failsWhen(filter as Record<string, readonly string[]>)),
          { seed, numRuns: 60 },
        );
        expect(details.failed).toBe(true);
        const [filter] = details.counterexample as [Record<string, readonly string[]>];
        expect(Object.keys(filter), JSON.stringify(filter)).toHaveLength(1);
        for (const values of Object.values(filter)) expect(values, JSON.stringify(filter)).toHaveLength(1);
      }
    }
  });
});
