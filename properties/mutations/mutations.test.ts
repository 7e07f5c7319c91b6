import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CheckoutOptionsMarketplace,
  GetCountOfFilteredCollectibles,
  GetNativeTokenBalance,
  GetSwapPrices,
} from '../../src/contract/operations.js';
import { published } from '../json-schema.js';
import { RUNS, SEED } from '../../test/properties/seed.js';
import { MUTATIONS, type InvalidRequest, type MutationName } from './index.js';

const SWAP = published(GetSwapPrices.request);
const COUNT = published(GetCountOfFilteredCollectibles.request);
const BALANCE = published(GetNativeTokenBalance.request);
const CHECKOUT = published(CheckoutOptionsMarketplace.request);
const CHECKOUT_BODY = Object.freeze({
  wallet: `0x${'1'.repeat(40)}`,
  orders: Object.freeze([Object.freeze({ contractAddress: `0x${'2'.repeat(40)}`, orderId: '7' })]),
  additionalFee: 250,
});
const SWAP_BODY = Object.freeze({
  userAddress: `0x${'1'.repeat(40)}`,
  buyCurrencyAddress: `0x${'2'.repeat(40)}`,
  buyAmount: '100',
  chainId: 137,
});
const COUNT_BODY = Object.freeze({
  side: 'listing',
  filter: Object.freeze({ includeEmpty: true, properties: Object.freeze([Object.freeze({ name: 'level', type: 'INT', min: 1, max: 5 })]) }),
});

function outputs(name: MutationName, body: Record<string, unknown>, schema = SWAP): InvalidRequest[] {
  const arbitrary = MUTATIONS[name].mutate(body, schema);
  if (!arbitrary) throw new Error(`${name} found nothing to act on`);
  return fc.sample(arbitrary, { seed: SEED, numRuns: 200 });
}

