/**
 * One price (currency abstraction): maxPrice = price · (100 + slippagePercentage) / 100 in integer
 * arithmetic; a missing slippage is 0. `swapPrice: null` when no pool trades the pair. There is no user, so no
 * balance is reported.
 */
import { GetSwapPrice } from '../../../contract/operations.js';
import { requireAddress, requirePositiveAmount } from '../../domain/args.js';
import { findSwapCurrency, swapPrice, withSlippage } from '../../data/swap-pools.js';
import { invalidArgument } from '../../wire.js';
import { defineHandler, requireNetwork } from '../handler.js';

export const handler = defineHandler(GetSwapPrice, (req, ctx) => {
  const venue = ctx.world.swap(requireNetwork(ctx));
  const sellAddress = requireAddress('sellCurrencyAddress', req.sellCurrencyAddress);
  const buyAddress = requireAddress('buyCurrencyAddress', req.buyCurrencyAddress);
  if (sellAddress === buyAddress) throw invalidArgument('sellCurrencyAddress: the same currency as buyCurrencyAddress');
  const buyAmount = requirePositiveAmount('buyAmount', req.buyAmount);
  const sell = findSwapCurrency(venue, sellAddress);
  const buy = findSwapCurrency(venue, buyAddress);
  const price = sell && buy ? swapPrice(buy, sell, buyAmount) : undefined;
  if (!sell || price === undefined) return { swapPrice: null };
  return {
    swapPrice: {
      currencyAddress: sell.address,
      price: price.toString(),
      maxPrice: withSlippage(price, req.slippagePercentage ?? 0).toString(),
      transactionValue: '0',
    },
  };
});
