/**
 * ETHAuth proofs (wire-facts.md §6): `eth.<address>.<claims>.<signature>[.<extra>]`, claims as unpadded
 * base64url JSON, signed as EIP-712 typed data under domain {name: "ETHAuth", version: "1"} with primary type
 * `Claims` made of the claims that are set, in the order app, iat, exp, n, typ, ogn, v.
 * An EOA signature is accepted in both forms libraries produce: the plain EIP-712 signature of the digest,
 * and the EIP-191 personal-message signature over the 32-byte digest. Smart-contract wallets (EIP-1271) need
 * a chain and are out of scope: their proofs are not valid here.
 */
import { isAddress, isHex, type Hex } from 'viem';
import { isRecord } from '../../contract/json-values.js';
import { CLAIM_TYPES, claimsDigestOf, type ClaimMember } from '../../crypto/ethauth-digest.js';
import { recoveredSigner } from './recovered-signers.js';
import { recoverDigestSigner, recoverMessageSigner } from './signer-recovery.js';

export interface EthAuthClaims {
  readonly app?: string;
  readonly iat?: number;
  readonly exp?: number;
  readonly n?: number;
  readonly typ?: string;
  readonly ogn?: string;
  readonly v?: string;
}

/** Clock drift tolerated on iat and exp. */
const DRIFT_SECONDS = 5 * 60;
const MAX_LIFETIME_SECONDS = 365 * 24 * 60 * 60;

interface ParsedProof {
  readonly address: Hex;
  readonly claims: EthAuthClaims;
  readonly signature: Hex;
}

export type ProofVerdict = { readonly valid: true } | { readonly valid: false; readonly reason: string };

/** The proof's parts, or a reason it is malformed. */
function parseProof(proof: string): ParsedProof | string {
  const parts = proof.split('.');
  if (parts.length !== 4 && parts.length !== 5) return 'not eth.<address>.<claims>.<signature>[.<extra>]';
  const [prefix, address, encodedClaims, signature] = parts as [string, string, string, string];
  if (prefix !== 'eth') return 'prefix is not "eth"';
  if (!isAddress(address, { strict: false })) return 'address part is not an address';
  if (!/^[A-Za-z0-9_-]+$/.test(encodedClaims)) return 'claims part is not base64url';
  if (!isHex(signature, { strict: true }) || signature.length < 4) return 'signature part is not 0x hex';
  const claims = decodeClaims(encodedClaims);
  if (typeof claims === 'string') return claims;
  return { address: address.toLowerCase() as Hex, claims, signature };
}

function decodeClaims(encoded: string): EthAuthClaims | string {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return 'claims are not JSON';
  }
  if (!isRecord(raw)) return 'claims are not a JSON object';
  const record = raw;
  const claims: Record<string, string | number> = {};
  for (const [name, type] of CLAIM_TYPES) {
    const value = record[name];
    if (value === undefined || value === null) continue;
    if (type === 'string' ? typeof value !== 'string' : !Number.isSafeInteger(value) || (type === 'uint64' && (value as number) < 0)) {
      return `claim ${name} has the wrong type`;
    }
    claims[name] = value as string | number;
  }
  return claims as EthAuthClaims;
}

/** Why the claims are not acceptable at `now` (seconds), or undefined when they are. */
function claimsProblem(claims: EthAuthClaims, now: number): string | undefined {
  if (!claims.app) return 'claim app is not set';
  if (!claims.v) return 'claim v is not set';
  if ((claims.iat ?? 0) > now + DRIFT_SECONDS) return 'issued in the future';
  const exp = claims.exp ?? 0;
  if (exp < now - DRIFT_SECONDS) return 'expired';
  if (exp > now + MAX_LIFETIME_SECONDS) return 'expires more than a year ahead';
  return undefined;
}

/** The EIP-712 digest of the claims: only the claims that are set (non-zero, non-empty) are members. */
function claimsDigest(claims: EthAuthClaims): Hex {
  const members: ClaimMember[] = [];
  for (const [name, type] of CLAIM_TYPES) {
    const value = claims[name];
    if (value === undefined || value === '' || value === 0) continue;
    members.push([name, type, value]);
  }
  return claimsDigestOf(members);
}

export async function verifyEthAuthProof(proof: string, walletAddress: string, nowSeconds: number): Promise<ProofVerdict> {
  const parsed = parseProof(proof);
  if (typeof parsed === 'string') return { valid: false, reason: parsed };
  if (parsed.address !== walletAddress.toLowerCase()) return { valid: false, reason: 'proof is for another wallet' };
  const problem = claimsProblem(parsed.claims, nowSeconds);
  if (problem) return { valid: false, reason: problem };
  const digest = claimsDigest(parsed.claims);
  const { signature } = parsed;
  // The EIP-191 form is recovered only when the plain EIP-712 one is not the proof's signer.
  const typedSigner = recoveredSigner(`712 ${digest} ${signature}`, () => recoverDigestSigner(digest, signature));
  if (typedSigner?.toLowerCase() === parsed.address) return { valid: true };
  const messageSigner = recoveredSigner(`191 ${digest} ${signature}`, () => recoverMessageSigner({ raw: digest }, signature));
  return messageSigner?.toLowerCase() === parsed.address
    ? { valid: true }
    : { valid: false, reason: 'signature is not by the proof address' };
}
