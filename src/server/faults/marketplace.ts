/**
 * Faults that prove the marketplace checks can fail: servers that answer in the right shape with
 * the wrong meaning. Each rewrites the conformant pipeline's answer (the request is in ctx.rawBody).
 */
import { orderAt, ordersIn } from '../../contract/order-places.js';
import type { Fault } from './fault.js';
import type { FaultHooks } from '../types.js';
import { answer, onSuccess, parse } from './kit.js';
import { floorIsMostExpensive, highestIsCheapest } from './price-order.js';

const COUNT = 'Marketplace.GetCountOfFilteredCollectibles';
const FLOOR = 'Marketplace.GetFloorOrder';
const HIGHEST = 'Marketplace.GetHighestPriceListingForCollectible';
const SELL = 'Marketplace.GenerateSellTransaction';
const CANCEL = 'Marketplace.GenerateCancelTransaction';
const CHECKOUT_MARKETPLACE = 'Marketplace.CheckoutOptionsMarketplace';
const CHECKOUT_SALES = 'Marketplace.CheckoutOptionsSalesContract';
const FILTERS = 'Metadata.TokenCollectionFilters';
const TWO = ['polygon', 'xai-sepolia'] as const;
const ELSEWHERE = `0x${'e1'.repeat(20)}`;

type Json = Record<string, unknown>;
const objectsIn = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((v): v is Json => v !== null && typeof v === 'object') : [];
/** The Orders of a GetFloorOrder or GetHighestPriceListingForCollectible answer. */
const ordersOf = (body: Json): Json[] => ordersIn(body).map((o) => o.order);
/** The floor order and its alias `listing` (the same order, twice on the wire). */
const floorOrdersOf = (body: Json): Json[] => [orderAt(body, 'floorOrder'), orderAt(body, 'floorListing')].filter((o) => o !== undefined);
const requestFilter = (rawBody: string): Json | undefined => (parse(rawBody) as { filter?: Json } | undefined)?.filter ?? undefined;
/**
 * A server whose generation changes its own book: the order a GenerateCancelTransaction names (or the first one
 * a GenerateSellTransaction sells into) is gone from GetFloorOrder's answers from then on (the fault remembers
 * the orders named, per network, while the process runs).
 */
function generationChangesBook(operation: typeof CANCEL | typeof SELL): FaultHooks {
  const taken = new Set<string>();
  return {
    transform(ctx, response) {
      if (response.status !== 200 || !response.body || typeof response.body !== 'object') return response;
      if (ctx.operation === operation) {
        const request = parse(ctx.rawBody) as { orderId?: unknown; ordersData?: { orderId?: unknown }[] } | undefined;
        const orderId = operation === CANCEL ? request?.orderId : request?.ordersData?.[0]?.orderId;
        if (typeof orderId === 'string') taken.add(`${ctx.network ?? ''} ${orderId}`);
      }
      if (ctx.operation === FLOOR) {
        const collectible = (response.body as Json)['collectible'];
        if (collectible && typeof collectible === 'object') {
          for (const place of ['order', 'listing', 'offer'] as const) {
            const order = (collectible as Json)[place] as Json | null | undefined;
            if (order && taken.has(`${ctx.network ?? ''} ${String(order['orderId'])}`)) (collectible as Json)[place] = null;
          }
        }
      }
      return response;
    },
  };
}
const times = (amount: unknown, factor: bigint) =>
  typeof amount === 'string' && /^[0-9]+$/.test(amount) ? (BigInt(amount) * factor).toString() : amount;

/**
 * Whether a request lacks the `marketplace` real servers may require (wire-facts.md §3): in a cancel, or in any
 * order of a checkout.
 */
function lacksMarketplace(operation: string | undefined, rawBody: string): boolean {
  const body = parse(rawBody) as Json | undefined;
  if (!body || typeof body !== 'object') return false;
  if (operation === CANCEL) return body['marketplace'] === undefined;
  if (operation === CHECKOUT_MARKETPLACE) return objectsIn(body['orders']).some((order) => order['marketplace'] === undefined);
  return false;
}

