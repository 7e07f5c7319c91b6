/**
 * Prices of `buyAmount` of the buy currency in every currency a pool trades it against, keeping only those the
 * user can pay (balance >= maxPrice). `swapPrices: null` when the pool lacks liquidity (no pool for the buy
 * currency) or the user lacks funds (no price left), as interface.md says.
 */
import { GetSwapPrices } from '../../../contract/operations.js';
import type { SwapPriceT } from '../../../contract/resources.js';
import { uint } from '../../../contract/schema-kit.js';
import { requireAddress, requirePositiveAmount } from '../../domain/args.js';
import { DEFAULT_SWAP_SLIPPAGE_PERCENT, findSwapCurrency, swapBalance, swapPrice, withSlippage } from '../../data/swap-pools.js';
import { defineHandler, requireNetwork } from '../handler.js';

export const handler = defineHandler(
  GetSwapPrices,
  (req, ctx) => {
    const venue = ctx.world.swap(requireNetwork(ctx));
    const user = requireAddress('userAddress', req.userAddress);
    const buyAddress = requireAddress('buyCurrencyAddress', req.buyCurrencyAddress);
    const buyAmount = requirePositiveAmount('buyAmount', req.buyAmount);
    const slippage = req.slippagePercentage || DEFAULT_SWAP_SLIPPAGE_PERCENT;
    const buy = findSwapCurrency(venue, buyAddress);
    if (!buy) return { swapPrices: null };
    const prices: SwapPriceT[] = [];
    for (const sell of venue.currencies) {
      const price = swapPrice(buy, sell, buyAmount);
      if (price === undefined) continue;
      const maxPrice = withSlippage(price, slippage);
      const balance = swapBalance(venue, user, sell);
      if (balance < maxPrice) continue;
      prices.push({
        currencyAddress: sell.address,
        currencyBalance: balance.toString(),
        price: price.toString(),
        maxPrice: maxPrice.toString(),
        transactionValue: '0',
      });
    }
    return { swapPrices: prices.length > 0 ? prices : null };
  },
  { slippagePercentage: uint() },
);
