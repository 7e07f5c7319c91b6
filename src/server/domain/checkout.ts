/**
 * Checkout options, decided deterministically from the request: the same request on the same network always
 * gets the same options, and different requests get varied but always known values (wire-facts.md §2).
 * The reference server has no payment providers to ask; the hash stands in for their availability.
 */
import type { Network } from '../../contract/networks.js';
import { CHECKOUT_CRYPTO } from '../../contract/enums.js';
import type { Static } from '@sinclair/typebox';
import type { CheckoutOptions } from '../../contract/resources.js';
import { hashToBigInt } from '../data/prng.js';

const PROVIDERS = ['sardine', 'transak'] as const;

export function checkoutOptions(network: Network, operation: string, request: unknown): Static<typeof CheckoutOptions> {
  // Addresses in any letter case name the same thing: the canonical form is lower-case.
  const canonical = JSON.stringify(request).toLowerCase();
  const h = hashToBigInt(network.chainId, operation, canonical);
  const bit = (i: number): boolean => ((h >> BigInt(i)) & 1n) === 1n;
  const crypto = CHECKOUT_CRYPTO[Number(h % BigInt(CHECKOUT_CRYPTO.length))] ?? 'none';
  return {
    crypto,
    // Swapping into the payment currency only makes sense when crypto payment is possible at all.
    // Current servers offer lifi alone (wire-facts.md §2).
    swap: crypto !== 'none' && bit(8) ? ['lifi'] : [],
    nftCheckout: PROVIDERS.filter((_, i) => bit(10 + i)),
    onRamp: PROVIDERS.filter((_, i) => bit(12 + i)),
  };
}
