/**
 * The reference server describes its own seeded data in the `--fixtures` format (src/config/fixtures.ts), so
 * an embedded run needs no fixtures file: for every network a collection with an open listing and a listed
 * token, a tradable swap pair with a funded user, and an account; for Builder a project, an audience to read,
 * the audiences the suite may empty, and a bystander audience whose contacts a removal from another names.
 */
import type { Fixtures, NetworkFixtures } from '../config/fixtures.js';
import { NETWORKS } from '../contract/networks.js';
import type { BuilderStore } from './builder-store.js';
import { isOpen } from './domain/collectibles.js';
import type { SeededWorld } from './data/world.js';
import { LIMITED_KEY_DENIED } from './pipeline.js';

export function describeFixtures(world: SeededWorld, builder: BuilderStore): Fixtures {
  const networks: Record<string, NetworkFixtures> = {};
  for (const network of NETWORKS) {
    const catalog = world.catalog(network);
    const venue = world.swap(network);
    const collection = catalog.collections[0];
    const listed = collection?.orders.find((o) => o.side === 'listing' && isOpen(o));
    const [buy, sell] = venue.currencies.filter((c) => c.liquid);
    const illiquid = venue.currencies.find((c) => !c.liquid);
    networks[network.slug] = {
      ...(collection ? { collection: { address: collection.address, ...(listed ? { listedTokenId: listed.tokenId } : {}) } } : {}),
      ...(buy && sell
        ? {
            swap: {
              buyCurrencyAddress: buy.address,
              sellCurrencyAddress: sell.address,
              buyAmount: (10n ** BigInt(buy.decimals)).toString(),
              userAddress: venue.fundedUser,
              ...(illiquid ? { illiquidCurrencyAddress: illiquid.address } : {}),
            },
          }
        : {}),
      ...(catalog.accounts[0] ? { account: catalog.accounts[0] } : {}),
    };
  }
  const ids = builder.fixtureIds;
  return {
    networks,
    builder: {
      projectId: ids.projectId,
      audienceId: ids.audienceId,
      disposableAudienceIds: ids.disposableAudienceIds,
      bystanderAudience: ids.bystanderAudience,
    },
    limitedKey: { deniedOperations: [...LIMITED_KEY_DENIED] },
  };
}
