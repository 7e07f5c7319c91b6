/** The highest-priced open listing of one collectible, honouring createdBy / marketplace / currencies; none → null. */
import { GetHighestPriceListingForCollectible } from '../../../contract/operations.js';
import { findCollection, highestListing } from '../../domain/collectibles.js';
import { toWireOrder } from '../../domain/wire-shapes.js';
import { defineHandler, requireNetwork } from '../handler.js';

export const handler = defineHandler(GetHighestPriceListingForCollectible, (req, ctx) => {
  const network = requireNetwork(ctx);
  const collection = findCollection(ctx.world.catalog(network), req.contractAddress);
  const order = collection && req.tokenId ? highestListing(collection, req.tokenId, req.filter) : undefined;
  return { order: collection && order ? toWireOrder(order, collection, network) : null };
});
