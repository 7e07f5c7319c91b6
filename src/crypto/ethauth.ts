/**
 * Makes ETHAuth v1 proofs the way wallets do (wire-facts.md §6), so the suite can hand a server a proof it
 * must accept and tampered ones it must refuse. viem does the hashing and signing.
 */
import { hashTypedData, type Hex, type LocalAccount } from 'viem';

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

const CLAIM_TYPES: Record<keyof EthAuthClaims, string> = {
  app: 'string',
  iat: 'int64',
  exp: 'int64',
  n: 'uint64',
  typ: 'string',
  ogn: 'string',
  v: 'string',
};
const CLAIM_ORDER: readonly (keyof EthAuthClaims)[] = ['app', 'iat', 'exp', 'n', 'typ', 'ogn', 'v'];

/**
 * The EIP-712 message of the claims: only the members that are set, in the fixed order. "Set" as the Go
 * library means it: a zero value (0, '') counts as unset and is left out of the digest.
 */
export function claimsTypedData(claims: EthAuthClaims) {
  const present = CLAIM_ORDER.filter((key) => claims[key] !== undefined && claims[key] !== '' && claims[key] !== 0);
  return {
    domain: { name: 'ETHAuth', version: '1' },
    types: { Claims: present.map((name) => ({ name, type: CLAIM_TYPES[name] })) },
    primaryType: 'Claims' as const,
    message: Object.fromEntries(present.map((key) => [key, typeof claims[key] === 'number' ? BigInt(claims[key] as number) : claims[key]])),
  };
}

export function claimsDigest(claims: EthAuthClaims): Hex {
  return hashTypedData(claimsTypedData(claims) as Parameters<typeof hashTypedData>[0]);
}

export async function signClaims(account: LocalAccount, claims: EthAuthClaims, form: EthAuthSignatureForm): Promise<Hex> {
  if (form === 'eip712') return account.signTypedData(claimsTypedData(claims) as Parameters<LocalAccount['signTypedData']>[0]);
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
