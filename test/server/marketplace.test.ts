/**
 * Marketplace coherence on the seeded data: the floor is the cheapest listing (and agrees with the highest
 * listing of every token and with the counts), counts never grow under a narrower filter, generated steps
 * name the right orders, contracts and chain, and checkout options are a function of the request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTypedData, type Hex } from 'viem';
import { CHECKOUT_CRYPTO, CHECKOUT_PROVIDERS, CHECKOUT_SWAP } from '../../src/contract/enums.js';
import { networkBySlug } from '../../src/contract/networks.js';
import {
  CheckoutOptionsMarketplace,
  CheckoutOptionsSalesContract,
  GenerateCancelTransaction,
  GenerateSellTransaction,
  GetCountOfFilteredCollectibles,
  GetFloorOrder,
  GetHighestPriceListingForCollectible,
  TokenCollectionFilters,
} from '../../src/contract/operations.js';
import { SeededWorld } from '../../src/server/data/world.js';
import { isOnChainOrderBook } from '../../src/server/domain/orders.js';
import { isOpen } from '../../src/server/domain/collectibles.js';
import { startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';
import { call, expectDocumented, expectError, fixtureCollection, floorOf, SIGNER } from './support.js';

const SEED = 23;
const NETWORKS = ['polygon', 'xai-sepolia'] as const;
let server: RunningReferenceServer;
const world = new SeededWorld(SEED);

beforeAll(async () => {
  server = await startReferenceServer({ seed: SEED });
});
afterAll(async () => {
  await server.close();
});

/** All token IDs of the fixture collection: the contract has no "list tokens" operation, so read the seed. */
function tokenIdsOf(slug: string): string[] {
  const address = fixtureCollection(server, slug).address;
  return world
    .catalog(networkBySlug(slug))
    .collections.find((c) => c.address === address)!
    .tokens.map((t) => t.tokenId);
}

const countOf = async (slug: string, body: Record<string, unknown>) => {
  const answer = await call(server, GetCountOfFilteredCollectibles, slug, body);
  expectDocumented(GetCountOfFilteredCollectibles, answer);
  return answer.json.count as number;
};

