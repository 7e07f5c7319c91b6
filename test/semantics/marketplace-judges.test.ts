/**
 * The pure judges behind the Marketplace and Metadata meaning checks: each rule holds on a conformant answer,
 * is found on a broken one, and is left undecided (skipped, never passed) when the answer gives nothing to
 * judge — including fields that are absent, null or of the wrong type (response-schema's findings).
 */
import { describe, expect, it } from 'vitest';
import { checkoutOptionsDifference, judgeSameOptions } from '../../src/semantics/checkout-options.js';
import { judgeHonoursFilter, judgeNotBelowFiltered } from '../../src/semantics/highest-listing-rules.js';
import { sameAddress, sameTokenId } from '../../src/semantics/identifiers.js';
import { filterMismatches, passesFilter } from '../../src/semantics/listing-filter.js';
import {
  judgeIsListing,
  judgeNotAbove,
  judgeOfCollectible,
  judgeOrderChainIds,
  judgeOrdersOfCollection,
} from '../../src/semantics/order-rules.js';
import { floorOrderIn, ordersInAnswer, singleOrderIn } from '../../src/semantics/orders.js';
import { comparePrices } from '../../src/semantics/prices.js';
import { asClause, judgeIntRanges, judgeStringFilters } from '../../src/semantics/property-filters.js';
import { judgeSignatureChainIds, judgeStepsWellFormed, stepKinds } from '../../src/semantics/steps.js';

const isUndecided = (j: unknown) => typeof j === 'object' && j !== null && 'undecided' in j;
const COLLECTION = '0xAbC0000000000000000000000000000000000001';
const USDC = '0xc0c0000000000000000000000000000000000001';
const WETH = '0xeeee000000000000000000000000000000000002';
const MAKER = '0x1111111111111111111111111111111111111111';
const listing = (fields: Record<string, unknown> = {}) => ({
  side: 'listing',
  chainId: 137,
  collectionContractAddress: COLLECTION.toLowerCase(),
  tokenId: '7',
  createdBy: MAKER,
  marketplace: 'opensea',
  priceAmount: '1000000000000000000000',
  priceCurrencyAddress: WETH,
  ...fields,
});
const at = (pointer: string, order: Record<string, unknown>) => ({ pointer, order });

describe('identifiers and prices', () => {
  it('addresses in any case and token IDs as integers', () => {
    expect(sameAddress(COLLECTION, COLLECTION.toLowerCase())).toBe(true);
    expect(sameTokenId('007', '7')).toBe(true);
    expect(sameTokenId('abc', 'ABC')).toBe(false);
  });

  it('compares prices only as decimal integers in one currency, beyond 2^53', () => {
    expect(
      comparePrices(
        { priceAmount: '9007199254740993', priceCurrencyAddress: WETH },
        { priceAmount: '9007199254740992', priceCurrencyAddress: WETH.toUpperCase().replace('0X', '0x') },
      ),
    ).toMatchObject({ comparable: true, a: 9007199254740993n, b: 9007199254740992n });
    expect(comparePrices({ priceAmount: '1', priceCurrencyAddress: WETH }, { priceAmount: '1', priceCurrencyAddress: USDC })).toMatchObject(
      { comparable: false },
    );
    expect(
      comparePrices({ priceAmount: '1.5', priceCurrencyAddress: WETH }, { priceAmount: '1', priceCurrencyAddress: WETH }),
    ).toMatchObject({ comparable: false });
    expect(comparePrices({ priceAmount: '1' }, { priceAmount: '1', priceCurrencyAddress: WETH })).toMatchObject({ comparable: false });
  });
});

