/**
 * Pure judges of the Orders in Marketplace answers: which chain, collection, token and side they are, and how
 * two of them are priced. Each returns a finding, a reason it cannot tell, or 'holds'; a field that is absent,
 * null or of the wrong type is left to response-schema ("Unless stated, a field may be absent or null").
 */
import type { Judgement } from './judgement.js';
import { sameAddress, sameTokenId } from './identifiers.js';
import { numberOf, ordersInAnswer, sideOf, textOf, type FoundOrder } from './orders.js';
import { describePrice, pricedAbove } from './prices.js';

/** Every order's chainId, where it is a number, is the network's (interface.md: "The chain is implied by the slug"). */
export function judgeOrderChainIds(json: unknown, chainId: number): Judgement {
  const orders = ordersInAnswer(json);
  if (orders.length === 0) return { undecided: 'the answer holds no order' };
  let judged = 0;
  for (const { pointer, order } of orders) {
    const value = numberOf(order, 'chainId');
    if (value === undefined) continue;
    judged += 1;
    if (value !== chainId) {
      return {
        finding: {
          message: "an order's chainId is the chain of the network in the path",
          pointer: `${pointer}/chainId`,
          expected: chainId,
          actual: value,
        },
      };
    }
  }
  return judged > 0 ? 'holds' : { undecided: 'no order states its chainId' };
}

/** Every order states the requested collection, when it states one. */
export function judgeOrdersOfCollection(orders: readonly FoundOrder[], collection: string, what: string): Judgement {
  if (orders.length === 0) return { undecided: 'the answer holds no order' };
  let judged = 0;
  for (const { pointer, order } of orders) {
    const address = textOf(order, 'collectionContractAddress');
    if (address === undefined) continue;
    judged += 1;
    if (!sameAddress(address, collection)) {
      return {
        finding: {
          message: `${what} is of the requested collection`,
          pointer: `${pointer}/collectionContractAddress`,
          expected: collection,
          actual: address,
        },
      };
    }
  }
  return judged > 0 ? 'holds' : { undecided: 'no order states its collectionContractAddress' };
}

/** The order is for the requested token, when it states one. */
export function judgeOrderOfToken(found: FoundOrder, tokenId: string, what: string): Judgement {
  const stated = textOf(found.order, 'tokenId');
  if (stated === undefined) return { undecided: 'the order states no tokenId' };
  return sameTokenId(stated, tokenId)
    ? 'holds'
    : {
        finding: { message: `${what} is for the requested token`, pointer: `${found.pointer}/tokenId`, expected: tokenId, actual: stated },
      };
}

/** The order states the requested collection and token, where it states them. */
export function judgeOfCollectible(found: FoundOrder, collection: string, tokenId: string, what: string): Judgement {
  const ofCollection = judgeOrdersOfCollection([found], collection, what);
  if (ofCollection !== 'holds' && 'finding' in ofCollection) return ofCollection;
  const ofToken = judgeOrderOfToken(found, tokenId, what);
  if (ofToken !== 'holds' && 'finding' in ofToken) return ofToken;
  return ofCollection === 'holds' || ofToken === 'holds' ? 'holds' : { undecided: 'the order states neither its collection nor its token' };
}

/** The order is a listing, when its side is an OrderSide value. */
export function judgeIsListing(found: FoundOrder | undefined, what: string): Judgement {
  if (!found) return { undecided: 'the answer holds no order' };
  const side = sideOf(found.order);
  if (side === undefined) return { undecided: 'the order states no OrderSide' };
  return side === 'listing'
    ? 'holds'
    : { finding: { message: `${what} is a listing`, pointer: `${found.pointer}/side`, expected: 'listing', actual: side } };
}

/**
 * `lower` is priced at most `upper` (in one currency as integers, across currencies by priceUSD with a
 * tolerance). `upper` undefined means the other answer found no order at all: a finding when
 * `absentIsFinding` (it should have found at least `lower`).
 */
export function judgeNotAbove(
  lower: FoundOrder,
  upper: FoundOrder | undefined,
  describe: { readonly message: string; readonly absent: string; readonly absentIsFinding: boolean },
): Judgement {
  if (!upper)
    return describe.absentIsFinding
      ? { finding: { message: describe.absent, pointer: lower.pointer, expected: 'an order', actual: null } }
      : { undecided: describe.absent };
  const relation = pricedAbove(lower.order, upper.order);
  if (!relation.comparable) return { undecided: `the prices cannot be compared: ${relation.reason}` };
  return !relation.above
    ? 'holds'
    : {
        finding: {
          message: describe.message,
          pointer: `${lower.pointer}/${relation.basis}`,
          expected: `<= ${describePrice(upper.order)}`,
          actual: describePrice(lower.order),
        },
      };
}
