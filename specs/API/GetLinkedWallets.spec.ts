import { IF, WF } from '../../src/checks/catalogue-types.js';
import { GetLinkedWallets } from '../../src/contract/index.js';
import { recordOf } from '../../src/contract/json-values.js';
import { describeOperation, ungrounded } from '../../src/harness/index.js';
import { expectLinkedWalletsRefused, linkedWalletsRequest, parentMessage, seededKey } from '../../src/harness/drivers/wallet-proofs.js';

describeOperation({
  op: GetLinkedWallets,
  // The parent proves control with a real EIP-191 signature made here. That signature form is wire-facts.md §6,
  // not the document: a server that refuses it breaks a SHOULD (linked-wallets-parent-signature-accepted), not
  // response-schema's MUST.
  example: async ({ session, network }) => {
    const parent = seededKey({ session }, 'example');
    const message = parentMessage(parent.address);
    return ungrounded(
      {
        parentWalletAddress: parent.address.toLowerCase(),
        parentWalletMessage: message,
        parentWalletSignature: await parent.signMessage({ message }),
        signatureChainId: String(network.chainId),
      },
      'how the parent signs its message (EIP-191) is a convention of wire-facts.md §6, not stated by the document',
    );
  },
  checks: [
    {
      id: 'linked-wallets-parent-signature-accepted',
      level: 'SHOULD',
      area: 'crypto',
      title: "GetLinkedWallets answers 200 with a list when the parent's EIP-191 signature of the message is correct",
      basis: `${WF} §6: "the parent signs the message ... with an EIP-191 personal-message signature" (${IF} does not say how the message is signed)`,
      async run(run) {
        const parent = seededKey(run, run.id, 'parent');
        const message = parentMessage(parent.address);
        const answer = await run.send(linkedWalletsRequest(run, parent.address, message, await parent.signMessage({ message })));
        if (answer.status !== 200) {
          run.fail({
            message: "the parent's own EIP-191 signature of its message should be accepted",
            pointer: '',
            expected: 200,
            actual: `${answer.status} ${String(recordOf(answer.json)?.['error'] ?? '')}`.trim(),
          });
        }
        const list = recordOf(answer.json)?.['linkedWallets'];
        // An empty list may be sent as null (wire-facts.md §5); the items' shape is response-schema's business.
        if (list !== null && list !== undefined && !Array.isArray(list)) {
          run.fail({
            message: 'linkedWallets should be a list',
            pointer: '/linkedWallets',
            expected: 'an array (or null when empty)',
            actual: list,
          });
        }
      },
    },
    {
      id: 'linked-wallets-wrong-signature-refused',
      level: 'MUST',
      area: 'crypto',
      title: 'GetLinkedWallets refuses with a 4xx error a signature by another key, or of another message',
      basis: `${IF} §What the service does: "list wallets linked to a parent wallet after the parent proves control with a message and signature"`,
      async run(run) {
        const parent = seededKey(run, run.id, 'parent');
        const message = parentMessage(parent.address);
        const byAnother = await seededKey(run, run.id, 'another').signMessage({ message });
        await expectLinkedWalletsRefused(
          run,
          linkedWalletsRequest(run, parent.address, message, byAnother),
          "the message signed by another key than the parent's",
        );
        const ofAnother = await parent.signMessage({ message: `${message} (another message)` });
        await expectLinkedWalletsRefused(
          run,
          linkedWalletsRequest(run, parent.address, message, ofAnother),
          "the parent's signature of another message",
        );
      },
    },
  ],
});
