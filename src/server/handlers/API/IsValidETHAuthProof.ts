/**
 * Real ETHAuth validation (domain/ethauth.ts) of an EOA proof against walletAddress. A malformed proof is an
 * answer (`isValid: false`), not a refusal. The chain ID only matters for smart-contract wallets (EIP-1271),
 * which the reference server does not verify.
 */
import { IsValidETHAuthProof } from '../../../contract/operations.js';
import { verifyEthAuthProof } from '../../domain/ethauth.js';
import { defineHandler } from '../handler.js';

export const handler = defineHandler(IsValidETHAuthProof, async (req) => {
  const verdict = await verifyEthAuthProof(req.ethAuthProofString ?? '', req.walletAddress ?? '', Math.floor(Date.now() / 1000));
  return { isValid: verdict.valid };
});
