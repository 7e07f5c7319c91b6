/**
 * Makes ETHAuth v1 proofs the way wallets do (wire-facts.md §6), so the suite can hand a server a proof it
 * must accept and tampered ones it must refuse. The digest is ethauth-digest.ts's; the account signs it.
 */
import type { Hex, LocalAccount } from 'viem';
import { CLAIM_TYPES, claimsDigestOf, type ClaimType } from './ethauth-digest.js';

export interface EthAuthClaims {
  readonly app: string;
  readonly iat: number;
  readonly exp: number;
  readonly n?: number;
  readonly typ?: string;
  readonly ogn?: string;
  readonly v: string;
}

/** How an EOA signs the claims: libraries differ (wire-facts.md §6), a conformant server accepts one. */
export type EthAuthSignatureForm = 'eip712' | 'eip191-digest';

const TYPE_OF = Object.fromEntries(CLAIM_TYPES) as Record<keyof EthAuthClaims, ClaimType>;
const CLAIM_ORDER: readonly (keyof EthAuthClaims)[] = CLAIM_TYPES.map(([name]) => name);

/**
 * The members of the EIP-712 message: only the claims that are set, in the fixed order. "Set" as the Go library
 * means it: a zero value (0, '') counts as unset and is left out of the digest.
 */
function presentClaims(claims: EthAuthClaims): (keyof EthAuthClaims)[] {
  return CLAIM_ORDER.filter((key) => claims[key] !== undefined && claims[key] !== '' && claims[key] !== 0);
}

/** The claims as EIP-712 typed data: what a wallet is shown, and what the digest is the hash of. */
export function claimsTypedData(claims: EthAuthClaims) {
  const present = presentClaims(claims);
  return {
    domain: { name: 'ETHAuth', version: '1' },
    types: { Claims: present.map((name) => ({ name, type: TYPE_OF[name] })) },
    primaryType: 'Claims' as const,
    message: Object.fromEntries(present.map((key) => [key, typeof claims[key] === 'number' ? BigInt(claims[key] as number) : claims[key]])),
  };
}

export function claimsDigest(claims: EthAuthClaims): Hex {
  return claimsDigestOf(presentClaims(claims).map((key) => [key, TYPE_OF[key], claims[key]!] as const));
}

export async function signClaims(account: LocalAccount, claims: EthAuthClaims, form: EthAuthSignatureForm): Promise<Hex> {
  // Signing the typed data is signing its digest; an account that signs no bare digest is handed the typed data.
  if (form === 'eip712')
    return account.sign
      ? account.sign({ hash: claimsDigest(claims) })
      : account.signTypedData(claimsTypedData(claims) as Parameters<LocalAccount['signTypedData']>[0]);
  return account.signMessage({ message: { raw: claimsDigest(claims) } });
}

export function encodeClaims(claims: EthAuthClaims): string {
  return Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
}

/** `eth.<address>.<claims>.<signature>` with the address lower-case. */
export function proofString(address: string, claims: EthAuthClaims, signature: Hex): string {
  return `eth.${address.toLowerCase()}.${encodeClaims(claims)}.${signature}`;
}

/** Claims valid now: issued a minute ago, expiring in an hour. */
export function freshClaims(now: Date, app = 'conformance-suite'): EthAuthClaims {
  const seconds = Math.floor(now.getTime() / 1000);
  return { app, iat: seconds - 60, exp: seconds + 3600, n: 1, typ: 'ETHAuth', ogn: 'http://127.0.0.1', v: '1' };
}

export async function makeProof(account: LocalAccount, claims: EthAuthClaims, form: EthAuthSignatureForm): Promise<string> {
  return proofString(account.address, claims, await signClaims(account, claims, form));
}
