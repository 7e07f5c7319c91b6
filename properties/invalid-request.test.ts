import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRecord } from '../src/contract/json-values.js';
import { networkBySlug } from '../src/contract/networks.js';
import { GetFloorOrder, GetNativeTokenBalance, OPERATIONS, operationId, type OperationDef } from '../src/contract/operations.js';
import { validators } from '../src/validation/validators.js';
import { applicableMutations, invalidRequest } from './invalid-request.js';
import { MUTATIONS, MUTATION_NAMES, type InvalidRequest, type MutationName, type Refusal } from './mutations/index.js';
import { RUNS, SEED } from '../test/properties/seed.js';

const CONTEXT = { network: networkBySlug('polygon') };
const RANK: Record<Refusal, number> = { none: 0, SHOULD: 1, MUST: 2 };

/** Every (operation, mutation) pair the contract admits. */
const PAIRS = OPERATIONS.flatMap((op) => applicableMutations(op).map((name) => [`${operationId(op)} ${name}`, op, name] as const));

function assertEach(op: OperationDef, name: MutationName, check: (invalid: InvalidRequest) => void): void {
  fc.assert(
    fc.property(invalidRequest(op, CONTEXT, { mutations: [name] }), (invalid) => {
      check(invalid);
    }),
    { seed: SEED, numRuns: RUNS },
  );
}

describe('invalidRequest()', () => {
  it.each(PAIRS)('%s: the named mutation, at most its refusal level, the schema breach it claims', (_, op, name) => {
    assertEach(op, name, (invalid) => {
      expect(invalid.mutation).toBe(name);
      expect(RANK[invalid.refusal]).toBeLessThanOrEqual(RANK[MUTATIONS[name].refusal]);
      expect(invalid.rawBody === undefined).toBe('body' in invalid);
      if (invalid.rawBody !== undefined) return;
      const must = validators().must(op.request.$id!, invalid.body);
      const should = validators().should(op.request.$id!, invalid.body, 'request');
      if (invalid.schemaBreach === 'must') expect(must).not.toEqual([]);
      else expect(must).toEqual([]);
      if (invalid.schemaBreach === 'should') expect(should).not.toEqual([]);
      if (invalid.schemaBreach === 'none') expect(should).toEqual([]);
    });
  });

  it.each(PAIRS.filter(([, , name]) => ['change-field-type', 'remove-required-field', 'add-unknown-field'].includes(name)))(
    '%s: fails must exactly at the mutated field',
    (_, op, name) => {
      assertEach(op, name, (invalid) => {
        const pointers = validators()
          .must(op.request.$id!, invalid.body)
          .map((issue) => issue.pointer);
        expect(pointers).toContain(invalid.path);
      });
    },
  );

  it.each(PAIRS.filter(([, , name]) => name === 'unknown-enum-value'))(
    '%s: a closed enum fails must, an open one only should',
    (_, op, name) => {
      assertEach(op, name, (invalid) => {
        const issues =
          invalid.schemaBreach === 'must'
            ? validators().must(op.request.$id!, invalid.body)
            : validators().should(op.request.$id!, invalid.body, 'request');
        expect(issues.map((issue) => issue.pointer)).toContain(invalid.path);
      });
    },
  );

  it.each(PAIRS.filter(([, , name]) => name === 'negative-or-fractional-integer'))(
    '%s: a negative or fractional number, which the number-typed schema still admits',
    (_, op, name) => {
      assertEach(op, name, (invalid) => {
        const value = valueAt(invalid.body, invalid.path!);
        expect(typeof value === 'number' && (value < 0 || !Number.isInteger(value))).toBe(true);
        expect(invalid.schemaBreach).toBe('none');
      });
    },
  );

  it.each(PAIRS.filter(([, , name]) => name === 'malformed-json'))('%s: a raw body JSON.parse refuses', (_, op, name) => {
    assertEach(op, name, (invalid) => {
      expect(() => JSON.parse(invalid.rawBody!)).toThrow();
      expect(invalid.refusal).toBe('MUST');
    });
  });

  it.each(PAIRS.filter(([, , name]) => name === 'non-object-body'))('%s: JSON that is not an object', (_, op, name) => {
    assertEach(op, name, (invalid) => {
      const body = invalid.body;
      expect(isRecord(body)).toBe(false);
      expect(JSON.parse(JSON.stringify(body))).toEqual(body);
      expect(invalid.refusal).toBe(body === null ? 'none' : 'SHOULD');
    });
  });

  it('offers every body-independent mutation for every operation', () => {
    for (const op of OPERATIONS) {
      expect(applicableMutations(op)).toEqual(
        expect.arrayContaining(['change-field-type', 'add-unknown-field', 'malformed-json', 'non-object-body']),
      );
    }
  });

  it('offers remove-required-field only where a required field can be present', () => {
    expect(applicableMutations(GetFloorOrder)).toContain('remove-required-field');
    expect(applicableMutations(GetNativeTokenBalance)).not.toContain('remove-required-field');
    expect(() => invalidRequest(GetNativeTokenBalance, {}, { mutations: ['remove-required-field'] })).toThrow(/applies/);
  });

  it('draws from every applicable mutation by default', () => {
    const seen = new Set(fc.sample(invalidRequest(GetFloorOrder, CONTEXT), { seed: SEED, numRuns: 300 }).map((i) => i.mutation));
    expect([...seen].sort()).toEqual([...MUTATION_NAMES].sort());
  });

  it('is reproducible for a seed', () => {
    for (const op of OPERATIONS) {
      expect(fc.sample(invalidRequest(op, CONTEXT), { seed: 11, numRuns: 20 })).toEqual(
        fc.sample(invalidRequest(op, CONTEXT), { seed: 11, numRuns: 20 }),
      );
    }
    expect(fc.sample(invalidRequest(GetFloorOrder), { seed: 11, numRuns: 20 })).not.toEqual(
      fc.sample(invalidRequest(GetFloorOrder), { seed: 12, numRuns: 20 }),
    );
  });
});

function valueAt(document: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((current, segment) => (current as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')], document);
}
