/**
 * Steps to sell into offers: one token approval per exchange involved, then one step per offer: an on-chain
 * `sell` transaction (`acceptRequest`) for the service's own marketplaces; for a third-party order book, an
 * EIP-712 acceptance the seller signs and posts to the book, which settles through its exchange (hence that
 * exchange's approval). The `marketplace` field is not needed: each order knows its marketplace.
 */
import type { StepT } from '../../../contract/resources.js';
import { GenerateSellTransaction } from '../../../contract/operations.js';
import { requireAddress, requireAmount, requirePositiveAmount } from '../../domain/args.js';
import { acceptRequest, setApprovalForAll, type AdditionalFee } from '../../domain/calldata.js';
import { sameTokenId } from '../../domain/collectibles.js';
import { orderBookSignatureStep } from '../../domain/order-book-steps.js';
import { isOnChainOrderBook, requireCollection, requireOpenOrder } from '../../domain/orders.js';
import { invalidArgument } from '../../wire.js';
import { defineHandler, requireNetwork } from '../handler.js';

export const handler = defineHandler(GenerateSellTransaction, (req, ctx) => {
  const network = requireNetwork(ctx);
  const catalog = ctx.world.catalog(network);
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
  const sales: StepT[] = sells.map(({ order, quantity, exchange }) => {
    const price = (order.priceAmount * quantity).toString();
    if (isOnChainOrderBook(order.marketplace)) {
      const data = acceptRequest(BigInt(order.orderId), quantity, seller, fees);
      return { id: 'sell', to: exchange, data, value: '0', price, executeType: 'unknown' };
    }
    return orderBookSignatureStep(network, order, exchange, {
      primaryType: 'AcceptOffer',
      fields: [
        { name: 'orderHash', type: 'bytes32' },
        { name: 'seller', type: 'address' },
        { name: 'tokenId', type: 'uint256' },
        { name: 'quantity', type: 'uint256' },
      ],
      value: { orderHash: order.orderId, seller, tokenId: order.tokenId, quantity: quantity.toString() },
      action: 'orders/fill',
      body: {
        collectionAddress: collection.address,
        orderId: order.orderId,
        tokenId: order.tokenId,
        quantity: quantity.toString(),
        seller,
      },
      price,
    });
  });
  return { steps: [...approvals, ...sales] };
});
