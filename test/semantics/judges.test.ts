/**
 * The pure judges behind the Swap, Relayer, Indexer and audience checks, and the ETHAuth forgeries: each rule
 * holds on a conformant answer, is found on a broken one, and is left undecided (skipped, never passed) when
 * the answer gives nothing to compare.
 */
import { describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { networkBySlug } from '../../src/contract/networks.js';
import { freshClaims, makeProof } from '../../src/crypto/ethauth.js';
import { expiredClaims, proofSignedByAnother, withTamperedSignature } from '../../src/crypto/ethauth-forgeries.js';
import { verifyEthAuthProof } from '../../src/server/domain/ethauth.js';
import { chainNodeUrl, nodeOrigin } from '../../src/harness/drivers/chain-node.js';
import { judgeFeeTokenChains, judgeFeeValues } from '../../src/semantics/fees.js';
import { judgeContactsOfAudience, judgeRemovalStaysInAudience } from '../../src/semantics/audience-reading.js';
import { judgeBalanceAccount, judgeBalanceDecimal } from '../../src/semantics/native-balance.js';
import { judgeApproveData, judgeMaxPrices, judgeQuoteAgainstPrice, judgeSlippage, slippageCeiling } from '../../src/semantics/swap.js';

const isFinding = (j: unknown) => typeof j === 'object' && j !== null && 'finding' in j;
const isUndecided = (j: unknown) => typeof j === 'object' && j !== null && 'undecided' in j;

describe('swap judges', () => {
  it('maxPrice >= price, as integers beyond 2^53', () => {
    const big = '123456789012345678901234567890';
    expect(judgeMaxPrices([{ price: big, maxPrice: big }], '/swapPrices')).toBe('holds');
    const below = judgeMaxPrices(
      [
        { price: '10', maxPrice: '11' },
        { price: big, maxPrice: '123456789012345678901234567889' },
      ],
      '/swapPrices',
    );
    expect(below).toMatchObject({ finding: { pointer: '/swapPrices/1/maxPrice' } });
    expect(isUndecided(judgeMaxPrices([{ price: null }, { maxPrice: '0x10', price: '1' }], '/swapPrices'))).toBe(true);
  });

  it('a quote agrees with its chosen price: same currency (any case), no dearer than its maxPrice', () => {
    const chosen = { currencyAddress: '0xAbC0000000000000000000000000000000000001', price: '100', maxPrice: '101' };
    expect(judgeQuoteAgainstPrice(chosen, { currencyAddress: '0xabc0000000000000000000000000000000000001', price: '101' })).toBe('holds');
    expect(judgeQuoteAgainstPrice(chosen, { currencyAddress: '0xdef0000000000000000000000000000000000001', price: '100' })).toMatchObject({
      finding: { pointer: '/swapQuote/currencyAddress' },
    });
    expect(judgeQuoteAgainstPrice(chosen, { currencyAddress: chosen.currencyAddress, price: '102' })).toMatchObject({
      finding: { pointer: '/swapQuote/price' },
    });
    // maxPrice below price is the other check's finding: the ceiling is the larger of the two
    expect(judgeQuoteAgainstPrice({ ...chosen, price: '101', maxPrice: '100' }, { price: '101' })).toBe('holds');
    expect(isUndecided(judgeQuoteAgainstPrice(chosen, {}))).toBe(true);
  });

  it('approveData follows includeApprove', () => {
    expect(judgeApproveData(true, { approveData: '0x095ea7b3' })).toBe('holds');
    expect(isFinding(judgeApproveData(true, { approveData: '0x' }))).toBe(true);
    expect(isFinding(judgeApproveData(true, {}))).toBe(true);
    for (const none of [{}, { approveData: null }, { approveData: '' }, { approveData: '0x' }])
      expect(judgeApproveData(false, none)).toBe('holds');
    expect(isFinding(judgeApproveData(false, { approveData: '0x095ea7b3' }))).toBe(true);
  });

  it('slippage: within price..⌈price·(100+s)/100⌉, either rounding, and a larger s gives a larger margin', () => {
    const price = 1_000_003n;
    const at = (s: number, maxPrice: bigint) => ({ slippage: s, price, maxPrice });
    expect(slippageCeiling(price, 1)).toBe(1_010_004n);
    expect(judgeSlippage(at(1, 1_010_003n), at(20, 1_200_004n), '/swapPrice')).toBe('holds'); // floor
    expect(judgeSlippage(at(1, 1_010_004n), at(20, 1_200_004n), '/swapPrice')).toBe('holds'); // ceil
    expect(isFinding(judgeSlippage(at(1, 1_010_003n), at(20, 1_010_003n), '/swapPrice'))).toBe(true); // fixed 1 %
    expect(isFinding(judgeSlippage(at(1, price), at(20, price), '/swapPrice'))).toBe(true); // slippage ignored
    expect(isFinding(judgeSlippage(at(1, 1_010_005n), at(20, 1_200_004n), '/swapPrice'))).toBe(true); // above the ceiling
    expect(isFinding(judgeSlippage(at(1, price - 1n), at(20, 1_200_004n), '/swapPrice'))).toBe(true); // below the price
    expect(
      isUndecided(judgeSlippage({ slippage: 1, price: 5n, maxPrice: 5n }, { slippage: 20, price: 5n, maxPrice: 6n }, '/swapPrice')),
    ).toBe(true);
  });
});

describe('relayer and indexer judges', () => {
  it("fee tokens are on the relayer's chain; values are decimal", () => {
    const options = [
      { token: { chainId: 137 }, value: '21000' },
      { token: { chainId: null }, value: null },
    ];
    expect(judgeFeeTokenChains(options, 137)).toBe('holds');
    expect(judgeFeeTokenChains([...options, { token: { chainId: 1 } }], 137)).toMatchObject({
      finding: { pointer: '/options/2/token/chainId', expected: 137, actual: 1 },
    });
    expect(isUndecided(judgeFeeTokenChains([{ token: null }], 137))).toBe(true);
    expect(judgeFeeValues(options)).toBe('holds');
    expect(judgeFeeValues([{ value: '0x5208' }])).toMatchObject({ finding: { pointer: '/options/0/value' } });
    expect(judgeFeeValues([{ value: '007' }])).toMatchObject({ finding: { pointer: '/options/0/value' } });
  });

  it('the balance is the asked account, case-insensitively, as a decimal', () => {
    const account = '0xAbC0000000000000000000000000000000000001';
    expect(judgeBalanceAccount(account, { accountAddress: account.toLowerCase() })).toBe('holds');
    expect(isFinding(judgeBalanceAccount(account, { accountAddress: '0x000000000000000000000000000000000000a11c' }))).toBe(true);
    expect(isUndecided(judgeBalanceAccount(account, {}))).toBe(true);
    expect(judgeBalanceDecimal({ balance: '0' })).toBe('holds');
    expect(isFinding(judgeBalanceDecimal({ balance: '0x0' }))).toBe(true);
  });

  it('a node URL template names the network, and messages show only its origin', () => {
    expect(chainNodeUrl('http://127.0.0.1:8545/{network}/rpc', networkBySlug('xai-sepolia'))).toBe('http://127.0.0.1:8545/xai-sepolia/rpc');
    expect(nodeOrigin('https://polygon.rpc.example/v3/secret-key')).toBe('https://polygon.rpc.example');
  });
});

describe('ETHAuth forgeries', () => {
  it('each differs from a valid proof in one respect, and the reference validator refuses it', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const now = Math.floor(Date.now() / 1000);
    for (const form of ['eip712', 'eip191-digest'] as const) {
      const claims = freshClaims(new Date());
      const proof = await makeProof(owner, claims, form);
      expect((await verifyEthAuthProof(proof, owner.address, now)).valid, form).toBe(true);
      const tampered = withTamperedSignature(proof);
      expect(tampered).not.toBe(proof);
      expect(tampered.split('.').slice(0, 3)).toEqual(proof.split('.').slice(0, 3));
      expect((await verifyEthAuthProof(tampered, owner.address, now)).valid, form).toBe(false);
      const byAnother = await proofSignedByAnother(owner.address, privateKeyToAccount(generatePrivateKey()), claims, form);
      expect((await verifyEthAuthProof(byAnother, owner.address, now)).valid, form).toBe(false);
      const expired = await makeProof(owner, expiredClaims(new Date()), form);
      expect((await verifyEthAuthProof(expired, owner.address, now)).valid, form).toBe(false);
    }
  });
});