describe('floor, highest listing and counts agree', () => {
  for (const slug of NETWORKS) {
    it(`on ${slug}, the floor order is the cheapest open listing of the collection`, async () => {
      const { address } = fixtureCollection(server, slug);
      const floorAnswer = await call(server, GetFloorOrder, slug, { contractAddress: address.toUpperCase().replace('0X', '0x') });
      expectDocumented(GetFloorOrder, floorAnswer);
      const floor = floorAnswer.json.collectible.order;
      expect(floorAnswer.json.collectible.listing).toEqual(floor);
      expect(floor.side).toBe('listing');
      expect(floor.chainId).toBe(networkBySlug(slug).chainId);
      expect(floor.collectionContractAddress).toBe(address);

      let listedTokens = 0;
      for (const tokenId of tokenIdsOf(slug)) {
        const highest = await call(server, GetHighestPriceListingForCollectible, slug, { contractAddress: address, tokenId });
        expectDocumented(GetHighestPriceListingForCollectible, highest);
        const order = highest.json.order;
        if (order === null) continue;
        listedTokens += 1;
        expect(order.side).toBe('listing');
        expect(order.tokenId).toBe(tokenId);
        expect(order.priceUSD, `token ${tokenId}'s highest listing is not below the floor`).toBeGreaterThanOrEqual(floor.priceUSD);
      }
      const counted = await countOf(slug, { side: 'listing', contractAddress: address, filter: { includeEmpty: false } });
      expect(counted).toBe(listedTokens);
      expect(counted).toBeGreaterThan(0);
    });
  }

  it('a filter that excludes the floor maker gives a floor no cheaper', async () => {
    const slug = 'polygon';
    const { address } = fixtureCollection(server, slug);
    const { listing } = await floorOf(server, slug);
    const filtered = await call(server, GetFloorOrder, slug, {
      contractAddress: address,
      filter: { includeEmpty: false, ordersNotCreatedBy: [listing.createdBy] },
    });
    expectDocumented(GetFloorOrder, filtered);
    const next = filtered.json.collectible?.order;
    if (next) {
      expect(next.createdBy).not.toBe(listing.createdBy);
      expect(next.priceUSD).toBeGreaterThanOrEqual(listing.priceUSD);
    }
    const same = await call(server, GetFloorOrder, slug, {
      contractAddress: address,
      filter: { includeEmpty: false, marketplaces: [listing.marketplace], inCurrencyAddresses: [listing.priceCurrencyAddress] },
    });
    expect(same.json.collectible.order.orderId).toBe(listing.orderId);
  });

  it('an unknown collection has no floor and counts 0; a filter nothing passes has no floor', async () => {
    const nowhere = SIGNER.address.toLowerCase();
    const floor = await call(server, GetFloorOrder, 'polygon', { contractAddress: nowhere });
    expectDocumented(GetFloorOrder, floor);
    expect(floor.json.collectible).toBeNull();
    expect(await countOf('polygon', { side: 'listing', contractAddress: nowhere, filter: { includeEmpty: true } })).toBe(0);
    const { address } = fixtureCollection(server, 'polygon');
    const none = await call(server, GetFloorOrder, 'polygon', {
      contractAddress: address,
      filter: { includeEmpty: false, searchText: 'no such name' },
    });
    expect(none.json.collectible).toBeNull();
  });

  it('the highest listing honours createdBy, marketplace and currencies', async () => {
    const slug = 'xai-sepolia';
    const { address, listedTokenId } = fixtureCollection(server, slug);
    const highest = (await call(server, GetHighestPriceListingForCollectible, slug, { contractAddress: address, tokenId: listedTokenId }))
      .json.order;
    const narrowed = await call(server, GetHighestPriceListingForCollectible, slug, {
      contractAddress: address,
      tokenId: listedTokenId,
      filter: {
        createdBy: [highest.createdBy.toUpperCase().replace('0X', '0x')],
        marketplace: [highest.marketplace],
        currencies: [highest.priceCurrencyAddress],
      },
    });
    expect(narrowed.json.order.orderId).toBe(highest.orderId);
    const stranger = await call(server, GetHighestPriceListingForCollectible, slug, {
      contractAddress: address,
      tokenId: listedTokenId,
      filter: { createdBy: [SIGNER.address] },
    });
    expectDocumented(GetHighestPriceListingForCollectible, stranger);
    expect(stranger.json.order).toBeNull();
  });
});