export const MARKETPLACE_FAULTS: readonly Fault[] = [
  {
    name: 'marketplace-required',
    description:
      'GenerateCancelTransaction and CheckoutOptionsMarketplace refuse (400 InvalidArgument) a request or order without marketplace',
    hooks: {
      transform: (ctx, response) =>
        response.status === 200 && lacksMarketplace(ctx.operation, ctx.rawBody) ? answer('InvalidArgument') : response,
    },
    operations: [CANCEL, CHECKOUT_MARKETPLACE],
    networks: ['polygon'],
    trips: [
      { check: 'documented-request-accepted', operation: CANCEL },
      { check: 'documented-request-accepted', operation: CHECKOUT_MARKETPLACE },
    ],
  },
  {
    name: 'negative-count',
    description: 'GetCountOfFilteredCollectibles answers -1 whatever it counted',
    hooks: {
      transform: onSuccess(COUNT, (body) => {
        body['count'] = -1;
      }),
    },
    operations: [COUNT],
    networks: TWO,
    trips: [{ check: 'count-non-negative-integer', operation: COUNT }],
  },
  {
    name: 'count-rises-with-property-filter',
    description: 'each property filter adds 1000 to the count of GetCountOfFilteredCollectibles',
    hooks: {
      transform: onSuccess(COUNT, (body, ctx) => {
        const properties = requestFilter(ctx.rawBody)?.['properties'];
        if (typeof body['count'] === 'number') body['count'] += 1000 * objectsIn(properties).length;
      }),
    },
    operations: [COUNT, FILTERS],
    networks: TWO,
    trips: [
      { check: 'count-narrowing-never-raises', operation: COUNT },
      { check: 'returned-filter-narrows-count', operation: FILTERS },
    ],
  },
  {
    name: 'floor-of-another-collection',
    description: "GetFloorOrder's orders name another collection",
    hooks: {
      transform: onSuccess(FLOOR, (body) => {
        for (const o of ordersOf(body)) o['collectionContractAddress'] = ELSEWHERE;
      }),
    },
    operations: [FLOOR],
    networks: TWO,
    trips: [{ check: 'floor-order-of-requested-collection', operation: FLOOR }],
  },
  {
    name: 'floor-is-offer',
    description: "GetFloorOrder's floor order is labelled an offer",
    hooks: {
      transform: onSuccess(FLOOR, (body) => {
        for (const o of floorOrdersOf(body)) o['side'] = 'offer';
      }),
    },
    operations: [FLOOR],
    networks: TWO,
    trips: [{ check: 'floor-order-is-listing', operation: FLOOR }],
  },
  {
    name: 'floor-above-token-listings',
    description: "GetFloorOrder's floor order is priced 1000 times its listing's price",
    hooks: {
      transform: onSuccess(FLOOR, (body) => {
        for (const o of floorOrdersOf(body)) o['priceAmount'] = times(o['priceAmount'], 1000n);
      }),
    },
    operations: [FLOOR],
    networks: TWO,
    trips: [{ check: 'floor-order-not-above-token-listings', operation: FLOOR }],
  },
  {
    name: 'floor-is-most-expensive',
    description: "GetFloorOrder answers the collection's most expensive open listing as its floor",
    hooks: { transform: floorIsMostExpensive },
    operations: [FLOOR],
    networks: TWO,
    trips: [{ check: 'floor-order-not-above-token-listings', operation: FLOOR }],
  },
  {
    name: 'highest-listing-is-cheapest',
    description: 'GetHighestPriceListingForCollectible answers the cheapest open listing of the token (honouring the filter)',
    hooks: { transform: highestIsCheapest },
    operations: [HIGHEST],
    // On base the listed token has open listings in two currencies (the cheap one in USDC): only a filter
    // naming the other currency, compared by priceUSD, can see the fault.
    networks: ['base'],
    trips: [{ check: 'highest-listing-not-below-filtered', operation: HIGHEST }],
  },
  {
    name: 'order-chain-id-of-another-network',
    description: 'on xai-sepolia, the orders of GetFloorOrder and GetHighestPriceListingForCollectible carry chainId 137',
    hooks: {
      transform: (ctx, response) => {
        const body = response.body as Json | null;
        if (ctx.network === 'xai-sepolia' && (ctx.operation === FLOOR || ctx.operation === HIGHEST) && response.status === 200 && body) {
          for (const o of ordersOf(body)) o['chainId'] = 137;
        }
        return response;
      },
    },
    operations: [FLOOR, HIGHEST],
    networks: TWO,
    trips: [
      { check: 'order-chain-id', operation: FLOOR, network: 'xai-sepolia' },
      { check: 'order-chain-id', operation: HIGHEST, network: 'xai-sepolia' },
    ],
  },
  {
    name: 'highest-listing-of-another-token',
    description: "GetHighestPriceListingForCollectible's order is for another token than the one requested",
    hooks: {
      transform: onSuccess(HIGHEST, (body) => {
        const o = orderAt(body, 'order');
        if (o && typeof o['tokenId'] === 'string') o['tokenId'] = (BigInt(o['tokenId']) + 1n).toString();
      }),
    },
    operations: [HIGHEST],
    networks: TWO,
    trips: [{ check: 'highest-listing-of-requested-collectible', operation: HIGHEST }],
  },
  {
    name: 'highest-listing-is-offer',
    description: 'GetHighestPriceListingForCollectible answers an order on the offer side',
    hooks: {
      transform: onSuccess(HIGHEST, (body) => {
        const o = orderAt(body, 'order');
        if (o) o['side'] = 'offer';
      }),
    },
    operations: [HIGHEST],
    networks: TWO,
    trips: [{ check: 'highest-listing-is-listing', operation: HIGHEST }],
  },
  {
    name: 'highest-listing-ignores-created-by',
    description: 'GetHighestPriceListingForCollectible with a createdBy filter answers a listing by a maker outside it',
    hooks: {
      transform: onSuccess(HIGHEST, (body, ctx) => {
        const o = orderAt(body, 'order');
        const createdBy = requestFilter(ctx.rawBody)?.['createdBy'];
        if (o && Array.isArray(createdBy) && createdBy.length > 0) o['createdBy'] = ELSEWHERE;
      }),
    },
    operations: [HIGHEST],
    networks: TWO,
    trips: [{ check: 'highest-listing-honours-filter', operation: HIGHEST }],
  },
  {
    name: 'highest-listing-filtered-finds-nothing',
    description: 'GetHighestPriceListingForCollectible with any filter answers no listing, even one the filter keeps',
    hooks: {
      transform: onSuccess(HIGHEST, (body, ctx) => {
        if (requestFilter(ctx.rawBody)) body['order'] = null;
      }),
    },
    operations: [HIGHEST],
    networks: TWO,
    trips: [{ check: 'highest-listing-honours-filter', operation: HIGHEST }],
  },
  {
    name: 'highest-listing-filtered-above-unfiltered',
    description: 'GetHighestPriceListingForCollectible prices filtered answers at ten times their listing',
    hooks: {
      transform: onSuccess(HIGHEST, (body, ctx) => {
        const o = orderAt(body, 'order');
        if (o && requestFilter(ctx.rawBody)) o['priceAmount'] = times(o['priceAmount'], 10n);
      }),
    },
    operations: [HIGHEST],
    networks: TWO,
    trips: [{ check: 'highest-listing-not-below-filtered', operation: HIGHEST }],
  },
  {
    name: 'sell-steps-without-data',
    description: "GenerateSellTransaction's transaction steps lose their call data",
    hooks: {
      transform: onSuccess(SELL, (body) => {
        for (const step of objectsIn(body['steps'])) delete step['data'];
      }),
    },
    operations: [SELL],
    networks: TWO,
    trips: [{ check: 'steps-well-formed', operation: SELL }],
  },
  {
    name: 'eip712-domain-of-another-chain',
    description: "GenerateCancelTransaction's EIP-712 signature requests name chain 1 in their domain",
    hooks: {
      transform: onSuccess(CANCEL, (body) => {
        for (const step of objectsIn(body['steps'])) {
          const domain = (step['signature'] as { domain?: Json } | null | undefined)?.domain;
          if (domain) domain['chainId'] = 1;
        }
      }),
    },
    operations: [CANCEL],
    // polygon's floor order and xai-sepolia's floor offer are third-party orders, cancelled by signature.
    networks: TWO,
    trips: [{ check: 'step-signature-chain-id', operation: CANCEL }],
  },
  {
    name: 'eip712-types-as-array',
    description: "GenerateCancelTransaction's EIP-712 signature requests carry types as an array of [name, fields] pairs, not an object",
    hooks: {
      transform: onSuccess(CANCEL, (body) => {
        for (const step of objectsIn(body['steps'])) {
          const signature = step['signature'] as { types?: Json } | null | undefined;
          if (signature?.types && typeof signature.types === 'object') signature.types = Object.entries(signature.types) as unknown as Json;
        }
      }),
    },
    operations: [CANCEL],
    networks: ['polygon'],
    // The array names no primary type either: steps-well-formed (SHOULD) sees a signature request it cannot sign.
    trips: [
      { check: 'response-conventions', operation: CANCEL },
      { check: 'steps-well-formed', operation: CANCEL },
    ],
  },
  {
    name: 'checkout-options-vary',
    description: 'the checkout options flip between crypto "all" and "none" each time the same request is answered',
    get hooks() {
      return { transform: flipCheckoutOptions() };
    },
    operations: [CHECKOUT_MARKETPLACE, CHECKOUT_SALES],
    networks: TWO,
    trips: [
      { check: 'checkout-options-deterministic', operation: CHECKOUT_MARKETPLACE },
      { check: 'checkout-options-deterministic', operation: CHECKOUT_SALES },
    ],
  },
  {
    name: 'string-filter-with-range',
    description: 'TokenCollectionFilters gives STRING filters min 0 and max 0',
    hooks: {
      transform: onSuccess(FILTERS, (body) => {
        for (const f of objectsIn(body['filters'])) if (f['type'] === 'STRING') Object.assign(f, { min: 0, max: 0 });
      }),
    },
    operations: [FILTERS],
    networks: TWO,
    trips: [{ check: 'string-filter-values-without-range', operation: FILTERS }],
  },
  {
    name: 'string-filter-value-absent',
    description: "TokenCollectionFilters lists, first among each STRING filter's values, a value no collectible of the collection has",
    hooks: {
      transform: onSuccess(FILTERS, (body) => {
        for (const f of objectsIn(body['filters']))
          if (f['type'] === 'STRING') f['values'] = ['not-in-this-collection', ...(Array.isArray(f['values']) ? f['values'] : [])];
      }),
    },
    operations: [FILTERS],
    networks: TWO,
    trips: [{ check: 'string-filter-values-present', operation: FILTERS }],
  },
  {
    name: 'cancel-generation-cancels',
    description:
      'GenerateCancelTransaction takes the order out of the book itself (GetFloorOrder no longer answers it), instead of leaving the change to the steps it returns',
    get hooks() {
      return generationChangesBook(CANCEL);
    },
    operations: [CANCEL],
    networks: ['polygon'],
    trips: [{ check: 'generation-leaves-state-unchanged', operation: CANCEL }],
  },
  {
    name: 'sell-generation-fills-offer',
    description:
      'GenerateSellTransaction takes the offer it sells into out of the book itself (GetFloorOrder no longer answers it), instead of leaving the sale to the steps it returns',
    get hooks() {
      return generationChangesBook(SELL);
    },
    operations: [SELL],
    networks: ['polygon'],
    trips: [{ check: 'generation-leaves-state-unchanged', operation: SELL }],
  },
  {
    name: 'int-filter-min-above-max',
    description: "TokenCollectionFilters swaps its INT filters' min and max",
    hooks: {
      transform: onSuccess(FILTERS, (body) => {
        for (const f of objectsIn(body['filters']))
          if (f['type'] === 'INT' && f['min'] !== f['max']) Object.assign(f, { min: f['max'], max: f['min'] });
      }),
    },
    operations: [FILTERS],
    networks: TWO,
    trips: [{ check: 'int-filter-min-not-above-max', operation: FILTERS }],
  },
];

/** Alternates the options per network and request body, so the same request never gets the same answer twice. */
function flipCheckoutOptions(): NonNullable<Fault['hooks']['transform']> {
  const answered = new Map<string, number>();
  return (ctx, response) => {
    if ((ctx.operation !== CHECKOUT_MARKETPLACE && ctx.operation !== CHECKOUT_SALES) || response.status !== 200) return response;
    // Per key as well: the same body sent with another key (the limited-key check) is another client's request.
    const key = `${ctx.operation} ${ctx.network ?? ''} ${String(ctx.headers['x-access-key'] ?? '')} ${ctx.rawBody}`;
    const n = answered.get(key) ?? 0;
    answered.set(key, n + 1);
    const options = (response.body as { options?: Json } | null)?.options;
    if (options) Object.assign(options, n % 2 === 0 ? { crypto: 'all', swap: ['lifi'] } : { crypto: 'none', swap: [] });
    return response;
  };
}