describe('orders in answers', () => {
  const floor = { collectible: { order: listing(), listing: listing(), offer: listing({ side: 'offer' }) } };

  it('finds them where the document puts them', () => {
    expect(ordersInAnswer(floor).map((o) => o.pointer)).toEqual(['/collectible/order', '/collectible/listing', '/collectible/offer']);
    expect(floorOrderIn(floor)?.pointer).toBe('/collectible/order');
    expect(singleOrderIn({ order: listing() })?.pointer).toBe('/order');
    expect(ordersInAnswer({ collectible: null })).toEqual([]);
  });

  it('chainId is the network chain, judged only where it is a number', () => {
    expect(judgeOrderChainIds(floor, 137)).toBe('holds');
    expect(judgeOrderChainIds({ collectible: { ...floor.collectible, offer: listing({ chainId: 1 }) } }, 137)).toMatchObject({
      finding: { pointer: '/collectible/offer/chainId', expected: 137, actual: 1 },
    });
    expect(isUndecided(judgeOrderChainIds({ order: listing({ chainId: '1' }) }, 137))).toBe(true);
    expect(isUndecided(judgeOrderChainIds({ order: null }, 137))).toBe(true);
  });

  it('the requested collection and token, compared as identifiers', () => {
    expect(judgeOrdersOfCollection(ordersInAnswer(floor), COLLECTION, 'x')).toBe('holds');
    expect(judgeOrdersOfCollection([at('/order', listing({ collectionContractAddress: WETH }))], COLLECTION, 'x')).toMatchObject({
      finding: { pointer: '/order/collectionContractAddress' },
    });
    expect(judgeOfCollectible(at('/order', listing()), COLLECTION, '0007', 'x')).toBe('holds');
    expect(judgeOfCollectible(at('/order', listing({ tokenId: '8' })), COLLECTION, '7', 'x')).toMatchObject({
      finding: { pointer: '/order/tokenId' },
    });
    expect(isUndecided(judgeOfCollectible(at('/order', { side: 'listing' }), COLLECTION, '7', 'x'))).toBe(true);
  });

  it('a listing, judged only on OrderSide values', () => {
    expect(judgeIsListing(at('/order', listing()), 'x')).toBe('holds');
    expect(judgeIsListing(at('/order', listing({ side: 'offer' })), 'x')).toMatchObject({
      finding: { pointer: '/order/side', actual: 'offer' },
    });
    expect(isUndecided(judgeIsListing(at('/order', listing({ side: 'sell' })), 'x'))).toBe(true);
    expect(isUndecided(judgeIsListing(undefined, 'x'))).toBe(true);
  });

  it('not priced above another order, or absent beside it when that is a finding', () => {
    const cheap = at('/collectible/order', listing({ priceAmount: '5' }));
    const dear = at('/order', listing({ priceAmount: '6' }));
    const text = { message: 'm', absent: 'none', absentIsFinding: true };
    expect(judgeNotAbove(cheap, dear, text)).toBe('holds');
    expect(judgeNotAbove(dear, cheap, text)).toMatchObject({ finding: { pointer: '/order/priceAmount' } });
    expect(judgeNotAbove(cheap, undefined, text)).toMatchObject({ finding: { pointer: '/collectible/order' } });
    expect(isUndecided(judgeNotAbove(cheap, undefined, { ...text, absentIsFinding: false }))).toBe(true);
    expect(isUndecided(judgeNotAbove(dear, at('/order', listing({ priceAmount: '1', priceCurrencyAddress: USDC })), text))).toBe(true);
  });
});

describe('the highest listing under a filter', () => {
  const top = at('/order', listing());

  it('a filter keeps what its lists name; an absent or empty list is no clause', () => {
    expect(
      filterMismatches(top.order, { createdBy: [MAKER.toUpperCase().replace('0X', '0x')], marketplace: [], currencies: [USDC, WETH] }),
    ).toEqual([]);
    expect(filterMismatches(top.order, { marketplace: ['blur'] })).toMatchObject([{ clause: 'marketplace', field: 'marketplace' }]);
    expect(passesFilter({ side: 'listing' }, { createdBy: [MAKER] })).toBeUndefined();
  });

  it('a filtered answer passes its filter, and a filter that keeps the top still finds it at its price', () => {
    expect(judgeHonoursFilter(top, { createdBy: [MAKER] }, top)).toBe('holds');
    expect(judgeHonoursFilter(top, { createdBy: [USDC] }, top)).toMatchObject({ finding: { pointer: '/order/createdBy' } });
    expect(judgeHonoursFilter(top, { createdBy: [MAKER] }, undefined)).toMatchObject({ finding: { pointer: '/order' } });
    expect(judgeHonoursFilter(top, { createdBy: [MAKER] }, at('/order', listing({ priceAmount: '1' })))).toMatchObject({
      finding: { pointer: '/order/priceAmount' },
    });
    expect(isUndecided(judgeHonoursFilter(top, { createdBy: [USDC] }, undefined))).toBe(true);
  });

  it('no filtered answer is above the unfiltered one, nor found where the unfiltered found none', () => {
    expect(judgeNotBelowFiltered(top, { marketplace: ['opensea'] }, at('/order', listing({ priceAmount: '1' })))).toBe('holds');
    expect(
      judgeNotBelowFiltered(top, { marketplace: ['opensea'] }, at('/order', listing({ priceAmount: '1000000000000000000001' }))),
    ).toMatchObject({ finding: { pointer: '/order/priceAmount' } });
    expect(judgeNotBelowFiltered(undefined, { marketplace: ['opensea'] }, top)).toMatchObject({ finding: { pointer: '/order' } });
    expect(isUndecided(judgeNotBelowFiltered(top, { marketplace: ['blur'] }, undefined))).toBe(true);
  });
});

