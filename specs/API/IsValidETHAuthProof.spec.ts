import { IF, WF } from '../../src/checks/catalogue-types.js';
import { IsValidETHAuthProof } from '../../src/contract/index.js';
import { makeProof } from '../../src/crypto/ethauth.js';
import { expiredClaims, proofSignedByAnother, withTamperedSignature } from '../../src/crypto/ethauth-forgeries.js';
import { describeOperation, grounded } from '../../src/harness/index.js';
import {
  acceptedForm,
  claimsTime,
  expectProofRefused,
  freshRunClaims,
  probeForm,
  seededKey,
} from '../../src/harness/drivers/wallet-proofs.js';

describeOperation({
  op: IsValidETHAuthProof,
  // A proof made and signed here: any server can judge it, so the request is grounded without fixtures.
  example: async ({ session, network }) => {
    const account = seededKey({ session }, 'example');
    const proof = await makeProof(account, freshRunClaims({ session }), 'eip712');
    return grounded({ chainId: String(network.chainId), walletAddress: account.address.toLowerCase(), ethAuthProofString: proof });
  },
  checks: [
    {
      id: 'ethauth-fresh-proof-valid',
      level: 'SHOULD',
      area: 'crypto',
      title: 'A freshly signed ETHAuth v1 proof of a new EOA key is valid in at least one of the two EOA signature forms',
      basis: `${WF} §6: "An EOA's signature is accepted in one of two forms ... A conformant server accepts at least one: a suite should try both" (the proof format is not in ${IF})`,
      async run(run) {
        const probe = await acceptedForm(run);
        if (probe.lastExchange !== undefined) run.adopt(probe.lastExchange);
        if (!probe.form) {
          run.fail({
            message: 'a freshly signed ETHAuth v1 proof of a new EOA key should be valid in at least one EOA signature form',
            pointer: '/isValid',
            expected: 'isValid true for the eip712 or the eip191-digest form',
            actual: probe.tried.join('; '),
          });
        }
      },
    },
    // Each probe below is a valid proof (in the form the server accepts) changed in one respect only.
    {
      id: 'ethauth-forged-signature-refused',
      level: 'MUST',
      area: 'crypto',
      title:
        'A proof whose signature is not by its address (a changed signature, or signed by another key) is not valid (isValid false or a 4xx error)',
      basis: `${IF} §What the service does: "validate a wallet authentication proof"; §Authentication 5: "Wallet-ownership proofs are part of operation payloads"`,
      async run(run) {
        const form = await probeForm(run);
        const owner = seededKey(run, run.id, 'owner');
        const claims = freshRunClaims(run);
        await expectProofRefused(
          run,
          owner.address,
          withTamperedSignature(await makeProof(owner, claims, form)),
          'a proof whose signature was changed',
        );
        await expectProofRefused(
          run,
          owner.address,
          await proofSignedByAnother(owner.address, seededKey(run, run.id, 'another'), claims, form),
          'a proof signed by another key than the address it names',
        );
      },
    },
    {
      id: 'ethauth-other-wallet-refused',
      level: 'MUST',
      area: 'crypto',
      title: "A valid proof checked against another key's walletAddress is not valid (isValid false or a 4xx error)",
      basis: `${IF} §What the service does: "validate a wallet authentication proof"; IsValidETHAuthProof request "walletAddress string; ethAuthProofString string"`,
      async run(run) {
        const owner = seededKey(run, run.id, 'owner');
        const proof = await makeProof(owner, freshRunClaims(run), await probeForm(run));
        await expectProofRefused(
          run,
          seededKey(run, run.id, 'another').address,
          proof,
          "a valid proof checked against another key's walletAddress",
        );
      },
    },
    {
      id: 'ethauth-expired-proof-refused',
      // interface.md never says a proof expires: the window is the libraries' convention, so a server that
      // ignores it breaks no MUST.
      level: 'SHOULD',
      area: 'crypto',
      title: 'A correctly signed proof whose claims expired an hour ago is not valid (isValid false or a 4xx error)',
      basis: `${WF} §6: "Claims are valid when ... exp lies between now − 5 min and now + 1 year" (${IF} says nothing of proof expiry)`,
      async run(run) {
        const owner = seededKey(run, run.id, 'owner');
        const proof = await makeProof(owner, expiredClaims(claimsTime(run)), await probeForm(run));
        await expectProofRefused(run, owner.address, proof, 'a correctly signed proof whose claims expired an hour ago');
      },
    },
  ],
});
