/**
 * A step on a third-party (off-chain) order book: the wallet signs an EIP-712 message whose domain is the
 * order book's exchange on the network's chain (`signEIP712`), and the client posts the signature to the order
 * book, which settles. Cancelling an order and accepting an offer there both take this form.
 */
import type { Network } from '../../contract/networks.js';
import type { StepT } from '../../contract/resources.js';
import type { OrderRecord } from '../data/catalog.js';
import type { Hex } from 'viem';

export interface OrderBookMessage {
  /** The EIP-712 primary type and its fields, in the order they are hashed. */
  readonly primaryType: string;
  readonly fields: readonly { readonly name: string; readonly type: string }[];
  /** The message; a uint256 travels as a decimal string, since JSON numbers cannot hold it. */
  readonly value: Readonly<Record<string, string>>;
  /** The order book's API action the signature is posted to, e.g. `orders/cancel`. */
  readonly action: string;
  readonly body: Readonly<Record<string, unknown>>;
  /** What the step is worth to the wallet, when it moves value (a sale's proceeds). */
  readonly price?: string;
}

export function orderBookSignatureStep(network: Network, order: OrderRecord, exchange: Hex, message: OrderBookMessage): StepT {
  return {
    id: 'signEIP712',
    // Nothing to send on-chain: empty call data to the contract whose domain is signed (webrpc servers always
    // fill data, to and value, and clients read them as strings).
    data: '0x',
    to: exchange,
    value: '0',
    ...(message.price === undefined ? {} : { price: message.price }),
    signature: {
      domain: { name: order.marketplace, version: '1', chainId: network.chainId, verifyingContract: exchange },
      types: { [message.primaryType]: message.fields.map((f) => ({ ...f })) },
      primaryType: message.primaryType,
      value: { ...message.value },
    },
    post: {
      endpoint: `https://${order.marketplace.replace(/_/g, '-')}.orderbook.invalid/v1/${message.action}`,
      method: 'POST',
      body: { chainId: network.chainId, ...message.body },
    },
    executeType: 'order',
  };
}
