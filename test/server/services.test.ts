/**
 * The semantics of the services besides the Marketplace, on the seeded data: swap prices and quotes, relayer
 * fees, native balances (and their pluggable source), and Builder state.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionData, parseAbi } from 'viem';
import { networkBySlug } from '../../src/contract/networks.js';
import {
  CreateAudience,
  FeeOptions,
  GetAudience,
  GetNativeTokenBalance,
  GetSwapPrice,
  GetSwapPrices,
  GetSwapQuote,
  RemoveAudienceContacts,
} from '../../src/contract/operations.js';
import { SeededWorld } from '../../src/server/data/world.js';
import {
  createReferenceApp,
  IMPORTED_CONTACTS_PER_NEW_AUDIENCE,
  startReferenceServer,
  type RunningReferenceServer,
} from '../../src/server/index.js';
import { call, expectDocumented, expectError, fixtureCollection, SIGNER } from './support.js';

// Swap coherence: a quote for a currency from the price list repeats its price and maxPrice, slippage follows
// the integer rule, and the two "null" cases of the document (no liquidity, insufficient funds) are real.
describe('swap', () => {
  const SEED = 5;
  const NETWORKS = ['polygon', 'xai-sepolia', 'bsc'] as const;
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ seed: SEED });
  });
  afterAll(async () => {
    await server.close();
  });

  const swapOf = (slug: string) => server.fixtures.networks![slug]!.swap!;

  describe('swap prices and quotes', () => {
    for (const slug of NETWORKS) {
      it(`on ${slug}: every price has maxPrice >= price and a quote repeats it`, async () => {
        const chainId = networkBySlug(slug).chainId;
        const swap = swapOf(slug);
        const prices = await call(server, GetSwapPrices, null, {
          userAddress: swap.userAddress,
          buyCurrencyAddress: swap.buyCurrencyAddress,
          buyAmount: swap.buyAmount,
          chainId,
        });
        expectDocumented(GetSwapPrices, prices);
        const list = prices.json.swapPrices as Array<Record<string, string>>;
        expect(list.map((p) => p.currencyAddress)).toContain(swap.sellCurrencyAddress);
        for (const price of list) {
          expect(BigInt(price.maxPrice!)).toBeGreaterThanOrEqual(BigInt(price.price!));
          expect(BigInt(price.currencyBalance!)).toBeGreaterThanOrEqual(BigInt(price.maxPrice!));
          for (const includeApprove of [true, false]) {
            const quote = await call(server, GetSwapQuote, null, {
              userAddress: swap.userAddress,
              sellCurrencyAddress: price.currencyAddress,
              buyCurrencyAddress: swap.buyCurrencyAddress,
              buyAmount: swap.buyAmount,
              chainId,
              includeApprove,
            });
            expectDocumented(GetSwapQuote, quote);
            const q = quote.json.swapQuote;
            expect({ currencyAddress: q.currencyAddress, price: q.price, maxPrice: q.maxPrice }).toEqual({
              currencyAddress: price.currencyAddress,
              price: price.price,
              maxPrice: price.maxPrice,
            });
            expect(q.transactionData).toMatch(/^0x[0-9a-f]+$/);
            if (includeApprove) {
              const approve = decodeFunctionData({
                abi: parseAbi(['function approve(address spender, uint256 amount)']),
                data: q.approveData,
              });
              const [spender, amount] = approve.args;
              expect([spender.toLowerCase(), amount]).toEqual([q.to, BigInt(q.maxPrice)]);
            } else {
              expect(q.approveData ?? '').toBe('');
            }
          }
        }
      });
    }

    it('GetSwapPrice: maxPrice = price * (100 + slippage) / 100, in integers', async () => {
      const swap = swapOf('polygon');
      for (const slippagePercentage of [0, 1, 7, 33, 250]) {
        const answer = await call(server, GetSwapPrice, null, {
          buyCurrencyAddress: swap.buyCurrencyAddress,
          sellCurrencyAddress: swap.sellCurrencyAddress,
          buyAmount: '123456789',
          chainId: 137,
          slippagePercentage,
        });
        expectDocumented(GetSwapPrice, answer);
        const { price, maxPrice } = answer.json.swapPrice;
        expect(BigInt(maxPrice)).toBe((BigInt(price) * (100n + BigInt(slippagePercentage))) / 100n);
      }
      const bigger = await call(server, GetSwapPrice, null, {
        buyCurrencyAddress: swap.buyCurrencyAddress,
        sellCurrencyAddress: swap.sellCurrencyAddress,
        buyAmount: '246913578',
        chainId: 137,
      });
      const smaller = await call(server, GetSwapPrice, null, {
        buyCurrencyAddress: swap.buyCurrencyAddress,
        sellCurrencyAddress: swap.sellCurrencyAddress,
        buyAmount: '123456789',
        chainId: 137,
      });
      expect(BigInt(bigger.json.swapPrice.price)).toBeGreaterThan(BigInt(smaller.json.swapPrice.price));
    });

    it('null when the pool lacks liquidity or the user lacks funds', async () => {
      const slug = 'xai-sepolia';
      const chainId = networkBySlug(slug).chainId;
      const swap = swapOf(slug);
      const illiquid = new SeededWorld(SEED).swap(networkBySlug(slug)).currencies.find((c) => !c.liquid)!;
      const noPool = await call(server, GetSwapPrices, null, {
        userAddress: swap.userAddress,
        buyCurrencyAddress: illiquid.address,
        buyAmount: '1000',
        chainId,
      });
      expectDocumented(GetSwapPrices, noPool);
      expect(noPool.json.swapPrices).toBeNull();
      const unknownToken = await call(server, GetSwapPrices, null, {
        userAddress: swap.userAddress,
        buyCurrencyAddress: SIGNER.address,
        buyAmount: '1000',
        chainId,
      });
      expect(unknownToken.json.swapPrices).toBeNull();
      const tooMuch = await call(server, GetSwapPrices, null, {
        userAddress: swap.userAddress,
        buyCurrencyAddress: swap.buyCurrencyAddress,
        buyAmount: '1' + '0'.repeat(40),
        chainId,
      });
      expectDocumented(GetSwapPrices, tooMuch);
      expect(tooMuch.json.swapPrices).toBeNull();
      const noPair = await call(server, GetSwapPrice, null, {
        buyCurrencyAddress: illiquid.address,
        sellCurrencyAddress: swap.sellCurrencyAddress,
        buyAmount: '1000',
        chainId,
      });
      expectDocumented(GetSwapPrice, noPair);
      expect(noPair.json.swapPrice).toBeNull();
    });

    it('refuses what cannot be priced with InvalidArgument', async () => {
      const swap = swapOf('polygon');
      const base = { userAddress: swap.userAddress, buyCurrencyAddress: swap.buyCurrencyAddress, buyAmount: swap.buyAmount, chainId: 137 };
      expectError(await call(server, GetSwapPrices, null, { ...base, buyAmount: '0' }), 400, 'InvalidArgument', 2001);
      expectError(await call(server, GetSwapPrices, null, { ...base, buyAmount: '1.5' }), 400, 'InvalidArgument', 2001);
      expectError(await call(server, GetSwapPrices, null, { ...base, userAddress: 'me' }), 400, 'InvalidArgument', 2001);
      expectError(await call(server, GetSwapPrices, null, { ...base, chainId: 424242 }), 400, 'InvalidArgument', 2001);
      expectError(
        await call(server, GetSwapQuote, null, { ...base, sellCurrencyAddress: swap.buyCurrencyAddress }),
        400,
        'InvalidArgument',
        2001,
      );
    });
  });
});

// FeeOptions and GetNativeTokenBalance: per network, deterministic, and the balance source is pluggable.
describe('relayer and indexer', () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ seed: 3 });
  });
  afterAll(async () => {
    await server.close();
  });

  describe('FeeOptions', () => {
    it('prices gas in tokens of the relayer network, the same way every time', async () => {
      for (const slug of ['polygon', 'xai-sepolia', 'arbitrum']) {
        const body = { wallet: SIGNER.address, to: '0x000000000000000000000000000000000000beef', data: '0x12345678', simulate: false };
        const first = await call(server, FeeOptions, slug, body);
        expectDocumented(FeeOptions, first);
        expect(first.json.sponsored).toBe(false);
        expect(typeof first.json.quote).toBe('string');
        expect(first.json.options.length).toBeGreaterThan(0);
        for (const option of first.json.options) expect(option.token.chainId).toBe(networkBySlug(slug).chainId);
        expect((await call(server, FeeOptions, slug, body)).json).toEqual(first.json);
        // Simulating measures execution instead of assuming a conservative limit.
        const simulated = await call(server, FeeOptions, slug, { ...body, simulate: true });
        expect(simulated.json.options[0].gasLimit).toBeLessThan(first.json.options[0].gasLimit);
      }
    });

    it("sponsors calls to the network's own collections: no options, no quote", async () => {
      const { address } = fixtureCollection(server, 'polygon');
      const answer = await call(server, FeeOptions, 'polygon', { wallet: SIGNER.address, to: address, data: '0x', simulate: true });
      expectDocumented(FeeOptions, answer);
      expect(answer.json).toEqual({ options: [], sponsored: true });
    });

    it('refuses call data that is not hex', async () => {
      expectError(
        await call(server, FeeOptions, 'polygon', { wallet: SIGNER.address, to: SIGNER.address, data: 'hello' }),
        400,
        'InvalidArgument',
        2001,
      );
    });
  });

  describe('GetNativeTokenBalance', () => {
    it('answers the requested account, lower-cased, with a balance stable per account and network', async () => {
      const checksummed = SIGNER.address;
      const polygon = await call(server, GetNativeTokenBalance, 'polygon', { accountAddress: checksummed });
      expectDocumented(GetNativeTokenBalance, polygon);
      expect(polygon.json.balance.accountAddress).toBe(checksummed.toLowerCase());
      expect((await call(server, GetNativeTokenBalance, 'polygon', { accountAddress: checksummed.toLowerCase() })).json).toEqual(
        polygon.json,
      );
      const balances = new Set<string>();
      for (const slug of ['polygon', 'xai-sepolia', 'mainnet', 'base', 'bsc']) {
        balances.add((await call(server, GetNativeTokenBalance, slug, { accountAddress: checksummed })).json.balance.balance);
      }
      expect(balances.size).toBeGreaterThan(1);
      expectError(await call(server, GetNativeTokenBalance, 'polygon', { accountAddress: '0x1234' }), 400, 'InvalidArgument', 2001);
    });

    it('reads balances from the BalanceSource it is given', async () => {
      const asked: string[] = [];
      const app = createReferenceApp({
        accessKey: 'k',
        balanceSource: {
          async nativeBalance(network, account) {
            asked.push(`${network.slug} ${account}`);
            return 10n ** 30n + BigInt(network.chainId);
          },
        },
      });
      const plain = http.createServer(app.handler);
      await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
      try {
        const origin = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
        const answer = await call({ origin, accessKey: 'k' }, GetNativeTokenBalance, 'xai-sepolia', { accountAddress: SIGNER.address });
        expectDocumented(GetNativeTokenBalance, answer);
        expect(answer.json.balance.balance).toBe((10n ** 30n + 37714555429n).toString());
        expect(asked).toEqual([`xai-sepolia ${SIGNER.address.toLowerCase()}`]);
        expect(app.requestCounts()).toEqual({ 'Indexer.GetNativeTokenBalance': 1 });
      } finally {
        plain.closeAllConnections();
        await new Promise((resolve) => plain.close(resolve));
      }
    });
  });
});

// Builder state per server instance: a created audience round-trips, is answered with contactCount 0 and then
// holds the contacts the reference server imports into every new audience; removing contacts lowers
// contactCount by exactly the number removed; unknown projects and audiences are the table's errors.
describe('builder', () => {
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ seed: 9 });
  });
  afterAll(async () => {
    await server.close();
  });

  const read = async (projectId: number, audienceId: number) => {
    const answer = await call(server, GetAudience, null, { projectId, audienceId });
    expectDocumented(GetAudience, answer);
    return answer.json;
  };

  describe('audiences', () => {
    it('create, read, remove contacts', async () => {
      const { projectId } = server.fixtures.builder!;
      const created = await call(server, CreateAudience, null, { projectId, name: 'Launch list' });
      expectDocumented(CreateAudience, created);
      const audience = created.json.audience;
      expect(audience).toMatchObject({ projectId, name: 'Launch list', contactCount: 0 });

      const before = await read(projectId, audience.id);
      expect(before.audience).toMatchObject({ id: audience.id, projectId, name: 'Launch list' });
      expect(before.contacts).toHaveLength(IMPORTED_CONTACTS_PER_NEW_AUDIENCE);
      expect(before.audience.contactCount).toBe(before.contacts.length);
      for (const contact of before.contacts) {
        expect(contact.audienceId).toBe(audience.id);
        expect(contact.name).toBeTruthy();
        expect(contact.email).toContain('@');
      }

      const removeIds = [before.contacts[0].id, before.contacts[2].id, 999_999_999];
      const removed = await call(server, RemoveAudienceContacts, null, { projectId, audienceId: audience.id, contactIds: removeIds });
      expectDocumented(RemoveAudienceContacts, removed);
      expect(removed.json).toEqual({ ok: true });
      const after = await read(projectId, audience.id);
      expect(after.audience.contactCount).toBe(before.audience.contactCount - 2);
      expect(after.contacts.map((c: { id: number }) => c.id)).toEqual(
        before.contacts.map((c: { id: number }) => c.id).filter((id: number) => !removeIds.includes(id)),
      );

      // Removing the same IDs again removes nothing.
      await call(server, RemoveAudienceContacts, null, { projectId, audienceId: audience.id, contactIds: removeIds });
      expect((await read(projectId, audience.id)).audience.contactCount).toBe(after.audience.contactCount);
    });

    it('a seeded audience has contacts and contracts, and contacts of another audience are not removed through it', async () => {
      const { projectId, audienceId, disposableAudienceIds } = server.fixtures.builder!;
      const seeded = await read(projectId, audienceId!);
      expect(seeded.contacts.length).toBeGreaterThan(0);
      expect(seeded.contracts.length).toBeGreaterThan(0);
      for (const contract of seeded.contracts) expect(['LINKED', 'DEPLOYED', 'SALE']).toContain(contract.source);
      const other = disposableAudienceIds![0]!;
      await call(server, RemoveAudienceContacts, null, { projectId, audienceId: other, contactIds: [seeded.contacts[0].id] });
      expect((await read(projectId, audienceId!)).audience.contactCount).toBe(seeded.audience.contactCount);
    });

    it('unknown project: ProjectNotFound; unknown audience or one of another project: NotFound; no name: InvalidArgument', async () => {
      const { projectId, audienceId } = server.fixtures.builder!;
      expectError(await call(server, CreateAudience, null, { projectId: 424242, name: 'x' }), 400, 'ProjectNotFound', 3002);
      expectError(await call(server, CreateAudience, null, { name: 'no project' }), 400, 'ProjectNotFound', 3002);
      expectError(await call(server, CreateAudience, null, { projectId, name: '   ' }), 400, 'InvalidArgument', 2001);
      expectError(await call(server, GetAudience, null, { projectId: 424242, audienceId }), 400, 'ProjectNotFound', 3002);
      expectError(await call(server, GetAudience, null, { projectId, audienceId: 424242 }), 400, 'NotFound', 3000);
      expectError(await call(server, GetAudience, null, { projectId: 2, audienceId }), 400, 'NotFound', 3000);
      expectError(
        await call(server, RemoveAudienceContacts, null, { projectId, audienceId: 424242, contactIds: [1] }),
        400,
        'NotFound',
        3000,
      );
    });

    it('state belongs to one server instance', async () => {
      const { projectId } = server.fixtures.builder!;
      const created = await call(server, CreateAudience, null, { projectId, name: 'only here' });
      const other = await startReferenceServer({ seed: 9 });
      try {
        expectError(await call(other, GetAudience, null, { projectId, audienceId: created.json.audience.id }), 400, 'NotFound', 3000);
      } finally {
        await other.close();
      }
    });
  });
});
