/**
 * All seeded data of one server instance, built lazily per network (a run that touches two networks never
 * pays for thirty-nine) and cached, so every answer about a network reads the same objects.
 */
import type { Network } from '../../contract/networks.js';
import { buildCatalog, type NetworkCatalog } from './catalog.js';
import { buildSwapVenue, type SwapVenue } from './swap-pools.js';

export class SeededWorld {
  private readonly catalogs = new Map<string, NetworkCatalog>();
  private readonly venues = new Map<string, SwapVenue>();

  constructor(readonly seed: number) {}

  catalog(network: Network): NetworkCatalog {
    let catalog = this.catalogs.get(network.slug);
    if (!catalog) {
      catalog = buildCatalog(this.seed, network);
      this.catalogs.set(network.slug, catalog);
    }
    return catalog;
  }

  swap(network: Network): SwapVenue {
    let venue = this.venues.get(network.slug);
    if (!venue) {
      venue = buildSwapVenue(this.seed, this.catalog(network));
      this.venues.set(network.slug, venue);
    }
    return venue;
  }
}