describe('counts never grow under a narrower filter', () => {
  for (const slug of NETWORKS) {
    it(`on ${slug}`, async () => {
      const { address } = fixtureCollection(server, slug);
      const filters = await call(server, TokenCollectionFilters, null, {
        chainId: String(networkBySlug(slug).chainId),
        contractAddress: address,
      });
      expectDocumented(TokenCollectionFilters, filters);
      const level = filters.json.filters.find((f: { name: string }) => f.name === 'level');
      const rarity = filters.json.filters.find((f: { name: string }) => f.name === 'rarity');
      expect(level.type).toBe('INT');
      expect(level.min).toBeLessThanOrEqual(level.max);
      expect(rarity.type).toBe('STRING');
      expect(rarity.min).toBeNull();
      expect(rarity.max).toBeNull();
      expect(rarity.values.length).toBeGreaterThan(0);

      const { listing } = await floorOf(server, slug);
      const mid = Math.floor((level.min + level.max) / 2);
      const steps: Array<Record<string, unknown>> = [
        { includeEmpty: true },
        { includeEmpty: false },
        { includeEmpty: false, properties: [{ name: 'level', type: 'INT', min: level.min, max: level.max }] },
        { includeEmpty: false, properties: [{ name: 'level', type: 'INT', min: level.min, max: mid }] },
        {
          includeEmpty: false,
          properties: [
            { name: 'level', type: 'INT', min: level.min, max: mid },
            { name: 'rarity', type: 'STRING', values: rarity.values.slice(0, 3) },
          ],
        },
        {
          includeEmpty: false,
          properties: [
            { name: 'level', type: 'INT', min: level.min, max: mid },
            { name: 'rarity', type: 'STRING', values: rarity.values.slice(0, 1) },
          ],
        },
        {
          includeEmpty: false,
          properties: [
            { name: 'level', type: 'INT', min: level.min, max: mid },
            { name: 'rarity', type: 'STRING', values: rarity.values.slice(0, 1) },
          ],
          marketplaces: ['sequence_marketplace_v2', 'opensea'],
        },
        {
          includeEmpty: false,
          properties: [
            { name: 'level', type: 'INT', min: level.min, max: mid },
            { name: 'rarity', type: 'STRING', values: rarity.values.slice(0, 1) },
          ],
          marketplaces: ['sequence_marketplace_v2'],
          ordersNotCreatedBy: [listing.createdBy],
        },
        {
          includeEmpty: false,
          properties: [
            { name: 'level', type: 'INT', min: level.min, max: mid },
            { name: 'rarity', type: 'STRING', values: rarity.values.slice(0, 1) },
          ],
          marketplaces: ['sequence_marketplace_v2'],
          ordersNotCreatedBy: [listing.createdBy],
          searchText: '#1',
        },
      ];
      const counts: number[] = [];
      for (const filter of steps) counts.push(await countOf(slug, { side: 'listing', contractAddress: address, filter }));
      for (let i = 1; i < counts.length; i++)
        expect(counts[i], `step ${i}: ${JSON.stringify(steps[i])}`).toBeLessThanOrEqual(counts[i - 1]!);
      // The full range of an INT property excludes nothing; includeEmpty adds the collectibles without listings.
      expect(counts[2]).toBe(counts[1]);
      expect(counts[0]).toBeGreaterThan(counts[1]!);

      // An INT range splits the collection: the two halves add up to the whole.
      const inRange = (min: number, max: number) =>
        countOf(slug, {
          side: 'listing',
          contractAddress: address,
          filter: { includeEmpty: true, properties: [{ name: 'level', type: 'INT', min, max }] },
        });
      const whole = await countOf(slug, { side: 'listing', contractAddress: address, filter: { includeEmpty: true } });
      expect((await inRange(level.min, mid)) + (await inRange(mid + 1, level.max))).toBe(whole);
      // With includeEmpty, an order filter nothing passes leaves exactly the collectibles without a listing.
      const withListing = await countOf(slug, { side: 'listing', contractAddress: address, filter: { includeEmpty: false } });
      const emptyOnly = await countOf(slug, {
        side: 'listing',
        contractAddress: address,
        filter: { includeEmpty: true, ordersCreatedBy: [SIGNER.address] },
      });
      expect(emptyOnly).toBe(whole - withListing);

      const owner = listing.createdBy;
      const all = await countOf(slug, { side: 'listing', contractAddress: address, filter: { includeEmpty: true } });
      const owned = await countOf(slug, { side: 'listing', contractAddress: address, filter: { includeEmpty: true, inAccounts: [owner] } });
      const notOwned = await countOf(slug, {
        side: 'listing',
        contractAddress: address,
        filter: { includeEmpty: true, notInAccounts: [owner] },
      });
      expect(owned).toBeGreaterThan(0);
      expect(owned + notOwned).toBe(all);
      const inCurrency = await countOf(slug, {
        side: 'listing',
        contractAddress: address,
        filter: { includeEmpty: false, inCurrencyAddresses: [listing.priceCurrencyAddress] },
      });
      expect(inCurrency).toBeGreaterThan(0);
      expect(inCurrency).toBeLessThanOrEqual(counts[1]!);
      const offers = await countOf(slug, { side: 'offer', contractAddress: address, filter: { includeEmpty: false } });
      expect(offers).toBeGreaterThan(0);
      const unknownProperty = await countOf(slug, {
        side: 'listing',
        contractAddress: address,
        filter: { includeEmpty: true, properties: [{ name: 'no-such-trait', type: 'STRING', values: ['x'] }] },
      });
      expect(unknownProperty).toBe(0);
    });
  }
});

