/**
 * The chain ID a request names. Operations whose network goes in the body (operations.ts `network.kind ===
 * 'body'`) take it as a JSON number or as a decimal string (`chain-id-decimal`); chain IDs are not 32-bit
 * (xai-sepolia is 37714555429, wire-facts.md §1), so a number here is any safe integer.
 */
import fc from 'fast-check';
import { NETWORKS, type Network } from '../src/contract/networks.js';

export interface ChainIdConstraints {
  /** How the body carries it (the operation's `network.encoding`). Default `number`. */
  readonly encoding?: 'number' | 'string';
}

/** The chain ID of `network`; of any of the 39 networks when no network is given. */
export function chainIdFor(network: Network | undefined, constraints: { readonly encoding: 'string' }): fc.Arbitrary<string>;
export function chainIdFor(network?: Network, constraints?: { readonly encoding?: 'number' }): fc.Arbitrary<number>;
export function chainIdFor(network: Network | undefined, constraints: ChainIdConstraints): fc.Arbitrary<number | string>;
export function chainIdFor(network?: Network, constraints: ChainIdConstraints = {}): fc.Arbitrary<number | string> {
  const ids = network ? fc.constant(network.chainId) : fc.constantFrom(...NETWORKS.map((n) => n.chainId));
  return constraints.encoding === 'string' ? ids.map((id) => String(id)) : ids;
}