describe('steps', () => {
  const tx = { id: 'sell', to: MAKER, data: '0xa22cb465', value: '0' };
  const signature = {
    id: 'signEIP712',
    data: '',
    to: '',
    signature: {
      domain: { name: 'x', version: '1', chainId: 137, verifyingContract: MAKER },
      types: { Cancel: [{ name: 'a', type: 'uint256' }] },
      primaryType: 'Cancel',
      value: { a: '1' },
    },
    post: { endpoint: 'https://orders.invalid/cancel', method: 'POST', body: {} },
  };

  it('classifies by the parts present, blank zero values counting as absent', () => {
    expect(stepKinds(tx)).toEqual(['transaction']);
    expect(stepKinds(signature)).toEqual(['signature', 'post']);
    expect(stepKinds({ id: 'unknown', to: '', data: '', signature: null, post: { endpoint: '', method: '' } })).toEqual([]);
  });

  it('each part is complete', () => {
    expect(judgeStepsWellFormed({ steps: [tx, signature] })).toBe('holds');
    expect(judgeStepsWellFormed({ steps: [tx, { ...tx, data: undefined }] })).toMatchObject({ finding: { pointer: '/steps/1/data' } });
    expect(judgeStepsWellFormed({ steps: [{ ...signature, signature: { ...signature.signature, primaryType: 'Order' } }] })).toMatchObject({
      finding: { pointer: '/steps/0/signature/types' },
    });
    expect(judgeStepsWellFormed({ steps: [{ ...signature, post: { endpoint: 'https://x.invalid', method: '' } }] })).toMatchObject({
      finding: { pointer: '/steps/0/post/method' },
    });
    expect(judgeStepsWellFormed({ steps: [{ id: 'unknown' }] })).toMatchObject({ finding: { pointer: '/steps/0' } });
    expect(isUndecided(judgeStepsWellFormed({ steps: [] }))).toBe(true);
  });

  it('a signEIP191 step is a message to sign: text in data and an empty to, not a transaction', () => {
    const message = { id: 'signEIP191', data: 'parent wallet with address 0xabc', to: '', value: '', price: '' };
    expect(stepKinds(message)).toEqual(['message']);
    expect(judgeStepsWellFormed({ steps: [message] })).toBe('holds');
    expect(judgeStepsWellFormed({ steps: [{ ...message, data: '0x48656c6c6f' }] })).toBe('holds');
    expect(judgeStepsWellFormed({ steps: [{ ...message, data: '' }] })).toMatchObject({
      finding: { pointer: '/steps/0/data', message: expect.stringContaining('signEIP191') },
    });
    // Any other step with such fields is still a transaction that lacks its address.
    expect(judgeStepsWellFormed({ steps: [{ ...message, id: 'sell' }] })).toMatchObject({ finding: { pointer: '/steps/0/to' } });
  });

  it('free JSON: types as a string holding JSON and value as a string or array complete a signature request; an empty value does not', () => {
    const sig = signature.signature;
    const asText = { ...signature, signature: { ...sig, types: JSON.stringify(sig.types), value: JSON.stringify(sig.value) } };
    expect(judgeStepsWellFormed({ steps: [asText] })).toBe('holds');
    expect(judgeStepsWellFormed({ steps: [{ ...signature, signature: { ...sig, value: ['1'] } }] })).toBe('holds');
    expect(judgeStepsWellFormed({ steps: [{ ...signature, signature: { ...sig, value: '' } }] })).toMatchObject({
      finding: { pointer: '/steps/0/signature/value' },
    });
    expect(judgeStepsWellFormed({ steps: [{ ...signature, signature: { ...sig, types: 'not JSON' } }] })).toMatchObject({
      finding: { pointer: '/steps/0/signature/types' },
    });
  });

  it("a signature request's domain names the network's chain", () => {
    expect(judgeSignatureChainIds({ steps: [tx, signature] }, 137)).toBe('holds');
    expect(
      judgeSignatureChainIds({ steps: [{ ...signature, signature: { ...signature.signature, domain: { chainId: '1' } } }] }, 137),
    ).toMatchObject({ finding: { pointer: '/steps/0/signature/domain/chainId' } });
    expect(isUndecided(judgeSignatureChainIds({ steps: [tx] }, 137))).toBe(true);
    expect(
      isUndecided(
        judgeSignatureChainIds(
          { steps: [{ ...signature, signature: { ...signature.signature, domain: { name: 'ETHAuth', chainId: 0 } } }] },
          137,
        ),
      ),
    ).toBe(true);
  });
});

