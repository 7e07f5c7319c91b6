/**
 * The parent proves control by signing parentWalletMessage (EIP-191 personal message, wire-facts.md §6).
 * The recovered signer must be parentWalletAddress; a signature that is malformed or by another wallet is
 * InvalidArgument (a client error, 400). Then the seeded linked wallets of that parent (possibly none).
 */
import type { Hex } from 'viem';
import { GetLinkedWallets } from '../../../contract/operations.js';
import { requireAddress, requireHexData } from '../../domain/args.js';
import { linkedWallets } from '../../data/linked-wallets.js';
import { recoveredSigner } from '../../domain/recovered-signers.js';
import { recoverMessageSigner } from '../../domain/signer-recovery.js';
import { invalidArgument } from '../../wire.js';
import { defineHandler } from '../handler.js';

export const handler = defineHandler(GetLinkedWallets, async (req, ctx) => {
  const parent = requireAddress('parentWalletAddress', req.parentWalletAddress);
  const signature = requireHexData('parentWalletSignature', req.parentWalletSignature);
  const signer = recoverSigner(req.parentWalletMessage ?? '', signature);
  if (signer !== parent) throw invalidArgument('parentWalletSignature: not signed by parentWalletAddress');
  return { linkedWallets: linkedWallets(ctx.world.seed, parent) };
});

function recoverSigner(message: string, signature: Hex): string {
  const signer = recoveredSigner(`191 ${JSON.stringify(message)} ${signature}`, () => recoverMessageSigner(message, signature));
  if (signer === undefined) throw invalidArgument('parentWalletSignature: not a valid signature');
  return signer.toLowerCase();
}
