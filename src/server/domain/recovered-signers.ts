/**
 * Signers recovered from signatures, remembered. Recovering a public key is the reference server's costliest
 * work (about a millisecond in pure JavaScript, a sixth of its CPU in a full run), and a run sends some proofs and
 * signed messages more than once (about one in seven, measured). Recovery is a pure function of what is
 * remembered here, so an answer never depends on whether it was remembered.
 */
import type { Hex } from 'viem';

/** Enough for the distinct signatures a run sends to stay remembered across its networks; old ones go first. */
const REMEMBERED_AT_MOST = 4096;
const remembered = new Map<string, Promise<Hex | undefined>>();

/** The signer `recover` finds for the signature `key` names (undefined when it is not a valid signature). */
export function recoveredSigner(key: string, recover: () => Promise<Hex>): Promise<Hex | undefined> {
  let signer = remembered.get(key);
  if (!signer) {
    signer = recover().catch(() => undefined);
    remembered.set(key, signer);
    if (remembered.size > REMEMBERED_AT_MOST) remembered.delete(remembered.keys().next().value!);
  }
  return signer;
}
