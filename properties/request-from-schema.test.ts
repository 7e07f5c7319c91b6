import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractSchemaFiles } from '../src/contract/schema-files.js';
import { CollectiblesFilter, PropertyFilterInput } from '../src/contract/resources.js';
import { GetFloorOrder, RemoveAudienceContacts } from '../src/contract/operations.js';
import { MARKETPLACE_KINDS } from '../src/contract/enums.js';
import { validators } from '../src/validation/validators.js';
import { requestFromSchema } from './request-from-schema.js';
import { RUNS, SEED } from '../test/properties/seed.js';

/** Every closed request schema the contract publishes: operation requests and the request resources. */
const REQUEST_SCHEMAS = contractSchemaFiles().filter(({ schema }) => schema['additionalProperties'] === false);

describe('requestFromSchema()', () => {
  it.each(REQUEST_SCHEMAS.map(({ file, schema }) => [file, schema] as const))('%s: every document passes must and should', (_, schema) => {
    fc.assert(
      fc.property(requestFromSchema(schema), (doc) => {
        expect(validators().must(schema.$id!, doc)).toEqual([]);
        expect(validators().should(schema.$id!, doc, 'request')).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('keeps required fields always and optional fields sometimes', () => {
    const docs = fc.sample(requestFromSchema(CollectiblesFilter), { seed: SEED, numRuns: 200 }) as Record<string, unknown>[];
    expect(docs.every((d) => 'includeEmpty' in d)).toBe(true);
    expect(docs.some((d) => 'searchText' in d)).toBe(true);
    expect(docs.some((d) => !('searchText' in d))).toBe(true);
  });

  it('`always` names every field, `never` only the required ones', () => {
    const fields = Object.keys(CollectiblesFilter.properties).sort();
    for (const d of fc.sample(requestFromSchema(CollectiblesFilter, { optionalFields: 'always' }), { seed: SEED, numRuns: 20 })) {
      expect(Object.keys(d as object).sort()).toEqual(fields);
    }
    for (const d of fc.sample(requestFromSchema(PropertyFilterInput, { optionalFields: 'never' }), { seed: SEED, numRuns: 20 })) {
      expect(Object.keys(d as object).sort()).toEqual(['name', 'type']);
    }
  });

  it('resolves $ref into the referenced schema', () => {
    const docs = fc.sample(requestFromSchema(GetFloorOrder.request, { optionalFields: 'always' }), { seed: SEED, numRuns: 20 }) as {
      filter: Record<string, unknown>;
    }[];
    for (const d of docs) expect(typeof d.filter['includeEmpty']).toBe('boolean');
  });

  it('keeps arrays short, and honours the array bounds', () => {
    const short = fc.sample(requestFromSchema(RemoveAudienceContacts.request, { optionalFields: 'always' }), {
      seed: SEED,
      numRuns: 100,
    }) as { contactIds: number[] }[];
    expect(Math.max(...short.map((d) => d.contactIds.length))).toBe(3);
    const bounded = fc.sample(
      requestFromSchema(RemoveAudienceContacts.request, { optionalFields: 'always', minArrayLength: 1, maxArrayLength: 1 }),
      { seed: SEED, numRuns: 20 },
    ) as { contactIds: number[] }[];
    expect(bounded.every((d) => d.contactIds.length === 1)).toBe(true);
  });

  it('draws closed enums over every value', () => {
    const seen = new Set<unknown>();
    const docs = fc.sample(requestFromSchema(CollectiblesFilter, { optionalFields: 'always', minArrayLength: 3 }), {
      seed: SEED,
      numRuns: 200,
    });
    for (const d of docs as { marketplaces: string[] }[]) d.marketplaces.forEach((m) => seen.add(m));
    expect([...seen].sort()).toEqual([...MARKETPLACE_KINDS].sort());
  });

  it('makes request numbers small non-negative integers', () => {
    const docs = fc.sample(requestFromSchema(RemoveAudienceContacts.request, { optionalFields: 'always' }), {
      seed: SEED,
      numRuns: 100,
    }) as Record<string, number | number[]>[];
    for (const value of docs.flatMap((d) => Object.values(d).flat())) {
      expect(Number.isInteger(value) && value >= 0).toBe(true);
    }
  });

  it('treats "x or null" as x', () => {
    const docs = fc.sample(requestFromSchema(PropertyFilterInput, { optionalFields: 'always' }), { seed: SEED, numRuns: 50 }) as Record<
      string,
      unknown
    >[];
    expect(docs.every((d) => typeof d['min'] === 'number' && typeof d['max'] === 'number')).toBe(true);
  });

  it('rejects an impossible array range', () => {
    expect(() => requestFromSchema(CollectiblesFilter, { minArrayLength: 4, maxArrayLength: 3 })).toThrow(RangeError);
  });
});
