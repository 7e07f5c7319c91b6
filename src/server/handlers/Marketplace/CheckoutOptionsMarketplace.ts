/** Deterministic checkout options for a purchase of marketplace orders (see domain/checkout.ts). */
import { CheckoutOptionsMarketplace, operationId } from '../../../contract/operations.js';
import { checkoutOptions } from '../../domain/checkout.js';
import { defineHandler, requireNetwork } from '../handler.js';

export const handler = defineHandler(CheckoutOptionsMarketplace, (req, ctx) => ({
  options: checkoutOptions(requireNetwork(ctx), operationId(CheckoutOptionsMarketplace), req),
}));