describe('audience judges', () => {
  const contact = (id: number, audienceId: unknown) => ({ id, audienceId, address: `0x${'1'.repeat(40)}` });

  it('every listed contact with an audienceId names the audience asked for', () => {
    expect(judgeContactsOfAudience({ contacts: [contact(1, 7), contact(2, null), contact(3, 7)] }, 7)).toBe('holds');
    expect(judgeContactsOfAudience({ contacts: [contact(1, 7), contact(2, 8)] }, 7)).toMatchObject({
      finding: { pointer: '/contacts/1/audienceId', expected: 7, actual: 8 },
    });
  });

  it('a removal for one audience leaves the contacts of another in place, and the named one keeps what it was not asked to lose', () => {
    const other = { audienceId: 9, before: [21, 22, 23], after: [21, 22, 23] };
    expect(judgeRemovalStaysInAudience(other, 8, [21, 22])).toBe('holds');
    expect(judgeRemovalStaysInAudience({ ...other, after: [23] }, 8, [21, 22])).toMatchObject({
      finding: { pointer: '/contacts', expected: [21, 22, 23], actual: [23], message: expect.stringContaining('away from audience 9') },
    });
    const named = { audienceId: 8, before: [11, 12], after: [11, 12] };
    expect(judgeRemovalStaysInAudience(named, 8, [21, 22])).toBe('holds');
    expect(judgeRemovalStaysInAudience({ ...named, after: [12] }, 8, [21, 22])).toMatchObject({
      finding: { expected: [11, 12], actual: [12] },
    });
    // Were the named IDs the named audience's own, their going is the removal asked for.
    expect(judgeRemovalStaysInAudience({ audienceId: 8, before: [21, 12], after: [12] }, 8, [21])).toBe('holds');
  });

  it('no contact, or none with an audienceId, decides nothing', () => {
    expect(isUndecided(judgeContactsOfAudience({ contacts: null }, 7))).toBe(true);
    expect(isUndecided(judgeContactsOfAudience({ contacts: [{ id: 1 }] }, 7))).toBe(true);
  });
});
