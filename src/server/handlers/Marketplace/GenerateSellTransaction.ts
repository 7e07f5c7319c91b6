/**
 * Steps to sell into offers: one token approval per exchange involved, then one `sell` transaction per offer
 * (an on-chain `acceptRequest` for the service's own marketplaces, `fulfillOffer` for third-party ones).
 * The `marketplace` field is not needed: each order knows its marketplace.
 */
import type { StepT } from '../../../contract/resources.js';
import { GenerateSellTransaction } from '../../../contract/operations.js';
import { requireAddress, requireAmount, requirePositiveAmount } from '../../domain/args.js';
import { acceptRequest, fulfillOffer, setApprovalForAll, type AdditionalFee } from '../../domain/calldata.js';
import { sameTokenId } from '../../domain/collectibles.js';
import { isOnChainOrderBook, requireCollection, requireOpenOrder } from '../../domain/orders.js';
import { invalidArgument } from '../../wire.js';
import { defineHandler, requireNetwork } from '../handler.js';
import type { Hex } from 'viem';

export const handler = defineHandler(GenerateSellTransaction, (req, ctx) => {
  const catalog = ctx.world.catalog(requireNetwork(ctx));
  const seller = requireAddress('seller', req.seller);
  const collection = requireCollection(catalog, 'collectionAddress', req.collectionAddress);
  const fees: AdditionalFee[] = (req.additionalFees ?? []).map((fee, i) => ({
    amount: requireAmount(`additionalFees[${i}].amount`, fee.amount),
    receiver: requireAddress(`additionalFees[${i}].receiver`, fee.receiver),
  }));
  const items = req.ordersData ?? [];
  if (items.length === 0) throw invalidArgument('ordersData: no order to sell into');

  const sells = items.map((item, i) => {
    const field = `ordersData[${i}]`;
    const order = requireOpenOrder(collection, `${field}.orderId`, item.orderId);
    if (order.side !== 'offer') throw invalidArgument(`${field}.orderId: order ${order.orderId} is a listing; a sale fills offers`);
    if (item.tokenId && !sameTokenId(item.tokenId, order.tokenId)) {
      throw invalidArgument(`${field}.tokenId: order ${order.orderId} is for token ${order.tokenId}`);
    }
    const quantity = item.quantity ? requirePositiveAmount(`${field}.quantity`, item.quantity) : 1n;
    if (quantity > order.quantityRemaining) {
      throw invalidArgument(`${field}.quantity: ${quantity} exceeds the ${order.quantityRemaining} the offer wants`);
    }
    return { order, quantity, exchange: catalog.exchanges[order.marketplace] };
  });

  const approvals: StepT[] = [...new Set(sells.map((s) => s.exchange))].map((exchange) => ({
    id: 'tokenApproval',
    to: collection.address,
    data: setApprovalForAll(exchange),
    value: '0',
    executeType: 'unknown',
  }));
  const transactions: StepT[] = sells.map(({ order, quantity, exchange }) => ({
    id: 'sell',
    to: exchange,
    data: isOnChainOrderBook(order.marketplace)
      ? acceptRequest(BigInt(order.orderId), quantity, seller, fees)
      : fulfillOffer(order.orderId as Hex, BigInt(order.tokenId), quantity, seller),
    value: '0',
    price: (order.priceAmount * quantity).toString(),
    executeType: 'unknown',
  }));
  return { steps: [...approvals, ...transactions] };
});
