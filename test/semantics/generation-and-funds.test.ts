import { describe, expect, it } from 'vitest';
import { judgeOrderUnchanged } from '../../src/semantics/generation-state.js';
import { judgeNoPriceBeyondFunds } from '../../src/semantics/swap.js';

describe('judgeNoPriceBeyondFunds', () => {
  it('holds for null, an absent result, an empty list, or a price the answer shows covered', () => {
    for (const none of [null, undefined, []]) expect(judgeNoPriceBeyondFunds(none, '/swapPrices')).toBe('holds');
    expect(judgeNoPriceBeyondFunds([{ price: '10', currencyBalance: '10' }], '/swapPrices')).toBe('holds');
  });

  it('finds a listed price above the balance, or one without a balance that covers it', () => {
    expect(judgeNoPriceBeyondFunds([{ price: '11', currencyBalance: '10' }], '/swapPrices')).toMatchObject({
      finding: { pointer: '/swapPrices/0', expected: null },
    });
    expect(judgeNoPriceBeyondFunds([{ price: '10', currencyBalance: '10' }, { price: '5' }], '/swapPrices')).toMatchObject({
      finding: { pointer: '/swapPrices/1' },
    });
  });
});

describe('judgeOrderUnchanged', () => {
  const before = { orderId: 'a', status: 'active', quantityRemaining: '1', quantityAvailable: '1' };

  it('holds when the same order is read again unchanged (other fields may differ)', () => {
    expect(judgeOrderUnchanged(before, { ...before, priceUSD: 3 }, '/collectible/order')).toBe('holds');
  });

  it('finds the order gone, or changed in its status or quantities', () => {
    expect(judgeOrderUnchanged(before, undefined, '/collectible/order')).toMatchObject({
      finding: { pointer: '/collectible/order', actual: null },
    });
    expect(judgeOrderUnchanged(before, { ...before, status: 'cancelled' }, '/collectible/order')).toMatchObject({
      finding: { pointer: '/collectible/order/status', expected: 'active', actual: 'cancelled' },
    });
    expect(judgeOrderUnchanged(before, { ...before, orderId: 'b' }, '/x')).toMatchObject({ finding: { pointer: '/x/orderId' } });
  });
});
