/**
 * Counterexamples of invalid requests shrink to the fewest parts: with a predicate that fails on every request,
 * what is left of each operation's mutated bodies holds at most the one array the mutated place sits in, with
 * one item. And the pruning that gets them there never takes the mutated place, its ancestors, an item before
 * it (that would move it) or a field the schema requires.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GetCountOfFilteredCollectibles, OPERATIONS, operationId } from '../src/contract/operations.js';
import { applicableMutations, invalidRequest } from './invalid-request.js';
import { published } from './json-schema.js';
import type { InvalidRequest } from './mutations/mutation.js';
import { prunedOf } from './pruning-shrink.js';

const arraysIn = (value: unknown): number[] =>
  Array.isArray(value)
    ? [value.length, ...value.flatMap(arraysIn)]
    : value !== null && typeof value === 'object'
      ? Object.values(value).flatMap(arraysIn)
      : [];

describe('invalid requests shrink to the fewest parts', () => {
  it('every operation and mutation: at most one non-empty array, of one item', () => {
    for (const op of OPERATIONS)
      for (const mutation of applicableMutations(op))
        for (const seed of [1, 2, 3]) {
          const details = fc.check(
            fc.property(invalidRequest(op, {}, { mutations: [mutation] }), () => false),
            { seed, numRuns: 30 },
          );
          const [request] = details.counterexample as [InvalidRequest];
          const lengths = arraysIn(request.body).filter((n) => n > 0);
          const where = `${operationId(op)} ${mutation} seed ${seed}: ${JSON.stringify(request.body)}`;
          expect(lengths.length, where).toBeLessThanOrEqual(1);
          expect(Math.max(0, ...lengths), where).toBeLessThanOrEqual(1);
        }
  });

  it('prunes neither the mutated place, its ancestors, the items before it, nor a required field', () => {
    const schema = published(GetCountOfFilteredCollectibles.request);
    const body = {
      contractAddress: '0x0000000000000000000000000000000000000001',
      side: 'listing',
      filter: {
        includeEmpty: true,
        properties: [
          { name: 'a', type: 'STRING', values: ['x'] },
          { name: 'b', type: 'STRING', values: ['y', null, 'z'] },
          { name: 'c', type: 'STRING', values: ['w'] },
        ],
        marketplaces: ['sequence_marketplace_v2'],
      },
    };
    const request: InvalidRequest = {
      mutation: 'nested-wrong-value',
      body,
      path: '/filter/properties/1/values/1',
      refusal: 'none',
      schemaBreach: 'must',
      detail: 'a null inside the body',
    };
    const pruned = [...prunedOf(request, schema)];
    const bodies = pruned.map((p) => p.body as typeof body);
    expect(pruned.length).toBeGreaterThan(0);
    for (const p of pruned) {
      expect(p.path).toBe(request.path);
      expect(p.detail).toBe(request.detail);
      const kept = p.body as typeof body;
      // The mutated place and everything on its way stay where the pointer says.
      expect(kept.filter.properties[1]!.values[1]).toBeNull();
      expect(kept.filter.properties[1]!.name).toBe('b');
      // Fields the schema requires stay: a filter's includeEmpty, each property filter's name and type.
      expect(kept.filter.includeEmpty).toBe(true);
      for (const property of kept.filter.properties) expect(Object.keys(property)).toEqual(expect.arrayContaining(['name', 'type']));
    }
    // What may go does go, one part at a time: an optional field, an array elsewhere's item, an item after the place.
    expect(bodies.some((b) => !('marketplaces' in b.filter))).toBe(true);
    expect(bodies.some((b) => !('contractAddress' in b))).toBe(true);
    expect(bodies.some((b) => b.filter.properties.length === 2 && b.filter.properties[1]!.name === 'b')).toBe(true);
    expect(bodies.some((b) => b.filter.properties[1]!.values.length === 2)).toBe(true);
    expect(bodies.some((b) => b.filter.properties[0]!.values?.length === 0)).toBe(true);
    // Raw bodies and requests without a place are left as they are.
    expect([...prunedOf({ ...request, rawBody: '{', body: undefined }, schema)]).toEqual([]);
  });
});