describe('mutations', () => {
  it('never alter the valid body they are given (bodies above are frozen)', () => {
    for (const name of Object.keys(MUTATIONS) as MutationName[]) {
      if (MUTATIONS[name].mutate(SWAP_BODY, SWAP)) outputs(name, SWAP_BODY);
      outputs(name, COUNT_BODY, COUNT);
    }
  });

  it('change-field-type: a number for an amount needs no refusal (a bare JSON integer is a valid BigInt), any other change SHOULD be refused', () => {
    for (const invalid of outputs('change-field-type', SWAP_BODY)) {
      const amountAsNumber = invalid.path === '/buyAmount' && typeof (invalid.body as Record<string, unknown>)['buyAmount'] === 'number';
      expect(invalid.refusal).toBe(amountAsNumber ? 'none' : 'SHOULD');
    }
    expect(outputs('change-field-type', SWAP_BODY).some((i) => i.refusal === 'none')).toBe(true);
  });

  it('change-field-type: never null, never a type the field allows', () => {
    for (const invalid of outputs('change-field-type', SWAP_BODY)) {
      const value = (invalid.body as Record<string, unknown>)[invalid.path!.slice(1)];
      expect(value).not.toBeNull();
      expect(typeof value).not.toBe(typeof (SWAP_BODY as Record<string, unknown>)[invalid.path!.slice(1)]);
    }
  });

  it('nested-wrong-value: only inside the body, null or a wrong type, null only where the schema refuses it', () => {
    const found = outputs('nested-wrong-value', COUNT_BODY, COUNT);
    const paths = new Set(found.map((i) => i.path));
    expect(paths).toContain('/filter/properties/0');
    expect(paths).toContain('/filter/properties/0/min');
    for (const invalid of found) expect(invalid.path!.split('/').length).toBeGreaterThan(2);
    const at = (i: InvalidRequest) =>
      i
        .path!.split('/')
        .slice(1)
        .reduce<unknown>((c, seg) => (c as Record<string, unknown>)[seg], i.body);
    expect(found.some((i) => i.path === '/filter/properties/0' && at(i) === null && i.refusal === 'none')).toBe(true);
    expect(found.some((i) => i.path === '/filter/properties/0' && typeof at(i) === 'number' && i.refusal === 'SHOULD')).toBe(true);
    // min is "number or null": a null there is no mistake, only a wrong type is.
    for (const invalid of found.filter((i) => i.path === '/filter/properties/0/min')) expect(at(invalid)).not.toBeNull();
    const checkout = outputs('nested-wrong-value', CHECKOUT_BODY, CHECKOUT);
    expect(checkout.some((i) => i.path === '/orders/0' && typeof at(i) === 'number')).toBe(true);
    expect(MUTATIONS['nested-wrong-value'].mutate(SWAP_BODY, SWAP)).toBeUndefined();
  });

  it('remove-required-field: finds includeEmpty, name and type, and nothing in a body without them', () => {
    const paths = new Set(outputs('remove-required-field', COUNT_BODY, COUNT).map((i) => i.path));
    expect([...paths].sort()).toEqual(['/filter/includeEmpty', '/filter/properties/0/name', '/filter/properties/0/type']);
    expect(MUTATIONS['remove-required-field'].mutate({ side: 'listing' }, COUNT)).toBeUndefined();
    expect(MUTATIONS['remove-required-field'].mutate({ accountAddress: `0x${'1'.repeat(40)}` }, BALANCE)).toBeUndefined();
  });

  it('add-unknown-field: never a name a server would read as a declared field (keys match ignoring case)', () => {
    const declared = new Set(Object.keys(SWAP.properties ?? {}).map((k) => k.toLowerCase()));
    for (const invalid of outputs('add-unknown-field', SWAP_BODY)) {
      expect(declared.has(invalid.path!.slice(1).toLowerCase())).toBe(false);
    }
  });

  it('unknown-enum-value: outside the set, sometimes the wrong case of a known value', () => {
    const values = outputs('unknown-enum-value', COUNT_BODY, COUNT).map((i) => JSON.stringify(i.body));
    expect(values.some((v) => v.includes('"LISTING"') || v.includes('"int"'))).toBe(true);
  });

  it('negative-or-fractional-integer: a range bound only gets fractions, an ID or chain ID also negatives', () => {
    for (const invalid of outputs('negative-or-fractional-integer', COUNT_BODY, COUNT)) {
      const value = invalid
        .path!.split('/')
        .slice(1)
        .reduce<unknown>((c, s) => (c as Record<string, unknown>)[s], invalid.body);
      expect(Number.isInteger(value)).toBe(false);
    }
    expect(outputs('negative-or-fractional-integer', SWAP_BODY).some((i) => ((i.body as Record<string, number>)['chainId'] ?? 0) < 0)).toBe(
      true,
    );
  });

  it('negative-or-fractional-integer: additionalFee (a Go int) only gets fractions, never a negative whole number', () => {
    const found = outputs('negative-or-fractional-integer', CHECKOUT_BODY, CHECKOUT);
    expect(found.length).toBeGreaterThan(0);
    for (const invalid of found) {
      expect(invalid.path).toBe('/additionalFee');
      expect(Number.isInteger((invalid.body as Record<string, unknown>)['additionalFee'])).toBe(false);
      expect(invalid.refusal).toBe('SHOULD');
    }
  });

  it('malformed-json: every variant, none of them JSON, also for an empty object', () => {
    for (const body of [SWAP_BODY, {}]) {
      const found = outputs('malformed-json', body);
      expect(new Set(found.map((i) => i.detail.split(':')[0]))).toEqual(
        new Set(['truncated', 'trailing-garbage', 'single-quotes', 'empty']),
      );
      for (const invalid of found) expect(() => JSON.parse(invalid.rawBody!)).toThrow();
    }
  });

  it('malformed-json: a truncated body never cuts a surrogate pair in half (half a pair cannot be sent as UTF-8)', () => {
    const astral = { name: '\u{10536}\u{1D160}\u{16827}\u{10536}\u{1D160}\u{16827}' };
    const truncated = outputs('malformed-json', astral).filter((i) => i.detail.startsWith('truncated'));
    expect(truncated.length).toBeGreaterThan(20);
    for (const invalid of truncated) {
      expect(invalid.rawBody!.isWellFormed(), invalid.detail).toBe(true);
      expect(() => JSON.parse(invalid.rawBody!)).toThrow();
    }
  });

  it('non-object-body: null needs no refusal (Go decodes it as {}), arrays and scalars SHOULD be refused', () => {
    const found = outputs('non-object-body', SWAP_BODY);
    expect(found.some((i) => i.body === null && i.refusal === 'none')).toBe(true);
    expect(found.filter((i) => i.body !== null).every((i) => i.refusal === 'SHOULD')).toBe(true);
    expect(new Set(found.map((i) => (Array.isArray(i.body) ? 'array' : i.body === null ? 'null' : typeof i.body)))).toEqual(
      new Set(['array', 'string', 'number', 'boolean', 'null']),
    );
  });

  it('each mutation states the sentence its refusal rests on', () => {
    for (const mutation of Object.values(MUTATIONS)) expect(mutation.basis).toMatch(/(interface|wire-facts)\.md §/);
  });

  it('are reproducible for a seed', () => {
    for (const name of Object.keys(MUTATIONS) as MutationName[]) {
      const arbitrary = MUTATIONS[name].mutate(COUNT_BODY, COUNT);
      if (arbitrary) expect(fc.sample(arbitrary, { seed: 3, numRuns: RUNS })).toEqual(fc.sample(arbitrary, { seed: 3, numRuns: RUNS }));
    }
  });
});
