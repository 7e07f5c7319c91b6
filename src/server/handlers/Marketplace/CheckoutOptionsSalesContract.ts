/** Deterministic checkout options for a purchase from a sales contract (see domain/checkout.ts). */
import { CheckoutOptionsSalesContract, operationId } from '../../../contract/operations.js';
import { checkoutOptions } from '../../domain/checkout.js';
import { defineHandler, requireNetwork } from '../handler.js';

export const handler = defineHandler(CheckoutOptionsSalesContract, (req, ctx) => ({
  options: checkoutOptions(requireNetwork(ctx), operationId(CheckoutOptionsSalesContract), req),
}));