describe('transaction steps', () => {
  it('selling into the floor collectible offer (a third-party order book): approval of its exchange, then a signed acceptance', async () => {
    for (const slug of NETWORKS) {
      const { address } = fixtureCollection(server, slug);
      const { offer, tokenId } = await floorOf(server, slug);
      const seller = SIGNER.address.toLowerCase();
      const answer = await call(server, GenerateSellTransaction, slug, {
        collectionAddress: address,
        seller,
        marketplace: offer.marketplace,
        ordersData: [{ orderId: offer.orderId, quantity: '1', tokenId }],
        additionalFees: [],
      });
      expectDocumented(GenerateSellTransaction, answer);
      const [approval, sale] = answer.json.steps;
      expect(isOnChainOrderBook(offer.marketplace)).toBe(false);
      expect(approval).toMatchObject({ id: 'tokenApproval', to: address, value: '0' });
      expect(approval.data.startsWith('0xa22cb465')).toBe(true); // setApprovalForAll(address,bool)
      expect(approval.data).toContain(sale.to.slice(2)); // the operator approved is the exchange that settles
      expect(sale).toMatchObject({ id: 'signEIP712', price: offer.priceAmount, executeType: 'order' });
      expect(sale.signature).toMatchObject({
        domain: { chainId: networkBySlug(slug).chainId, verifyingContract: sale.to },
        primaryType: 'AcceptOffer',
        value: { orderHash: offer.orderId, seller, tokenId, quantity: '1' },
      });
      expect(sale.post).toMatchObject({ method: 'POST', body: { orderId: offer.orderId, seller } });
    }
  });

  it('selling into an offer of the service own marketplace: approval, then an on-chain sale to the seller', async () => {
    for (const slug of NETWORKS) {
      const catalog = world.catalog(networkBySlug(slug));
      const { collection, offer } = catalog.collections
        .flatMap((c) => c.orders.map((o) => ({ collection: c, offer: o })))
        .find(({ offer: o }) => o.side === 'offer' && isOpen(o) && isOnChainOrderBook(o.marketplace))!;
      const seller = SIGNER.address.toLowerCase();
      const answer = await call(server, GenerateSellTransaction, slug, {
        collectionAddress: collection.address,
        seller,
        ordersData: [{ orderId: offer.orderId, quantity: '1' }],
      });
      expectDocumented(GenerateSellTransaction, answer);
      const [approval, sale] = answer.json.steps;
      expect(approval).toMatchObject({ id: 'tokenApproval', to: collection.address, value: '0' });
      expect(sale).toMatchObject({ id: 'sell', to: catalog.exchanges[offer.marketplace], value: '0', price: offer.priceAmount.toString() });
      expect(sale.data).toContain(seller.slice(2)); // the proceeds go to the seller
    }
  });

  it('selling refuses what cannot be sold into, with 4xx table errors', async () => {
    const slug = 'polygon';
    const { address } = fixtureCollection(server, slug);
    const { listing, offer } = await floorOf(server, slug);
    const sell = (ordersData: unknown[], collectionAddress = address) =>
      call(server, GenerateSellTransaction, slug, { collectionAddress, seller: SIGNER.address, ordersData });
    expectError(await sell([{ orderId: listing.orderId, quantity: '1' }]), 400, 'InvalidArgument', 2001);
    expectError(await sell([{ orderId: 'no-such-order', quantity: '1' }]), 400, 'NotFound', 3000);
    expectError(await sell([]), 400, 'InvalidArgument', 2001);
    expectError(await sell([{ orderId: offer.orderId, quantity: '1000000' }]), 400, 'InvalidArgument', 2001);
    expectError(await sell([{ orderId: offer.orderId, quantity: '1' }], SIGNER.address), 400, 'NotFound', 3000);
  });

  it('cancelling: a transaction for an on-chain order, an EIP-712 signature for an off-chain one', async () => {
    for (const slug of NETWORKS) {
      const network = networkBySlug(slug);
      const catalog = world.catalog(network);
      const collection = catalog.collections[0]!;
      const open = collection.orders.filter(isOpen);
      const onChain = open.find((o) => isOnChainOrderBook(o.marketplace))!;
      const offChain = open.find((o) => !isOnChainOrderBook(o.marketplace))!;

      const tx = await call(server, GenerateCancelTransaction, slug, {
        collectionAddress: collection.address,
        maker: onChain.createdBy,
        orderId: onChain.orderId,
      });
      expectDocumented(GenerateCancelTransaction, tx);
      expect(tx.json.steps).toHaveLength(1);
      expect(tx.json.steps[0]).toMatchObject({ id: 'cancel', to: catalog.exchanges[onChain.marketplace], value: '0' });

      const signed = await call(server, GenerateCancelTransaction, slug, {
        collectionAddress: collection.address,
        maker: offChain.createdBy,
        orderId: offChain.orderId,
      });
      expectDocumented(GenerateCancelTransaction, signed);
      const [step] = signed.json.steps;
      expect(step.id).toBe('signEIP712');
      expect(step.signature.domain.chainId).toBe(network.chainId);
      expect(step.signature.domain.verifyingContract).toBe(catalog.exchanges[offChain.marketplace]);
      expect(Object.keys(step.signature.types)).toContain(step.signature.primaryType);
      expect(step.post).toMatchObject({ method: 'POST', body: { orderId: offChain.orderId } });
      // The typed data is complete: a wallet can hash (and so sign) it as given.
      const message = { ...step.signature.value, deadline: BigInt(step.signature.value.deadline) };
      expect(hashTypedData({ ...step.signature, message } as Parameters<typeof hashTypedData>[0])).toMatch(/^0x[0-9a-f]{64}$/);
    }
  });

  it('cancelling refuses a maker who did not make the order, and an unknown order', async () => {
    const { address } = fixtureCollection(server, 'polygon');
    const { listing } = await floorOf(server, 'polygon');
    const cancel = (body: Record<string, unknown>) =>
      call(server, GenerateCancelTransaction, 'polygon', { collectionAddress: address, ...body });
    expectError(await cancel({ maker: SIGNER.address, orderId: listing.orderId }), 400, 'InvalidArgument', 2001);
    expectError(await cancel({ maker: listing.createdBy, orderId: '0x' + 'ab'.repeat(32) }), 400, 'NotFound', 3000);
    expectError(await cancel({ maker: 'not an address', orderId: listing.orderId }), 400, 'InvalidArgument', 2001);
  });
});

