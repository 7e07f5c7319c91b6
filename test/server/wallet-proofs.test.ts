/**
 * Real signature checks: ETHAuth proofs made with the suite's own proof maker (src/crypto/ethauth.ts) are valid
 * in both EOA signature forms and invalid when tampered, expired or issued in the future; GetLinkedWallets
 * requires the parent's own EIP-191 signature.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { GetLinkedWallets, IsValidETHAuthProof } from '../../src/contract/operations.js';
import { encodeClaims, freshClaims, makeProof, proofString, signClaims, type EthAuthClaims } from '../../src/crypto/ethauth.js';
import { startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';
import { call, expectDocumented, expectError, SIGNER } from './support.js';

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ seed: 4 });
});
afterAll(async () => {
  await server.close();
});

const wallet = SIGNER.address.toLowerCase();
const isValid = async (ethAuthProofString: string, walletAddress = wallet, chainId = '37714555429') => {
  const answer = await call(server, IsValidETHAuthProof, null, { chainId, walletAddress, ethAuthProofString });
  expectDocumented(IsValidETHAuthProof, answer);
  return answer.json.isValid as boolean;
};
const now = () => Math.floor(Date.now() / 1000);

describe('IsValidETHAuthProof', () => {
  it('accepts an EOA proof signed as EIP-712 typed data and as an EIP-191 message over the digest', async () => {
    for (const form of ['eip712', 'eip191-digest'] as const) {
      const proof = await makeProof(SIGNER, freshClaims(new Date()), form);
      expect(await isValid(proof), form).toBe(true);
      expect(await isValid(proof, SIGNER.address, '137'), `${form}, checksummed wallet`).toBe(true);
      expect(await isValid(`${proof}.0x`), `${form}, with an extra part`).toBe(true);
    }
    const minimal: EthAuthClaims = { app: 'minimal', iat: now() - 10, exp: now() + 600, v: '1' };
    expect(await isValid(await makeProof(SIGNER, minimal, 'eip712'))).toBe(true);
  });

  it('refuses a proof for another wallet, tampered claims or signature, and claims out of time', async () => {
    const claims = freshClaims(new Date());
    const signature = await signClaims(SIGNER, claims, 'eip712');
    const proof = proofString(SIGNER.address, claims, signature);
    const stranger = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
    expect(await isValid(proof, stranger)).toBe(false);
    expect(await isValid(proofString(stranger, claims, signature), stranger)).toBe(false);
    expect(await isValid(proofString(SIGNER.address, { ...claims, app: 'another-app' }, signature))).toBe(false);
    const flipped = `${signature.slice(0, 10)}${signature[10] === '0' ? '1' : '0'}${signature.slice(11)}` as `0x${string}`;
    expect(await isValid(proofString(SIGNER.address, claims, flipped))).toBe(false);

    const t = now();
    const outOfTime: EthAuthClaims[] = [
      { app: 'a', iat: t - 7200, exp: t - 600, v: '1' }, // expired beyond the 5 minutes of drift
      { app: 'a', iat: t + 600, exp: t + 3600, v: '1' }, // issued in the future
      { app: 'a', iat: t, exp: t + 400 * 86_400, v: '1' }, // valid for more than a year
    ];
    for (const c of outOfTime) expect(await isValid(await makeProof(SIGNER, c, 'eip712')), JSON.stringify(c)).toBe(false);
    const withinDrift: EthAuthClaims = { app: 'a', iat: t - 3600, exp: t - 60, v: '1' };
    expect(await isValid(await makeProof(SIGNER, withinDrift, 'eip712'))).toBe(true);
    const noVersion = { app: 'a', iat: t, exp: t + 600, v: '' };
    expect(await isValid(await makeProof(SIGNER, noVersion, 'eip712'))).toBe(false);
  });

  it('answers a malformed proof with isValid false, never an error', async () => {
    const claims = encodeClaims(freshClaims(new Date()));
    for (const proof of [
      '',
      'eth',
      `eth.${wallet}`,
      `btc.${wallet}.${claims}.0x00`,
      `eth.not-an-address.${claims}.0x00`,
      `eth.${wallet}.!!!.0x00`,
      `eth.${wallet}.${claims}.zz`,
      `eth.${wallet}.${Buffer.from('[1]').toString('base64url')}.0x00`,
      `eth.${wallet}.${claims}.0x1234`,
      'a.b.c.d.e.f',
    ]) {
      expect(await isValid(proof), proof).toBe(false);
    }
  });
});

describe('GetLinkedWallets', () => {
  const message = `parent wallet with address ${wallet}`;

  it("lists the parent's linked wallets when the parent signed the message, the same list every time", async () => {
    const body = {
      parentWalletAddress: SIGNER.address,
      parentWalletMessage: message,
      parentWalletSignature: await SIGNER.signMessage({ message }),
      signatureChainId: '137',
    };
    const first = await call(server, GetLinkedWallets, null, body);
    expectDocumented(GetLinkedWallets, first);
    for (const linked of first.json.linkedWallets) expect(linked.walletAddress).toBe(wallet);
    expect((await call(server, GetLinkedWallets, null, body)).json).toEqual(first.json);
    // Some parent has linked wallets: the list is data, not always empty.
    const lists = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const parent = privateKeyToAccount(generatePrivateKey());
        const m = `parent wallet with address ${parent.address}`;
        const answer = await call(server, GetLinkedWallets, null, {
          parentWalletAddress: parent.address,
          parentWalletMessage: m,
          parentWalletSignature: await parent.signMessage({ message: m }),
          signatureChainId: '1',
        });
        expectDocumented(GetLinkedWallets, answer);
        return answer.json.linkedWallets as unknown[];
      }),
    );
    expect(lists.some((l) => l.length > 0)).toBe(true);
  });

  it('refuses a signature by another wallet, over another message, or malformed, with InvalidArgument', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey());
    const cases = [
      { parentWalletMessage: message, parentWalletSignature: await stranger.signMessage({ message }) },
      { parentWalletMessage: `${message}!`, parentWalletSignature: await SIGNER.signMessage({ message }) },
      { parentWalletMessage: message, parentWalletSignature: '0x1234' },
      { parentWalletMessage: message, parentWalletSignature: 'not hex' },
      { parentWalletMessage: message },
    ];
    for (const c of cases) {
      const answer = await call(server, GetLinkedWallets, null, { parentWalletAddress: wallet, signatureChainId: '137', ...c });
      expectError(answer, 400, 'InvalidArgument', 2001);
    }
  });
});
