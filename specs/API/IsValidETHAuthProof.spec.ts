import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { IsValidETHAuthProof } from '../../src/contract/index.js';
import { freshClaims, makeProof } from '../../src/crypto/ethauth.js';
import { describeOperation, grounded } from '../../src/harness/index.js';

describeOperation({
  op: IsValidETHAuthProof,
  // A proof made and signed here: any server can judge it, so the request is grounded without fixtures.
  example: async ({ session }) => {
    const account = privateKeyToAccount(generatePrivateKey());
    const proof = await makeProof(account, freshClaims(new Date()), 'eip712');
    return grounded({ chainId: String(session.network!.chainId), walletAddress: account.address.toLowerCase(), ethAuthProofString: proof });
  },
});
