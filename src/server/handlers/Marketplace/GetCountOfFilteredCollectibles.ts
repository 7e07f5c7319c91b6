/** Counts collectibles of the path's network that match side and filter; an unknown collection counts 0. */
import { GetCountOfFilteredCollectibles } from '../../../contract/operations.js';
import { countCollectibles, findCollection } from '../../domain/collectibles.js';
import { defineHandler, requireNetwork } from '../handler.js';

export const handler = defineHandler(GetCountOfFilteredCollectibles, (req, ctx) => {
  const collection = findCollection(ctx.world.catalog(requireNetwork(ctx)), req.contractAddress);
  // A missing side is the enum's zero value, `unknown`: counted over both sides.
  return { count: collection ? countCollectibles(collection, req.side ?? 'unknown', req.filter) : 0 };
});
