/**
 * How Swap answers relate to each other and to their requests. interface.md names the fields (SwapPrice,
 * SwapQuote, includeApprove, slippagePercentage) but not these relations, so the judgements here back SHOULD
 * checks, except the null result without funds, which the document states. Each judge is pure: it returns what is wrong (or why it cannot tell), never sends. Amounts
 * that are absent, null or not decimal are left alone: response-schema and response-conventions judge those.
 */
import { recordOf } from '../contract/json-values.js';
import { ceilDiv, decimalInteger, maxBigInt } from './amounts.js';
import type { Judgement } from './judgement.js';

/** "The result is null when the user lacks sufficient funds or the pool lacks liquidity" (interface.md, GetSwapPrices). */
export const NULL_SWAP_PRICES =
  'swapPrices is null, which the document allows: "The result is null when the user lacks sufficient funds or the pool lacks liquidity"';

/**
 * An amount of the bought token no balance covers: 10^60 smallest units, more than the supply of any token (an
 * 18-decimal token would need 10^42 whole units). A conformant server answers null: the user lacks the funds.
 */
export const UNCOVERED_AMOUNT = `1${'0'.repeat(60)}`;
export const UNCOVERED_AMOUNT_WORDS = '10^60 smallest units';

/**
 * "The result is null when the user lacks sufficient funds": asked for an amount no balance covers, a
 * GetSwapPrices answer lists no price, unless its own currencyBalance shows that the user can pay it.
 */
export function judgeNoPriceBeyondFunds(prices: unknown, pointer: string): Judgement {
  if (prices === null || prices === undefined || (Array.isArray(prices) && prices.length === 0)) return 'holds';
  if (!Array.isArray(prices)) return { undecided: 'swapPrices is not a list; response-schema reports it' };
  for (const [i, item] of prices.entries()) {
    const price = decimalInteger(recordOf(item)?.['price']);
    const balance = decimalInteger(recordOf(item)?.['currencyBalance']);
    if (price !== undefined && balance !== undefined && balance >= price) continue;
    return {
      finding: {
        message: `asked for ${UNCOVERED_AMOUNT_WORDS} of the token, an amount no balance covers, the result must be null ("The result is null when the user lacks sufficient funds"), yet it lists a price the user's balance does not cover`,
        pointer: `${pointer}/${i}`,
        expected: null,
        actual: item,
      },
    };
  }
  return 'holds';
}

/** Every price of a GetSwapPrices answer has maxPrice >= price. */
export function judgeMaxPrices(prices: readonly unknown[], pointer: string): Judgement {
  let compared = 0;
  for (const [i, item] of prices.entries()) {
    const price = decimalInteger(recordOf(item)?.['price']);
    const maxPrice = decimalInteger(recordOf(item)?.['maxPrice']);
    if (price === undefined || maxPrice === undefined) continue;
    compared += 1;
    if (maxPrice < price) {
      return {
        finding: {
          message: 'a maximum price below the price leaves no room to execute the swap: maxPrice should be >= price',
          pointer: `${pointer}/${i}/maxPrice`,
          expected: `>= ${price}`,
          actual: maxPrice.toString(),
        },
      };
    }
  }
  return compared === 0 ? { undecided: 'no price carries both price and maxPrice as decimal integers' } : 'holds';
}

/**
 * A quote for a price chosen from GetSwapPrices is in that price's currency, and costs no more than the most
 * the chosen price allowed (its maxPrice, or its price should maxPrice be lower: ordering the two is
 * swap-prices-max-price-not-below-price's business). Prices move between two calls, hence a bound, not equality.
 */
export function judgeQuoteAgainstPrice(chosen: Record<string, unknown>, quote: Record<string, unknown>): Judgement {
  const currency = quote['currencyAddress'];
  const chosenCurrency = String(chosen['currencyAddress']);
  if (typeof currency === 'string' && currency.toLowerCase() !== chosenCurrency.toLowerCase()) {
    return {
      finding: {
        message: 'the quote for a chosen price should be in the currency of that price (its currencyAddress, sent as sellCurrencyAddress)',
        pointer: '/swapQuote/currencyAddress',
        expected: chosenCurrency,
        actual: currency,
      },
    };
  }
  const quoted = decimalInteger(quote['price']);
  const price = decimalInteger(chosen['price']);
  const maxPrice = decimalInteger(chosen['maxPrice']);
  if (quoted !== undefined && price !== undefined) {
    const ceiling = maxPrice === undefined ? price : maxBigInt(price, maxPrice);
    if (quoted > ceiling) {
      return {
        finding: {
          message: 'the quote should cost no more than the maximum of the price it was chosen from',
          pointer: '/swapQuote/price',
          expected: `<= ${ceiling}`,
          actual: quoted.toString(),
        },
      };
    }
  }
  if (typeof currency !== 'string' && quoted === undefined) return { undecided: 'the quote names neither its currency nor its price' };
  return 'holds';
}