describe('checkout options', () => {
  it('lists are sets; null, absent and [] are one', () => {
    expect(
      checkoutOptionsDifference(
        { crypto: 'all', swap: ['zerox', 'lifi'], onRamp: null },
        { crypto: 'all', swap: ['lifi', 'zerox'], onRamp: [] },
      ),
    ).toBeUndefined();
    expect(judgeSameOptions({ options: { crypto: 'all' } }, { options: { crypto: 'none' } })).toMatchObject({
      finding: { pointer: '/options/crypto' },
    });
    expect(judgeSameOptions({ options: { nftCheckout: ['sardine'] } }, { options: {} })).toMatchObject({
      finding: { pointer: '/options/nftCheckout' },
    });
    expect(isUndecided(judgeSameOptions({ options: null }, { options: null }))).toBe(true);
  });
});

describe('property filters', () => {
  it("string-type filters have null bounds and list values (interface.md's sentence)", () => {
    expect(
      judgeStringFilters({
        filters: [
          { name: 'c', type: 'STRING', min: null, values: ['red'] },
          { name: 'l', type: 'INT', min: 1, max: 2 },
        ],
      }),
    ).toBe('holds');
    expect(judgeStringFilters({ filters: [{ name: 'c', type: 'STRING', min: 0, max: null, values: ['red'] }] })).toMatchObject({
      finding: { pointer: '/filters/0/min', expected: null, actual: 0 },
    });
    expect(judgeStringFilters({ filters: [{ name: 'c', type: 'STRING', values: null }] })).toMatchObject({
      finding: { pointer: '/filters/0/values' },
    });
    expect(isUndecided(judgeStringFilters({ filters: [{ name: 'l', type: 'INT' }] }))).toBe(true);
  });

  it('INT ranges are in order, judged where both bounds are numbers', () => {
    expect(judgeIntRanges({ filters: [{ name: 'l', type: 'INT', min: 3, max: 3 }] })).toBe('holds');
    expect(judgeIntRanges({ filters: [{ name: 'l', type: 'INT', min: 4, max: 3 }] })).toMatchObject({
      finding: { pointer: '/filters/0/min' },
    });
    expect(isUndecided(judgeIntRanges({ filters: [{ name: 'l', type: 'INT', min: null, max: 3 }] }))).toBe(true);
  });

  it('a returned filter becomes a closed request clause, nulls dropped', () => {
    expect(asClause({ name: 'l', type: 'INT', min: 1, max: 9, values: null, extra: true })).toEqual({
      name: 'l',
      type: 'INT',
      min: 1,
      max: 9,
    });
    expect(asClause({ name: 'c', type: 'STRING', min: null, max: null, values: ['red'] })).toEqual({
      name: 'c',
      type: 'STRING',
      values: ['red'],
    });
    expect(asClause({ name: 'c', type: 'COLOUR' })).toBeUndefined();
  });
});
