/**
 * Seeded records → the contract's resources, as real servers put them on the wire (wire-facts.md §5):
 * lower-case addresses, RFC 3339 timestamps, amounts as decimal strings, Order `id`/`collectionId`/
 * `collectibleId`/`source` never sent, collectible metadata's URL fields in snake_case with a `status`, and
 * assets named by `name`.
 */
import type { Static } from '@sinclair/typebox';
import { formatUnits } from 'viem';
import type { Network } from '../../contract/networks.js';
import type { CollectibleMetadata, OrderT } from '../../contract/resources.js';
import type { Collection, OrderRecord, Token } from '../data/catalog.js';
import { rfc3339 } from '../data/prng.js';

export type CollectibleMetadataT = Static<typeof CollectibleMetadata>;

export function toWireOrder(order: OrderRecord, collection: Collection, network: Network): OrderT {
  const decimals = order.currency.decimals;
  const net = (order.priceAmount * BigInt(10_000 - order.feeBps)) / 10_000n;
  const available = order.status === 'active' ? order.quantityRemaining : 0n;
  return {
    orderId: order.orderId,
    marketplace: order.marketplace,
    side: order.side,
    status: order.status,
    chainId: network.chainId,
    originName: order.marketplace.replace(/_/g, '-'),
    collectionContractAddress: collection.address,
    createdBy: order.createdBy,
    priceAmount: order.priceAmount.toString(),
    priceAmountFormatted: formatUnits(order.priceAmount, decimals),
    priceAmountNet: net.toString(),
    priceAmountNetFormatted: formatUnits(net, decimals),
    priceCurrencyAddress: order.currency.address,
    priceDecimals: decimals,
    priceUSD: Number(order.usdCents) / 100,
    priceUSDFormatted: formatCents(order.usdCents),
    quantityInitial: order.quantityInitial.toString(),
    quantityInitialFormatted: order.quantityInitial.toString(),
    quantityRemaining: order.quantityRemaining.toString(),
    quantityRemainingFormatted: order.quantityRemaining.toString(),
    quantityAvailable: available.toString(),
    quantityAvailableFormatted: available.toString(),
    quantityDecimals: 0,
    feeBps: order.feeBps,
    feeBreakdown: order.feeBps > 0 ? [{ kind: 'marketplace', recipientAddress: order.feeRecipient, bps: order.feeBps }] : [],
    validFrom: rfc3339(order.validFrom),
    validUntil: rfc3339(order.validUntil),
    blockNumber: order.blockNumber,
    createdAt: rfc3339(order.createdAt),
    updatedAt: rfc3339(order.updatedAt),
    tokenId: order.tokenId,
    orderCreatedAt: rfc3339(order.createdAt),
    orderUpdatedAt: rfc3339(order.updatedAt),
  };
}

export function toWireMetadata(token: Token, collection: Collection): CollectibleMetadataT {
  const { level, rarity, color } = token.properties;
  return {
    tokenId: token.tokenId,
    name: token.name,
    description: token.description,
    image: token.image,
    attributes: [
      { trait_type: 'level', display_type: 'number', value: level },
      { trait_type: 'rarity', value: rarity },
      { trait_type: 'color', value: color },
    ],
    properties: { level, rarity, color },
    decimals: 0,
    updatedAt: token.updatedAt,
    external_url: `https://reference.invalid/collections/${collection.address}/${token.tokenId}`,
    status: 'AVAILABLE',
    assets: [
      {
        tokenId: token.tokenId,
        metadataField: 'image',
        url: token.image,
        name: `${token.tokenId}.png`,
        mimeType: 'image/png',
        width: 512,
        height: 512,
        updatedAt: token.updatedAt,
      },
    ],
  };
}

/** "12.34" from 1234 cents. */
function formatCents(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}
