/**
 * Signers recovered from signatures, remembered. Recovering a public key is still among the reference server's
 * costliest work, and a run sends some proofs and signed messages more than once (about one in seven, measured).
 * Recovery is a pure function of what is remembered here, so an answer never depends on whether it was
 * remembered.
 */
import type { Hex } from 'viem';

/** Enough for the distinct signatures a run sends to stay remembered across its networks; old ones go first. */
const REMEMBERED_AT_MOST = 4096;
const remembered = new Map<string, Hex | undefined>();

/** The signer `recover` finds for the signature `key` names (undefined when it is not a valid signature). */
export function recoveredSigner(key: string, recover: () => Hex): Hex | undefined {
  if (remembered.has(key)) return remembered.get(key);
  let signer: Hex | undefined;
  try {
    signer = recover();
  } catch {
    signer = undefined;
  }
  remembered.set(key, signer);
  if (remembered.size > REMEMBERED_AT_MOST) remembered.delete(remembered.keys().next().value!);
  return signer;
}
