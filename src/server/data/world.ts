/**
 * All seeded data of one server instance, built lazily per chain (a run that touches two networks never pays
 * for thirty-nine) and cached, so every answer about a chain reads the same objects.
 *
 * Data is keyed by chain, not by slug: `imx` and `immutable-zkevm` (and their testnets) are one chain
 * (wire-facts.md §1), so they serve the same collections, pools and balances, and an API request that names
 * the chain by its ID (where the slug cannot be told apart) sees the same data as the Marketplace path.
 */
import type { Network } from '../../contract/networks.js';
import { networkForChainId } from '../chain-ids.js';
import { buildCatalog, type NetworkCatalog } from './catalog.js';
import { buildSwapVenue, type SwapVenue } from './swap-pools.js';

export class SeededWorld {
  private readonly catalogs = new Map<number, NetworkCatalog>();
  private readonly venues = new Map<number, SwapVenue>();

  constructor(readonly seed: number) {}

  catalog(network: Network): NetworkCatalog {
    let catalog = this.catalogs.get(network.chainId);
    if (!catalog) {
      catalog = buildCatalog(this.seed, canonical(network));
      this.catalogs.set(network.chainId, catalog);
    }
    return catalog;
  }

  swap(network: Network): SwapVenue {
    let venue = this.venues.get(network.chainId);
    if (!venue) {
      venue = buildSwapVenue(this.seed, this.catalog(network));
      this.venues.set(network.chainId, venue);
    }
    return venue;
  }
}

/** The network that stands for a chain: the first slug with its chain ID in NETWORKS order. */
export function canonical(network: Network): Network {
  return networkForChainId(network.chainId) ?? network;
}