describe('checkout options', () => {
  it('are a function of the request, with known values only', async () => {
    const { address, listedTokenId } = fixtureCollection(server, 'polygon');
    const { listing } = await floorOf(server, 'polygon');
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const wallet = `0x${i.toString(16).padStart(40, '0')}` as Hex;
      const sales = {
        wallet,
        contractAddress: SIGNER.address,
        collectionAddress: address,
        items: [{ tokenId: listedTokenId, quantity: String(i + 1) }],
      };
      const market = { wallet, orders: [{ contractAddress: address, orderId: listing.orderId }], additionalFee: i };
      for (const [op, body] of [
        [CheckoutOptionsSalesContract, sales],
        [CheckoutOptionsMarketplace, market],
      ] as const) {
        const first = await call(server, op, 'polygon', body);
        const again = await call(server, op, 'polygon', body);
        expectDocumented(op, first);
        expect(again.json).toEqual(first.json);
        const { crypto, swap, nftCheckout, onRamp } = first.json.options;
        expect(CHECKOUT_CRYPTO).toContain(crypto);
        for (const s of swap) expect(CHECKOUT_SWAP).toContain(s);
        for (const p of [...nftCheckout, ...onRamp]) expect(CHECKOUT_PROVIDERS).toContain(p);
        if (crypto === 'none') expect(swap).toEqual([]);
        seen.add(crypto);
      }
    }
    expect(seen.size, 'different requests get different options').toBeGreaterThan(1);
  });
});
