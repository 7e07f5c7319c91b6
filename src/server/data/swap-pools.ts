/**
 * The seeded swap venue of one network: a few ERC-20 currencies, all pairs among the liquid ones tradable,
 * and one token with no pool at all, so "the pool lacks liquidity" (interface.md, GetSwapPrices) has a
 * concrete case. Prices follow the currencies' USD rates plus a pool fee, in integer arithmetic.
 */
import type { Hex } from 'viem';
import type { Network } from '../../contract/networks.js';
import type { Currency, NetworkCatalog } from './catalog.js';
import { hashToBigInt, Prng } from './prng.js';

export interface SwapCurrency extends Currency {
  /** False for the one token no pool trades. */
  readonly liquid: boolean;
}

export interface SwapVenue {
  readonly network: Network;
  readonly currencies: readonly SwapCurrency[];
  /** The `to` of swap transactions and the spender of approvals. */
  readonly router: Hex;
  /** A user holding plenty of every currency (the fixtures' swap user). */
  readonly fundedUser: Hex;
  readonly seed: number;
}

/** 0.3 %, charged on the sell side. */
const POOL_FEE_BPS = 30n;

export function buildSwapVenue(seed: number, catalog: NetworkCatalog): SwapVenue {
  const rng = new Prng(seed, `swap/${catalog.network.slug}`);
  const [usdc, wrapped] = catalog.currencies;
  const currencies: SwapCurrency[] = [
    { ...usdc, liquid: true },
    { ...wrapped, liquid: true },
    { address: rng.address(), symbol: 'USDT', name: 'Tether USD', decimals: 6, usdCents: 100n, liquid: true },
    { address: rng.address(), symbol: 'ILQ', name: 'Illiquid Token', decimals: 18, usdCents: 100n, liquid: false },
  ];
  return {
    network: catalog.network,
    currencies,
    router: rng.address(),
    fundedUser: new Prng(seed, 'swap/funded-user').address(),
    seed,
  };
}

export function findSwapCurrency(venue: SwapVenue, address: string): SwapCurrency | undefined {
  const wanted = address.toLowerCase();
  return venue.currencies.find((c) => c.address === wanted);
}

/**
 * What `buyAmount` of `buy` costs in `sell`'s smallest unit, rounded up; undefined when no pool trades the pair.
 */
export function swapPrice(buy: SwapCurrency, sell: SwapCurrency, buyAmount: bigint): bigint | undefined {
  if (!buy.liquid || !sell.liquid || buy.address === sell.address) return undefined;
  const numerator = buyAmount * buy.usdCents * 10n ** BigInt(sell.decimals) * (10_000n + POOL_FEE_BPS);
  const denominator = sell.usdCents * 10n ** BigInt(buy.decimals) * 10_000n;
  return (numerator + denominator - 1n) / denominator;
}

/** The brief's rule, in integers: maxPrice = price · (100 + slippage) / 100, never below price. */
export function withSlippage(price: bigint, slippagePercentage: number): bigint {
  return (price * (100n + BigInt(slippagePercentage))) / 100n;
}

/**
 * A user's balance of a currency: large for the funded user; otherwise derived from the address, up to ten
 * thousand whole units, zero for about a quarter of (user, currency) pairs.
 */
export function swapBalance(venue: SwapVenue, user: string, currency: SwapCurrency): bigint {
  const account = user.toLowerCase();
  const unit = 10n ** BigInt(currency.decimals);
  if (account === venue.fundedUser) return 1_000_000_000n * unit;
  const h = hashToBigInt(venue.seed, 'swap-balance', venue.network.slug, account, currency.address);
  if (h % 4n === 0n) return 0n;
  return (h >> 8n) % (10_000n * unit);
}

/**
 * The slippage GetSwapPrices and GetSwapQuote apply when the request names none (or 0), so that their
 * maxPrice leaves room for price movement. GetSwapPrice takes the document's field literally: 0 is 0.
 */
export const DEFAULT_SWAP_SLIPPAGE_PERCENT = 1;
