/**
 * fast-check arbitraries of requests, derived from the contract's request schemas (GUIDE example 4):
 * domain values, the generic schema walk, valid requests per operation, and invalid requests as named
 * mutations of valid ones.
 */
export { address, type AddressConstraints } from './address.js';
export { uint256String, UINT256_MAX, type Uint256StringConstraints } from './uint256-string.js';
export { tokenIdString, type TokenIdStringConstraints } from './token-id-string.js';
export { hexData, type HexDataConstraints } from './hex-data.js';
export { chainIdFor, type ChainIdConstraints } from './chain-id-for.js';
export { rfc3339Timestamp, type Rfc3339TimestampConstraints } from './rfc3339-timestamp.js';
export { plainString, type PlainStringConstraints } from './plain-string.js';
export { requestFromSchema, type RequestFromSchemaConstraints } from './request-from-schema.js';
export type { JsonSchema } from './json-schema.js';
export { validRequest, type RequestContext, type ValidRequestConstraints } from './valid-request.js';
export { invalidRequest, applicableMutations, type InvalidRequestConstraints } from './invalid-request.js';
export {
  MUTATIONS,
  MUTATION_NAMES,
  type InvalidRequest,
  type Mutation,
  type MutationName,
  type Refusal,
  type SchemaBreach,
} from './mutations/index.js';
export { numberSemantics, type NumberSemantics } from './number-semantics.js';
export {
  narrowedFilterPair,
  NARROWINGS,
  type NarrowedFilterPair,
  type NarrowedFilterPairConstraints,
  type NarrowingName,
} from './narrowed-filter-pair.js';
export { keepingFilter, listingFilter, type ListingFilterConstraints } from './listing-filter.js';
