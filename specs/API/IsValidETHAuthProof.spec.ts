import { IsValidETHAuthProof } from '../../src/contract/index.js';
import { freshClaims, makeProof } from '../../src/crypto/ethauth.js';
import { expiredClaims, proofSignedByAnother, withTamperedSignature } from '../../src/crypto/ethauth-forgeries.js';
import { type CheckRun, describeOperation, grounded } from '../../src/harness/index.js';
import { acceptedForm, claimsTime, expectProofRefused, probeForm, seededKey } from '../../src/harness/drivers/wallet-proofs.js';

describeOperation({
  op: IsValidETHAuthProof,
  // A proof made and signed here: any server can judge it, so the request is grounded without fixtures.
  example: async ({ session }) => {
    const account = seededKey({ session }, 'example');
    const proof = await makeProof(account, freshClaims(claimsTime()), 'eip712');
    return grounded({ chainId: String(session.network!.chainId), walletAddress: account.address.toLowerCase(), ethAuthProofString: proof });
  },
  checks: {
    'ethauth-fresh-proof-valid': async (run: CheckRun) => {
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
    // Each probe below is a valid proof (in the form the server accepts) changed in one respect only.
    'ethauth-forged-signature-refused': async (run: CheckRun) => {
      const form = await probeForm(run);
      const owner = seededKey(run, run.id, 'owner');
      const claims = freshClaims(claimsTime());
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
    'ethauth-other-wallet-refused': async (run: CheckRun) => {
      const owner = seededKey(run, run.id, 'owner');
      const proof = await makeProof(owner, freshClaims(claimsTime()), await probeForm(run));
      await expectProofRefused(
        run,
        seededKey(run, run.id, 'another').address,
        proof,
        "a valid proof checked against another key's walletAddress",
      );
    },
    'ethauth-expired-proof-refused': async (run: CheckRun) => {
      const owner = seededKey(run, run.id, 'owner');
      const proof = await makeProof(owner, expiredClaims(claimsTime()), await probeForm(run));
      await expectProofRefused(run, owner.address, proof, 'a correctly signed proof whose claims expired an hour ago');
    },
  },
});
