/** Prices in two currencies compared by priceUSD, and the floor judged against other tokens' listings. */
import { describe, expect, it } from 'vitest';
import { judgeFloorAgainstListing, tokensToSample } from '../../src/semantics/floor-rules.js';
import { judgeNotBelowFiltered } from '../../src/semantics/highest-listing-rules.js';
import { pricedAbove } from '../../src/semantics/prices.js';

const USDC = '0xc0c0000000000000000000000000000000000001';
const WETH = '0xeeee000000000000000000000000000000000002';
const order = (fields: Record<string, unknown>) => ({ side: 'listing', tokenId: '7', ...fields });
const at = (pointer: string, fields: Record<string, unknown>) => ({ pointer, order: order(fields) });

describe('pricedAbove', () => {
  it('compares one currency exactly and two currencies by priceUSD beyond a rounding tolerance', () => {
    expect(pricedAbove({ priceAmount: '11', priceCurrencyAddress: USDC }, { priceAmount: '10', priceCurrencyAddress: USDC })).toMatchObject(
      { comparable: true, above: true, basis: 'priceAmount' },
    );
    expect(
      pricedAbove(
        { priceAmount: '1', priceCurrencyAddress: USDC, priceUSD: 100 },
        { priceAmount: '9', priceCurrencyAddress: WETH, priceUSD: 10 },
      ),
    ).toMatchObject({ comparable: true, above: true, basis: 'priceUSD' });
    expect(
      pricedAbove(
        { priceAmount: '1', priceCurrencyAddress: USDC, priceUSD: 10.1 },
        { priceAmount: '9', priceCurrencyAddress: WETH, priceUSD: 10 },
      ),
    ).toMatchObject({ comparable: true, above: false });
  });

  it('cannot compare two currencies without a positive priceUSD on both sides', () => {
    expect(
      pricedAbove({ priceAmount: '1', priceCurrencyAddress: USDC, priceUSD: 5 }, { priceAmount: '9', priceCurrencyAddress: WETH }),
    ).toMatchObject({ comparable: false });
    expect(
      pricedAbove(
        { priceAmount: '1', priceCurrencyAddress: USDC, priceUSD: 5 },
        { priceAmount: '9', priceCurrencyAddress: WETH, priceUSD: 0 },
      ),
    ).toMatchObject({ comparable: false });
  });
});

describe('floor against listings of the collection', () => {
  const floor = at('/collectible/order', { tokenId: '3', priceAmount: '5000', priceCurrencyAddress: USDC, priceUSD: 50 });
  it("finds a floor priced above another token's open listing in another currency", () => {
    const other = at('/order', { tokenId: '1', priceAmount: '1', priceCurrencyAddress: WETH, priceUSD: 2 });
    expect(judgeFloorAgainstListing(floor, '1', other)).toMatchObject({ finding: { pointer: '/collectible/order/priceUSD' } });
  });
  it('ignores a closed listing and takes a missing listing of another token as no evidence', () => {
    expect(
      judgeFloorAgainstListing(floor, '1', at('/order', { tokenId: '1', priceAmount: '1', priceCurrencyAddress: USDC, status: 'filled' })),
    ).toHaveProperty('undecided');
    expect(judgeFloorAgainstListing(floor, '1', undefined)).toHaveProperty('undecided');
    expect(judgeFloorAgainstListing(floor, '3', undefined)).toHaveProperty('finding');
  });
  it("samples the floor's token, the listed token and a few small IDs, once each", () => {
    expect(tokensToSample('3', '1', 3)).toEqual(['3', '1', '0', '2']);
  });
});

describe('highest listing across currencies', () => {
  it('finds a filtered listing priced above the unfiltered one in another currency', () => {
    const top = at('/order', { priceAmount: '103', priceCurrencyAddress: USDC, priceUSD: 1.03 });
    const found = at('/order', { priceAmount: '9', priceCurrencyAddress: WETH, priceUSD: 1673.82 });
    expect(judgeNotBelowFiltered(top, { currencies: [WETH] }, found)).toMatchObject({ finding: { pointer: '/order/priceUSD' } });
    expect(judgeNotBelowFiltered(found, { currencies: [USDC] }, top)).toBe('holds');
  });
});
