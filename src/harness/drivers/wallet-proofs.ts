/**
 * Requests of the wallet utilities made with real keys (viem), and the probes the checks share: which EOA
 * signature form a server accepts (wire-facts.md §6: "a suite should try both"), and "this proof must be
 * refused". Every key is derived from the run's seed for one use only (seededKey).
 */
import type { LocalAccount } from 'viem';
import type { GetLinkedWallets, IsValidETHAuthProof } from '../../contract/operations.js';
import { freshClaims, makeProof, type EthAuthClaims, type EthAuthSignatureForm } from '../../crypto/ethauth.js';
import { keccak256Hex } from '../../crypto/keccak.js';
import { signingKey } from '../../crypto/signing-key.js';
import { isValidVerdict, judgeRefusal, linkedWalletsVerdict } from '../../semantics/proof-answers.js';
import type { CheckRun } from '../session.js';
import { settle } from './settle.js';

/**
 * A key of its own for each use, derived from the run's seed, the operation, the network and what it is for:
 * no server can know it beforehand unless it knows the seed, and the same seed signs the same proofs.
 */
export function seededKey(run: Pick<CheckRun, 'session'>, ...purpose: readonly string[]): LocalAccount {
  const { session } = run;
  // keccak256Hex of the text is viem's keccak256(toHex(text)), byte for byte (keccak.test.ts), at a fraction of the cost.
  return signingKey(
    keccak256Hex(['conformance-key', session.config.seed, session.operationId, session.network?.slug ?? 'global', ...purpose].join('/')),
  );
}

const HOUR_MS = 3_600_000;
/** The start of the UTC hour `ms` falls in. */
export const hourOf = (ms: number): number => Math.floor(ms / HOUR_MS) * HOUR_MS;
/**
 * The time the run's claims are issued at: the start of the UTC hour the run started in (`claimsAt`), the same
 * for every proof of the run, so two runs with one seed within the hour send the same proofs byte for byte, and
 * a replay, given the recorded run's, sends the recorded bytes. Expired claims expired at least an hour before
 * the real time.
 */
export const claimsTime = (run: Pick<CheckRun, 'session'>): Date => new Date(run.session.config.claimsAt ?? hourOf(Date.now()));

/** The longest run (--max-duration is at most 24 h) and the hour it may have started late in. */
const RUN_CLAIMS_VALID_S = 25 * 3600;
/**
 * Fresh claims for the run: issued at `claimsTime`, valid until the longest run is over ("exp lies between
 * now − 5 min and now + 1 year", wire-facts §6), so a proof made late in a long run is still fresh.
 */
export function freshRunClaims(run: Pick<CheckRun, 'session'>): EthAuthClaims {
  const issued = claimsTime(run);
  return { ...freshClaims(issued), exp: Math.floor(issued.getTime() / 1000) + RUN_CLAIMS_VALID_S };
}

/** A check of the operations that take wallet proofs: both per network, their chain named in the body. */
type ProofRun = CheckRun<typeof IsValidETHAuthProof | typeof GetLinkedWallets>;

const chainIdOf = (run: ProofRun): string => String(run.network.chainId);

export function proofRequest(run: ProofRun, walletAddress: string, ethAuthProofString: string) {
  return { chainId: chainIdOf(run), walletAddress: walletAddress.toLowerCase(), ethAuthProofString };
}

/** The message a parent wallet signs (any UTF-8 text, wire-facts.md §6). */
export const parentMessage = (parent: string): string => `parent wallet with address ${parent.toLowerCase()}`;

export function linkedWalletsRequest(run: ProofRun, parent: string, message: string, signature: string) {
  return {
    parentWalletAddress: parent.toLowerCase(),
    parentWalletMessage: message,
    parentWalletSignature: signature,
    signatureChainId: chainIdOf(run),
  };
}

export interface FormProbe {
  /** The first form, in the order eip712, eip191-digest, in which a fresh proof was valid; none when neither was. */
  readonly form?: EthAuthSignatureForm;
  /** What each form got, for the message. */
  readonly tried: readonly string[];
  readonly lastExchange?: number;
}

/** Which EOA signature form the server accepts, found once per session with fresh keys and fresh claims. */
export function acceptedForm(run: ProofRun): Promise<FormProbe> {
  return run.session.memoize('ethauth-accepted-form', async () => {
    const tried: string[] = [];
    let lastExchange: number | undefined;
    for (const form of ['eip712', 'eip191-digest'] as const) {
      const key = seededKey(run, 'accepted-form', form);
      const answer = await run.send(proofRequest(run, key.address, await makeProof(key, freshRunClaims(run), form)));
      lastExchange = answer.index;
      if (isValidVerdict(answer) === 'accepted') return { form, tried, lastExchange };
      tried.push(`${form}: ${answer.status}${answer.status === 200 ? ` ${JSON.stringify(answer.json)}` : ''}`);
    }
    return { tried, ...(lastExchange === undefined ? {} : { lastExchange }) };
  });
}

/** The form to sign refusal probes with: the one the server accepts, so only the forged respect differs. */
export async function probeForm(run: ProofRun): Promise<EthAuthSignatureForm> {
  return (await acceptedForm(run)).form ?? 'eip712';
}

/** IsValidETHAuthProof must not find `proof` valid for `walletAddress`: isValid false or a 4xx error. */
export async function expectProofRefused(run: ProofRun, walletAddress: string, proof: string, what: string): Promise<void> {
  const answer = await run.send(proofRequest(run, walletAddress, proof));
  settle(run, judgeRefusal(isValidVerdict(answer), answer, what, 'isValid false or a 4xx error', '/isValid'));
}

/** GetLinkedWallets must refuse a signature that does not prove control of the parent: a 4xx error. */
export async function expectLinkedWalletsRefused(
  run: ProofRun,
  body: ReturnType<typeof linkedWalletsRequest>,
  what: string,
): Promise<void> {
  const answer = await run.send(body);
  settle(run, judgeRefusal(linkedWalletsVerdict(answer), answer, what, 'a 4xx error', ''));
}
