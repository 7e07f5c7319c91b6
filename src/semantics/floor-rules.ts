/**
 * GetFloorOrder ("the cheapest open order for a collection") against the listings the suite can observe in the
 * same collection through GetHighestPriceListingForCollectible: the floor is not priced above any open one.
 * Which tokens to sample, and how one sampled listing is judged; the requests are the spec's.
 */
import type { Judgement } from './judgement.js';
import { sameAddress } from './identifiers.js';
import { judgeNotAbove } from './order-rules.js';
import { sideOf, textOf, type FoundOrder } from './orders.js';

/** Order statuses of real servers that mean "no longer open" (wire-facts.md §2, OrderStatus). */
const CLOSED_STATUSES = new Set(['inactive', 'expired', 'cancelled', 'filled']);

/** Tokens besides the floor's own and the fixtures' listed one that the floor is compared with. */
export const EXTRA_TOKENS = 6;

/**
 * The tokens whose highest listing is read: the floor's own, the fixtures' listed token, and a few small token
 * IDs (collections commonly number tokens from 0 or 1; a token nobody listed is no finding, only no evidence).
 */
export function tokensToSample(floorTokenId: string | undefined, listedTokenId: string | undefined, extra = EXTRA_TOKENS): string[] {
  const small = Array.from({ length: extra }, (_, i) => String(i));
  return [...new Set([floorTokenId, listedTokenId, ...small].filter((t): t is string => t !== undefined))];
}

/** Whether two orders are priced in one currency (then compared exactly). */
export function sameCurrency(a: FoundOrder, b: FoundOrder): boolean {
  const [x, y] = [textOf(a.order, 'priceCurrencyAddress'), textOf(b.order, 'priceCurrencyAddress')];
  return x !== undefined && y !== undefined && sameAddress(x, y);
}

/** The floor against the highest listing found for `tokenId` (undefined: none found). */
export function judgeFloorAgainstListing(floor: FoundOrder, tokenId: string, listing: FoundOrder | undefined): Judgement {
  const own = textOf(floor.order, 'tokenId') === tokenId;
  if (listing && CLOSED_STATUSES.has(String(listing.order['status'])))
    return { undecided: `the listing found for token ${tokenId} is not open` };
  return judgeNotAbove(floor, listing, {
    message: `${
      own
        ? 'the floor order is priced above the highest listing of its own token'
        : `the floor order is priced above an open listing of token ${tokenId} of the same collection`
    }; the floor is "the cheapest open order for a collection" (interface.md)`,
    absent: own
      ? 'GetHighestPriceListingForCollectible finds no listing for the token whose listing is the floor'
      : `no listing found for token ${tokenId}`,
    absentIsFinding: own && sideOf(floor.order) === 'listing',
  });
}
