/**
 * One price (currency abstraction): maxPrice = price · (100 + slippagePercentage) / 100 in integer
 * arithmetic; a missing slippage is 0. `swapPrice: null` when no pool trades the pair. There is no user, so no
 * balance is reported.
 */
import { GetSwapPrice } from '../../../contract/operations.js';
import { withSlippage } from '../../data/swap-pools.js';
import { swapPair } from '../../domain/swap-pair.js';
import { defineHandler, requireNetwork } from '../handler.js';

export const handler = defineHandler(GetSwapPrice, (req, ctx) => {
  const { sell, price } = swapPair(ctx.world.swap(requireNetwork(ctx)), req);
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
