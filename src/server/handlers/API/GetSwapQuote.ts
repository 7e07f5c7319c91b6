/**
 * The transaction for a swap chosen from GetSwapPrices: same currency, price and maxPrice as that price list
 * gave, a call to the venue's router, and the ERC-20 approval only when includeApprove is true (absent
 * otherwise). `swapQuote: null` when no pool trades the pair.
 */
import { GetSwapQuote } from '../../../contract/operations.js';
import { uint } from '../../../contract/schema-kit.js';
import { MAX_UINT256, requireAddress } from '../../domain/args.js';
import { erc20Approve, swapExactOutput } from '../../domain/calldata.js';
import { DEFAULT_SWAP_SLIPPAGE_PERCENT, swapBalance, withSlippage } from '../../data/swap-pools.js';
import { swapPair } from '../../domain/swap-pair.js';
import { invalidArgument } from '../../wire.js';
import { defineHandler, requireNetwork } from '../handler.js';

export const handler = defineHandler(
  GetSwapQuote,
  (req, ctx) => {
    const venue = ctx.world.swap(requireNetwork(ctx));
    const user = requireAddress('userAddress', req.userAddress);
    const { sell, buy, buyAmount, price } = swapPair(venue, req);
    if (!sell || !buy || price === undefined) return { swapQuote: null };
    const maxPrice = withSlippage(price, req.slippagePercentage || DEFAULT_SWAP_SLIPPAGE_PERCENT);
    if (maxPrice > MAX_UINT256) throw invalidArgument('buyAmount: the swap would cost more than a uint256 can carry');
    return {
      swapQuote: {
        currencyAddress: sell.address,
        currencyBalance: swapBalance(venue, user, sell).toString(),
        price: price.toString(),
        maxPrice: maxPrice.toString(),
        to: venue.router,
        transactionData: swapExactOutput(sell.address, buy.address, buyAmount, maxPrice, user),
        transactionValue: '0',
        ...(req.includeApprove ? { approveData: erc20Approve(venue.router, maxPrice) } : {}),
      },
    };
  },
  { slippagePercentage: uint() },
);
