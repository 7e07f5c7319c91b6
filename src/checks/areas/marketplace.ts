/**
 * Checks of Marketplace and Metadata meaning beyond shapes: floor, counts, listings, steps, filters.
 * MUST where interface.md's own description of the operation states the relation (a floor order *for a
 * collection*, the highest-priced *listing* of *one collectible*, a *count* of what matches a filter, "the
 * chain is implied by the slug", the sentence on string-type filters); SHOULD for relations it does not
 * describe (which side a floor is, how two operations' prices relate, ordered ranges, determinism, complete
 * steps).
 */
import type { CheckDef } from '../catalogue-types.js';
import { IF } from '../catalogue-types.js';

const SLUG = `${IF} §Base addresses: "The chain is implied by the slug, so Marketplace requests carry no chain identifier field"`;
const FLOOR = `${IF} §What the service does: "find the cheapest open order for a collection (floor order)"`;
const HIGHEST = `${IF} §What the service does: "find the highest-priced listing for one collectible"`;
const COUNT = `${IF} §What the service does: "count collectibles that match a filter"`;
const STEPS = `${IF} §What the service does: "produce the steps (on-chain transactions, signature requests, or calls to post)"`;

export const MARKETPLACE_CHECKS = [
  // --- every Order these operations return ---
  {
    id: 'order-chain-id',
    level: 'MUST',
    area: 'semantics',
    title: "Every returned order's chainId is the chain ID of the network in the path",
    basis: `${SLUG}; §Order: "chainId number"`,
  },
  // --- GetCountOfFilteredCollectibles ---
  {
    id: 'count-non-negative-integer',
    level: 'MUST',
    area: 'semantics',
    title: 'A count of collectibles is a non-negative integer',
    basis: `${COUNT}; §Resources: "small integers and counts are JSON numbers"`,
    needsFixture: 'collection',
  },
  {
    id: 'count-narrowing-never-raises',
    level: 'MUST',
    area: 'semantics',
    title:
      'Narrowing a filter (a property filter added, a narrower INT range, fewer values, marketplaces or currencies, an inAccounts list, includeEmpty false) never raises the count',
    basis: `${COUNT}: what matches a narrower filter matches the wider one`,
    needsFixture: 'collection',
  },
  // --- GetFloorOrder ---
  {
    id: 'floor-order-of-requested-collection',
    level: 'MUST',
    area: 'semantics',
    title: "The floor collectible's orders belong to the requested collection (address compared case-insensitively)",
    basis: FLOOR,
    needsFixture: 'collection',
  },
  {
    id: 'floor-order-is-listing',
    level: 'SHOULD',
    area: 'semantics',
    title: 'The floor order is a listing (side "listing"), not an offer',
    basis: `${FLOOR}: the side is not stated; a floor is conventionally the cheapest listing, the price a buyer pays`,
    needsFixture: 'collection',
  },
  {
    id: 'floor-order-not-above-token-listings',
    level: 'SHOULD',
    area: 'semantics',
    title:
      "The floor order's price is not above the open highest listing of its own token nor of any other token the suite samples in the collection (one currency as integers, else priceUSD within 2 %; a finding is read again before it is reported)",
    basis: `${FLOOR} and "find the highest-priced listing for one collectible": the document does not relate the two operations, nor say whether a floor is a listing or how priceUSD is derived`,
    needsFixture: 'collection',
  },
  // --- GetHighestPriceListingForCollectible ---
  {
    id: 'highest-listing-of-requested-collectible',
    level: 'MUST',
    area: 'semantics',
    title: 'The highest listing is for the requested collection and token',
    basis: HIGHEST,
    needsFixture: 'collection',
  },
  {
    id: 'highest-listing-is-listing',
    level: 'MUST',
    area: 'semantics',
    title: 'The highest listing is a listing (side "listing")',
    basis: HIGHEST,
    needsFixture: 'collection',
  },
  {
    id: 'highest-listing-honours-filter',
    level: 'MUST',
    area: 'semantics',
    title:
      "A filtered answer's maker, marketplace and currency are in the filter's createdBy, marketplace and currencies; a filter the unfiltered answer passes still finds it",
    basis: `${HIGHEST}; §GetHighestPriceListingForCollectible: "filter object with createdBy (array of string), marketplace (array, of MarketplaceKind), currencies (array of string)"`,
    needsFixture: 'collection',
  },
  {
    id: 'highest-listing-not-below-filtered',
    level: 'MUST',
    area: 'semantics',
    title:
      'The unfiltered highest listing is not below (nor absent beside) any filtered answer (one currency as integers, else priceUSD within 2 %; a finding is read again before it is reported)',
    basis: `${HIGHEST}: a filter only removes candidates, so the highest of all is not below the highest of some`,
    needsFixture: 'collection',
  },
  // --- GenerateSellTransaction, GenerateCancelTransaction ---
  {
    id: 'steps-well-formed',
    level: 'SHOULD',
    area: 'semantics',
    title:
      'Each step is complete for what it is: a transaction (to, data), a signature request (domain, types holding primaryType, value) or a call to post (endpoint, method)',
    basis: `${STEPS}; §Step: what completes each kind is not stated`,
  },
  {
    id: 'step-signature-chain-id',
    level: 'MUST',
    area: 'semantics',
    title: "An EIP-712 signature request's domain.chainId is the chain ID of the network in the path",
    basis: `${SLUG}; §Step: "signature object: domain {name, version, chainId, verifyingContract}"`,
  },
  // --- CheckoutOptionsSalesContract, CheckoutOptionsMarketplace ---
  {
    id: 'checkout-options-deterministic',
    level: 'SHOULD',
    area: 'semantics',
    title: 'The same request, sent again, gets the same checkout options (lists compared as sets)',
    basis: `${IF} §What the service does: "list the checkout options (payment methods) for a purchase": determinism is not stated`,
  },
  // --- Metadata.TokenCollectionFilters ---
  {
    id: 'string-filter-values-without-range',
    level: 'MUST',
    area: 'semantics',
    title: 'A STRING filter has null (or absent) min and max and lists its values',
    basis: `${IF} §TokenCollectionFilters: "For string-type filters min and max are null and values lists the property values present"`,
    needsFixture: 'collection',
  },
  {
    id: 'int-filter-min-not-above-max',
    level: 'MUST',
    area: 'semantics',
    title: "An INT filter's min is not above its max",
    basis: `${IF} §What the service does: "list the property filters (name, type, allowed values or range) that exist for a token collection": a range whose min is above its max allows no value, yet the filter exists because the collection has values of that property`,
    needsFixture: 'collection',
  },
  {
    id: 'returned-filter-narrows-count',
    level: 'MUST',
    area: 'semantics',
    title:
      'A returned filter, fed back into GetCountOfFilteredCollectibles on the same collection and network, gives a count not above the unfiltered one',
    basis: `${IF} §What the service does: "list the property filters ... that exist for a token collection" and "count collectibles that match a filter": a property filter only narrows`,
    needsFixture: 'collection',
  },
] as const satisfies readonly CheckDef[];
