/**
 * The cheapest open listing of a collection (prices compared in USD across currencies), with its collectible's
 * metadata and best offer. An unknown collection, or a filter nothing passes, answers `collectible: null`
 * rather than NotFound: "no floor" is an answer, not a refusal.
 */
import { GetFloorOrder } from '../../../contract/operations.js';
import { bestOffer, findCollection, floorListing } from '../../domain/collectibles.js';
import { toWireMetadata, toWireOrder } from '../../domain/wire-shapes.js';
import { defineHandler, requireNetwork } from '../handler.js';

export const handler = defineHandler(GetFloorOrder, (req, ctx) => {
  const network = requireNetwork(ctx);
  const collection = findCollection(ctx.world.catalog(network), req.contractAddress);
  const floor = collection ? floorListing(collection, req.filter) : undefined;
  if (!collection || !floor) return { collectible: null };
  const listing = toWireOrder(floor.listing, collection, network);
  const offer = bestOffer(collection, floor.token.tokenId);
  return {
    collectible: {
      metadata: toWireMetadata(floor.token, collection),
      order: listing,
      listing,
      offer: offer ? toWireOrder(offer, collection, network) : null,
    },
  };
});
