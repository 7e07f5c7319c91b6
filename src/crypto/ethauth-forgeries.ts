/**
 * Proofs a server must not accept, made from real ones (wire-facts.md §6): a changed signature, a proof that
 * names one wallet but is signed by another key, and claims that expired well beyond the 5 minutes of drift.
 * Each differs from a valid proof in one respect only, so refusing it shows the server checks that respect.
 */
import type { LocalAccount } from 'viem';
import { proofString, signClaims, type EthAuthClaims, type EthAuthSignatureForm } from './ethauth.js';

/** The proof with one hex digit inside the signature's r changed: the signature no longer recovers to the address. */
export function withTamperedSignature(proof: string): string {
  const parts = proof.split('.');
  const signature = parts[3];
  if (!signature || signature.length < 12) throw new Error('not an ETHAuth proof with a signature');
  const at = 10;
  parts[3] = `${signature.slice(0, at)}${signature[at] === '0' ? '1' : '0'}${signature.slice(at + 1)}`;
  return parts.join('.');
}

/** A proof that names `claimed`'s address while `signer` (another key) made the signature. */
export async function proofSignedByAnother(
  claimed: string,
  signer: LocalAccount,
  claims: EthAuthClaims,
  form: EthAuthSignatureForm,
): Promise<string> {
  return proofString(claimed, claims, await signClaims(signer, claims, form));
}

/** Claims issued two hours ago that expired an hour ago: outside "now − 5 min" whatever the clock drift. */
export function expiredClaims(now: Date, app = 'conformance-suite'): EthAuthClaims {
  const seconds = Math.floor(now.getTime() / 1000);
  return { app, iat: seconds - 7200, exp: seconds - 3600, n: 1, typ: 'ETHAuth', ogn: 'http://127.0.0.1', v: '1' };
}
