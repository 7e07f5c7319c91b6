/**
 * The keys the checks sign with: viem's account interface, the secp256k1 work done by libsecp256k1
 * (tiny-secp256k1, compiled to WebAssembly). The checks make a key of their own for each use, so a run makes
 * about a thousand keys and signs as many times: viem's pure JavaScript took ~1.3 ms for a key and a signature,
 * this ~0.45 ms. The signatures are the same bytes as viem's (RFC 6979 nonces, low s, v of 27 or 28).
 */
import * as secp256k1 from 'tiny-secp256k1';
import { hashMessage, hashTypedData, hexToBytes, toHex, type Hex, type LocalAccount } from 'viem';
import { toAccount } from 'viem/accounts';
import { addressOfPublicKey, checksumAddress } from './keccak.js';

export function signingKey(privateKey: Hex): LocalAccount {
  const secret = hexToBytes(privateKey);
  const publicKey = secp256k1.pointFromScalar(secret, false);
  if (publicKey === null) throw new Error('not a secp256k1 private key');
  const sign = (hash: Hex): Hex => {
    const { signature, recoveryId } = secp256k1.signRecoverable(hexToBytes(hash), secret);
    return `${toHex(signature)}${(27 + recoveryId).toString(16)}`;
  };
  const account = toAccount({
    address: checksumAddress(addressOfPublicKey(publicKey)),
    sign: ({ hash }) => Promise.resolve(sign(hash)),
    signMessage: ({ message }) => Promise.resolve(sign(hashMessage(message))),
    signTypedData: (typedData) => Promise.resolve(sign(hashTypedData(typedData))),
    signTransaction: () => Promise.reject(new Error('the checks sign no transactions')),
  });
  return { ...account, publicKey: toHex(publicKey) };
}
