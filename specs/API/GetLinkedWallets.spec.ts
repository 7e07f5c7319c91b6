import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { GetLinkedWallets } from '../../src/contract/index.js';
import { describeOperation, grounded } from '../../src/harness/index.js';

describeOperation({
  op: GetLinkedWallets,
  // The parent proves control with a real EIP-191 signature made here (wire-facts.md §6).
  example: async ({ session }) => {
    const parent = privateKeyToAccount(generatePrivateKey());
    const message = `parent wallet with address ${parent.address.toLowerCase()}`;
    return grounded({
      parentWalletAddress: parent.address.toLowerCase(),
      parentWalletMessage: message,
      parentWalletSignature: await parent.signMessage({ message }),
      signatureChainId: String(session.network!.chainId),
    });
  },
});
