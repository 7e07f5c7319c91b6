/**
 * Steps to cancel an order. An order of the service's own (on-chain) marketplace is cancelled by a `cancel`
 * transaction; a third-party (off-chain) order by signing an EIP-712 cancellation (`signEIP712`, with the
 * network's chain ID in the domain) that the client then posts to the order book (`post`).
 * Only the order's maker may cancel it (InvalidArgument otherwise).
 */
import { GenerateCancelTransaction } from '../../../contract/operations.js';
import type { StepT } from '../../../contract/resources.js';
import { requireAddress } from '../../domain/args.js';
import { cancelRequest } from '../../domain/calldata.js';
import { orderBookSignatureStep } from '../../domain/order-book-steps.js';
import { isOnChainOrderBook, requireCollection, requireOpenOrder } from '../../domain/orders.js';
import { invalidArgument } from '../../wire.js';
import { defineHandler, requireNetwork } from '../handler.js';

export const handler = defineHandler(GenerateCancelTransaction, (req, ctx) => {
  const network = requireNetwork(ctx);
  const catalog = ctx.world.catalog(network);
  const maker = requireAddress('maker', req.maker);
  const collection = requireCollection(catalog, 'collectionAddress', req.collectionAddress);
  const order = requireOpenOrder(collection, 'orderId', req.orderId);
  if (order.createdBy !== maker) throw invalidArgument(`maker: order ${order.orderId} was made by another wallet`);
  const exchange = catalog.exchanges[order.marketplace];

  if (isOnChainOrderBook(order.marketplace)) {
    const step: StepT = { id: 'cancel', to: exchange, data: cancelRequest(BigInt(order.orderId)), value: '0', executeType: 'unknown' };
    return { steps: [step] };
  }
  const step = orderBookSignatureStep(network, order, exchange, {
    primaryType: 'CancelOrder',
    fields: [
      { name: 'orderHash', type: 'bytes32' },
      { name: 'maker', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
    value: { orderHash: order.orderId, maker, deadline: String(order.validUntil) },
    action: 'orders/cancel',
    body: { collectionAddress: collection.address, orderId: order.orderId, maker },
  });
  return { steps: [step] };
});
