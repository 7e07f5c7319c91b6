/**
 * The pair of a one-price swap request (GetSwapPrice, GetSwapQuote): validated addresses and amount, and the
 * pool's price for it. Undefined `price` when no pool trades the pair, which both operations answer with null.
 */
import { findSwapCurrency, swapPrice, type SwapCurrency, type SwapVenue } from '../data/swap-pools.js';
import { invalidArgument } from '../wire.js';
import { requireAddress, requirePositiveAmount } from './args.js';

export interface SwapPair {
  readonly sell: SwapCurrency | undefined;
  readonly buy: SwapCurrency | undefined;
  readonly buyAmount: bigint;
  readonly price: bigint | undefined;
}

export function swapPair(
  venue: SwapVenue,
  req: { readonly sellCurrencyAddress?: string; readonly buyCurrencyAddress?: string; readonly buyAmount?: string },
): SwapPair {
  const sellAddress = requireAddress('sellCurrencyAddress', req.sellCurrencyAddress);
  const buyAddress = requireAddress('buyCurrencyAddress', req.buyCurrencyAddress);
  if (sellAddress === buyAddress) throw invalidArgument('sellCurrencyAddress: the same currency as buyCurrencyAddress');
  const buyAmount = requirePositiveAmount('buyAmount', req.buyAmount);
  const sell = findSwapCurrency(venue, sellAddress);
  const buy = findSwapCurrency(venue, buyAddress);
  return { sell, buy, buyAmount, price: sell && buy ? swapPrice(buy, sell, buyAmount) : undefined };
}
