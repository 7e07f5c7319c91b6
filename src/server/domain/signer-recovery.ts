/**
 * The address that signed a digest, recovered by libsecp256k1 (tiny-secp256k1, compiled to WebAssembly). viem's
 * recovery in pure JavaScript took ~2.6 ms a signature here, which made the wallet operations most of the
 * reference server's CPU in a full run; this takes a sixth of that. What it accepts is what viem's
 * `recoverAddress` accepts: 65 bytes r ‖ s ‖ v with v one of 0, 1, 27, 28, r and s in the curve's range; anything
 * else throws.
 */
import * as secp256k1 from 'tiny-secp256k1';
import { hashMessage, hexToBytes, type Hex, type SignableMessage } from 'viem';
import { addressOfPublicKey } from '../../crypto/keccak.js';

const SIGNATURE_BYTES = 65;

/** The lower-case address whose key signed the 32-byte `digest`. */
export function recoverDigestSigner(digest: Hex, signature: Hex): Hex {
  const bytes = hexToBytes(signature);
  if (bytes.length !== SIGNATURE_BYTES) throw new Error(`a signature is ${SIGNATURE_BYTES} bytes, got ${bytes.length}`);
  const v = bytes[64]!;
  const recoveryId = v === 27 || v === 28 ? v - 27 : v;
  if (recoveryId !== 0 && recoveryId !== 1) throw new Error(`not a recovery value: ${v}`);
  const publicKey = secp256k1.recover(hexToBytes(digest), bytes.subarray(0, 64), recoveryId, false);
  if (publicKey === null) throw new Error('no public key recovers from this signature');
  return addressOfPublicKey(publicKey);
}

/** The lower-case address whose key signed `message` as an EIP-191 personal message. */
export function recoverMessageSigner(message: SignableMessage, signature: Hex): Hex {
  return recoverDigestSigner(hashMessage(message), signature);
}
