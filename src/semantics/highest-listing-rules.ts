/**
 * GetHighestPriceListingForCollectible, filtered and unfiltered ("find the highest-priced listing for one
 * collectible"): a filter only removes candidates. So a filtered answer passes its filter; a filter that keeps
 * the unfiltered answer still finds it (or one priced the same); and no filtered answer is priced above the
 * unfiltered one. Pure judges: `top` is the unfiltered answer's order, `found` the filtered one's (undefined:
 * none).
 */
import { show } from '../contract/json-values.js';
import type { Judgement } from './judgement.js';
import { filterMismatches, passesFilter, type ListingFilter } from './listing-filter.js';
import { judgeNotAbove } from './order-rules.js';
import type { FoundOrder } from './orders.js';
import { describePrice, pricedAbove } from './prices.js';

export function judgeHonoursFilter(top: FoundOrder | undefined, filter: ListingFilter, found: FoundOrder | undefined): Judgement {
  const keepsTop = top ? passesFilter(top.order, filter) : undefined;
  if (!found) {
    return keepsTop
      ? {
          finding: {
            message: `the filter ${show(filter)} keeps the unfiltered highest listing, yet the filtered request found none`,
            pointer: '/order',
            expected: 'a listing',
            actual: null,
          },
        }
      : { undecided: 'filters that exclude the unfiltered highest listing found nothing' };
  }
  const mismatch = filterMismatches(found.order, filter)[0];
  if (mismatch) {
    return {
      finding: {
        message: `the filtered answer breaks the filter's ${mismatch.clause} clause`,
        pointer: `${found.pointer}/${mismatch.field}`,
        expected: `one of ${show(mismatch.list)}`,
        actual: mismatch.value,
      },
    };
  }
  if (top && keepsTop) {
    const relation = pricedAbove(top.order, found.order);
    if (relation.comparable && relation.above) {
      return {
        finding: {
          message: `the filter ${show(filter)} keeps the unfiltered highest listing, yet the filtered answer is priced below it`,
          pointer: `${found.pointer}/${relation.basis}`,
          expected: describePrice(top.order),
          actual: describePrice(found.order),
        },
      };
    }
  }
  return 'holds';
}

export function judgeNotBelowFiltered(top: FoundOrder | undefined, filter: ListingFilter, found: FoundOrder | undefined): Judgement {
  if (!found) return { undecided: 'the filtered requests found no listing' };
  if (!top) {
    return {
      finding: {
        message: `the unfiltered request found no listing, yet the filter ${show(filter)} found one`,
        pointer: found.pointer,
        expected: null,
        actual: found.order['orderId'] ?? 'a listing',
      },
    };
  }
  return judgeNotAbove(found, top, {
    message: `the filter ${show(filter)} found a listing priced above the unfiltered highest`,
    absent: '',
    absentIsFinding: false,
  });
}