/** approveData is there (non-empty hex) exactly when includeApprove was true. */
export function judgeApproveData(includeApprove: boolean, quote: Record<string, unknown>): Judgement {
  const data = quote['approveData'];
  const present = typeof data === 'string' && data !== '' && data !== '0x';
  if (includeApprove && !present) {
    return {
      finding: {
        message: 'with includeApprove true the quote should carry the approval transaction data',
        pointer: '/swapQuote/approveData',
        expected: 'non-empty hex data',
        actual: data === undefined ? 'absent' : data,
      },
    };
  }
  if (!includeApprove && present) {
    return {
      finding: {
        message: 'with includeApprove false the quote should carry no approval (approveData absent, null, "" or "0x")',
        pointer: '/swapQuote/approveData',
        expected: 'no approval data',
        actual: data,
      },
    };
  }
  return 'holds';
}

export interface SlippageAnswer {
  /** The slippagePercentage sent. */
  readonly slippage: number;
  readonly price: bigint;
  readonly maxPrice: bigint;
}

/** The largest maxPrice a slippage allows: ⌈price·(100+s)/100⌉ (s a whole percentage). */
export function slippageCeiling(price: bigint, slippage: number): bigint {
  return ceilDiv(price * (100n + BigInt(slippage)), 100n);
}

/**
 * The tolerant reading of "maxPrice follows slippagePercentage s" (not the exact formula, which the document
 * does not give): price <= maxPrice <= ⌈price·(100+s)/100⌉ for each answer, and the margin maxPrice − price,
 * relative to the price, grows when s grows — so a server that ignores the slippage (a fixed margin, or none)
 * is found, whichever rounding it uses. The growth is judged only when the prices are large enough for two
 * slippages to differ by at least two units.
 */
export function judgeSlippage(low: SlippageAnswer, high: SlippageAnswer, pointer: string): Judgement {
  for (const answer of [low, high]) {
    const bound = judgeSlippageBound(answer, pointer);
    if (bound !== 'holds') return bound;
  }
  const resolvable = (answer: SlippageAnswer) => answer.price * BigInt(high.slippage - low.slippage) >= 200n;
  if (!resolvable(low) || !resolvable(high))
    return { undecided: `prices too small to tell slippage ${low.slippage} % from ${high.slippage} % apart` };
  // margin_high / price_high > margin_low / price_low, cross-multiplied to stay in integers
  if ((high.maxPrice - high.price) * low.price <= (low.maxPrice - low.price) * high.price) {
    return {
      finding: {
        message: `a larger slippagePercentage should allow a larger maximum: the margin over the price did not grow from ${low.slippage} % to ${high.slippage} %`,
        pointer: `${pointer}/maxPrice`,
        expected: `more than ${low.maxPrice - low.price} over ${low.price} (relative), up to ${slippageCeiling(high.price, high.slippage)}`,
        actual: `${high.maxPrice} for price ${high.price}`,
      },
    };
  }
  return 'holds';
}

/** One answer within its slippage: price <= maxPrice <= ⌈price·(100+s)/100⌉. */
export function judgeSlippageBound(answer: SlippageAnswer, pointer: string): Judgement {
  const ceiling = slippageCeiling(answer.price, answer.slippage);
  if (answer.maxPrice >= answer.price && answer.maxPrice <= ceiling) return 'holds';
  return {
    finding: {
      message: `with slippagePercentage ${answer.slippage} the maximum price should lie between the price and price·(100+${answer.slippage})/100 rounded up`,
      pointer: `${pointer}/maxPrice`,
      expected: `${answer.price} .. ${ceiling}`,
      actual: answer.maxPrice.toString(),
    },
  };
}
