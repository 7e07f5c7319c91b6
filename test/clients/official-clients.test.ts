/**
 * The official generated clients, as published on the npm registry, against the embedded reference server.
 *
 * Each of the 18 operations of interface.md is called through a client that nobody in this project wrote, and
 * the test asserts on what that client read back: a reference server that a real client cannot read is not a
 * reference. Versions (pinned exactly in package.json) and why:
 *   - `@0xsequence/marketplace` 2.3.39 (newest): the 7 Marketplace operations.
 *   - `sequence-api-legacy` = `@0xsequence/api` 2.3.8: GetSwapPrices, GetSwapQuote, GetSwapPrice (2.3.8 is the
 *     newest release that still has all three; 2.3.23 and later dropped them).
 *   - `@0xsequence/api` 3.0.9 (newest): IsValidETHAuthProof, GetLinkedWallets.
 *   - `sequence-metadata-legacy` = `@0xsequence/metadata` 2.2.14: TokenCollectionFilters (newest release that has
 *     it; 2.3.8 and later dropped it).
 *   - `@0xsequence/relayer` 3.0.9 (newest), its generated `RpcRelayerGen.Relayer`: FeeOptions.
 *   - `@0xsequence/indexer` 3.0.13 (newest): GetNativeTokenBalance.
 *   - `@0xsequence/builder` 2.3.46 (the only release): its generated `Builder` client is, by its own comment, "a
 *     subset of the builder api" without CreateAudience, GetAudience or RemoveAudienceContacts, and no published
 *     package has them. The three Builder operations therefore go through a subclass of that official client:
 *     its hostname and `/rpc/Builder/` path, its fetch, and its own error classes (`webrpcErrorByCode`) decode
 *     the failures; only the three method bodies (the generator's 8-line pattern) are ours.
 *
 * Where a client's schema differs from the document, the DOCUMENT wins: each tolerated difference is named in a
 * comment marked TOLERATED and in the assertion message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTypedData } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { Marketplace, MarketplaceKind, OrderSide, StepType } from '@0xsequence/marketplace';
import type { Order as MarketplaceOrder, Step } from '@0xsequence/marketplace';
import { API } from '@0xsequence/api';
import { API as LegacyAPI } from 'sequence-api-legacy';
import { Metadata as LegacyMetadata, PropertyType } from 'sequence-metadata-legacy';
import { RpcRelayerGen } from '@0xsequence/relayer';
import { Indexer } from '@0xsequence/indexer';
import { Builder, WebrpcError as BuilderWebrpcError, webrpcErrorByCode as builderErrorByCode } from '@0xsequence/builder';
import { startReferenceServer } from '../../src/server/index.js';
import type { RunningReferenceServer } from '../../src/server/types.js';
import { swapPairOf, type NetworkFixtures } from '../../src/config/fixtures.js';
import { networkBySlug } from '../../src/contract/networks.js';

/** polygon, and xai-sepolia whose chain ID (37714555429) exceeds 2^32. */
const NETWORKS = ['polygon', 'xai-sepolia'] as const;
type Slug = (typeof NETWORKS)[number];

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

let server: RunningReferenceServer;
/** The fetch every client is given: the platform fetch plus the `X-Access-Key` header. */
let keyedFetch: Fetch;

beforeAll(async () => {
  server = await startReferenceServer({ host: '127.0.0.1', port: 0 });
  const accessKey = server.accessKey;
  keyedFetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('X-Access-Key', accessKey);
    return fetch(input, { ...init, headers });
  };
});

afterAll(async () => {
  await server?.close();
});

// ---------------------------------------------------------------------------------------------------------------
// Clients, as the server layout asks: the Marketplace, Relayer and Indexer bases are per network.

const marketplace = (slug: Slug, f: Fetch = keyedFetch) => new Marketplace(`${server.origin}/marketplace/${slug}`, f);
const api = () => new API(server.origin, keyedFetch);
const legacyApi = () => new LegacyAPI(server.origin, keyedFetch);
const legacyMetadata = () => new LegacyMetadata(server.origin, keyedFetch);
const relayer = (slug: Slug) => new RpcRelayerGen.Relayer(`${server.origin}/relayer/${slug}`, keyedFetch);
const indexer = (slug: Slug, f: Fetch = keyedFetch) => new Indexer(`${server.origin}/indexer/${slug}`, f);
const builder = () => new AudienceBuilder(server.origin, keyedFetch);

/** interface.md §Audience, Contact, Contract (only what the assertions read). */
interface Audience {
  id: number;
  projectId: number;
  name: string;
  contactCount?: number;
}
interface Contact {
  id: number;
  audienceId: number;
  address: string;
}
interface Contract {
  id: number;
  contractAddress: string;
}

/**
 * The official Builder client with the three audience methods the published package leaves out, written the
 * way the webrpc TypeScript generator writes every method (POST JSON to `hostname + path + Method`; a non-2xx
 * answer becomes the package's own typed error, looked up by `code`).
 */
class AudienceBuilder extends Builder {
  private call<R>(method: string, args: object): Promise<R> {
    return this.fetch(`${this.hostname}${this.path}${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    }).then((res) =>
      res.text().then((text) => {
        const data = JSON.parse(text) as { code?: unknown } & Record<string, unknown>;
        if (!res.ok) {
          const code = typeof data.code === 'number' ? data.code : 0;
          throw ((builderErrorByCode[code] as typeof BuilderWebrpcError | undefined) ?? BuilderWebrpcError).new(data);
        }
        return data as R;
      }),
    );
  }
  createAudience = (args: { projectId: number; name: string }) => this.call<{ audience: Audience }>('CreateAudience', args);
  getAudience = (args: { projectId: number; audienceId: number }) =>
    this.call<{ audience: Audience; contacts: Contact[] | null; contracts: Contract[] | null }>('GetAudience', args);
  removeAudienceContacts = (args: { projectId: number; audienceId: number; contactIds: number[] }) =>
    this.call<{ ok: boolean }>('RemoveAudienceContacts', args);
}

// ---------------------------------------------------------------------------------------------------------------
// Fixtures and small helpers.

function fixturesOf(slug: Slug): NetworkFixtures {
  const f = server.fixtures.networks?.[slug];
  if (!f) throw new Error(`the reference server gives no fixtures for ${slug}`);
  return f;
}
function collectionOf(slug: Slug): { address: string; listedTokenId: string } {
  const c = fixturesOf(slug).collection;
  if (!c?.listedTokenId) throw new Error(`the reference server gives no collection with a listed token for ${slug}`);
  return { address: c.address, listedTokenId: c.listedTokenId };
}
function swapOf(slug: Slug) {
  const s = swapPairOf(fixturesOf(slug));
  if (!s) throw new Error(`the reference server gives no swap pair for ${slug}`);
  return s;
}
function accountOf(slug: Slug): string {
  const a = fixturesOf(slug).account;
  if (!a) throw new Error(`the reference server gives no account for ${slug}`);
  return a;
}
function builderFixtures() {
  const b = server.fixtures.builder;
  if (!b) throw new Error('the reference server gives no builder fixtures');
  return b;
}
const chainIdOf = (slug: Slug) => networkBySlug(slug).chainId;
const randomAddress = () => privateKeyToAccount(generatePrivateKey()).address;
const sameAddress = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();
const DECIMAL = /^(0|[1-9][0-9]*)$/;
const HEX = /^0x[0-9a-fA-F]*$/;
/** wire-facts §5: "Empty lists may be emitted as null". */
const list = <T>(value: T[] | null | undefined): T[] => value ?? [];

/** A listed order of the fixture collection, read through the official client (GenerateSell/Cancel need one). */
async function listedOrder(slug: Slug): Promise<MarketplaceOrder> {
  const { address, listedTokenId } = collectionOf(slug);
  const { order } = await marketplace(slug).getHighestPriceListingForCollectible({
    // TOLERATED: the 2.x Marketplace client's schema requires a `chainId` body field; the document says
    // Marketplace requests carry no chain identifier (the slug implies the chain) and real servers ignore
    // unknown keys (wire-facts §4), so the client sends it and the server must not mind.
    chainId: String(chainIdOf(slug)),
    contractAddress: address,
    tokenId: listedTokenId,
  });
  expect(order, `${slug}: GetHighestPriceListingForCollectible gave no order for a listed token`).toBeTruthy();
  return order;
}

/** interface.md §Order: the fields a decoded order must carry with the document's types. */
function expectOrder(order: MarketplaceOrder, slug: Slug, collection: string, what: string) {
  expect(typeof order.orderId, `${what}: orderId is a string`).toBe('string');
  expect(
    sameAddress(order.collectionContractAddress, collection),
    `${what}: collectionContractAddress is the requested collection (case ignored)`,
  ).toBe(true);
  expect(order.chainId, `${what}: chainId is the network's chain ID as a JSON number (${slug})`).toBe(chainIdOf(slug));
  expect(order.priceAmount, `${what}: priceAmount is a decimal string`).toMatch(DECIMAL);
  expect(typeof order.priceDecimals, `${what}: priceDecimals is a number`).toBe('number');
  expect(typeof order.feeBps, `${what}: feeBps is a number`).toBe('number');
  expect(Object.values(MarketplaceKind), `${what}: marketplace is a MarketplaceKind`).toContain(order.marketplace);
  expect(Object.values(OrderSide), `${what}: side is an OrderSide`).toContain(order.side);
}

/**
 * interface.md §Step. "Unless stated, a field may be absent or null in a response", so each field is checked for
 * its type only when present; what a step must carry follows from its kind: a transaction step (`to` set) has
 * hex call data, a signature step (`signature` set) an EIP-712 domain whose chainId is the network's.
 */
function expectSteps(steps: Step[] | null | undefined, slug: Slug, what: string): Step[] {
  expect(Array.isArray(steps), `${what}: steps is an array`).toBe(true);
  for (const step of list(steps)) {
    // The full StepType set is not in the document (wire-facts §2): an unknown id is at most SHOULD-level.
    expect(typeof step.id, `${what}: step id is an enum string`).toBe('string');
    for (const key of ['data', 'to', 'value', 'price'] as const) {
      const v = step[key] as unknown;
      if (v !== undefined && v !== null) expect(typeof v, `${what}: step ${key} is a string`).toBe('string');
    }
    if (step.to) {
      expect(step.to, `${what}: a transaction step's to is an address`).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(step.data, `${what}: a transaction step's data is hex`).toMatch(HEX);
    }
    if (step.signature) {
      expect(step.signature.domain.chainId, `${what}: the EIP-712 domain's chainId is ${slug}'s, read as a JSON number`).toBe(
        chainIdOf(slug),
      );
      expect(typeof step.signature.primaryType, `${what}: signature.primaryType is a string`).toBe('string');
    }
    expect(
      Boolean(step.to) || Boolean(step.signature) || Boolean(step.post),
      `${what}: a step is a transaction, a signature or a post`,
    ).toBe(true);
  }
  return list(steps);
}

function expectCheckoutOptions(options: unknown, what: string) {
  const o = options as { crypto?: unknown; swap?: unknown[] | null; nftCheckout?: unknown[] | null; onRamp?: unknown[] | null };
  expect(o, `${what}: options is an object`).toBeTypeOf('object');
  expect(typeof o.crypto, `${what}: options.crypto is an enum string`).toBe('string');
  for (const key of ['swap', 'nftCheckout', 'onRamp'] as const) {
    const items = list(o[key]);
    expect(Array.isArray(items), `${what}: options.${key} is an array (or null)`).toBe(true);
    for (const item of items) expect(typeof item, `${what}: options.${key} items are enum strings`).toBe('string');
  }
}

/**
 * ETHAuth proofs (wire-facts §6): claims {app, iat, exp, v} as EIP-712 `Claims` under domain {name: ETHAuth,
 * version: 1}, signed by a fresh EOA in both forms a server may accept (a plain EIP-712 signature, and an EIP-191
 * personal-message signature over the 32-byte digest), plus one signed by another key than the claimed wallet.
 */
async function ethAuthProofs(): Promise<{ address: string; eip712: string; eip191: string; wrongSigner: string }> {
  const account = privateKeyToAccount(generatePrivateKey());
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + 3600;
  const app = 'rpc-conformance-official-clients';
  const typedData = {
    domain: { name: 'ETHAuth', version: '1' },
    types: {
      Claims: [
        { name: 'app', type: 'string' },
        { name: 'iat', type: 'int64' },
        { name: 'exp', type: 'int64' },
        { name: 'v', type: 'string' },
      ],
    },
    primaryType: 'Claims',
    message: { app, iat: BigInt(iat), exp: BigInt(exp), v: '1' },
  } as const;
  const claims = Buffer.from(JSON.stringify({ app, iat, exp, v: '1' })).toString('base64url');
  const address = account.address.toLowerCase();
  const proof = (signature: string) => `eth.${address}.${claims}.${signature}`;
  return {
    address,
    eip712: proof(await account.signTypedData(typedData)),
    eip191: proof(await account.signMessage({ message: { raw: hashTypedData(typedData) } })),
    wrongSigner: proof(await privateKeyToAccount(generatePrivateKey()).signTypedData(typedData)),
  };
}

// ---------------------------------------------------------------------------------------------------------------

describe('official @0xsequence clients against the reference server', () => {
  // --- Marketplace (@0xsequence/marketplace 2.3.39) -----------------------------------------------------------

  it('Marketplace.GetFloorOrder', async () => {
    for (const slug of NETWORKS) {
      const { address } = collectionOf(slug);
      const { collectible } = await marketplace(slug).getFloorOrder({
        chainId: String(chainIdOf(slug)), // TOLERATED: extra `chainId` body field (see listedOrder)
        contractAddress: address,
      });
      expect(collectible, `${slug}: GetFloorOrder gave a collectible`).toBeTruthy();
      expect(typeof collectible.metadata?.tokenId, `${slug}: collectible.metadata.tokenId is a string`).toBe('string');
      // interface.md §Collectible: `order`, `listing` and `offer` are all Orders; the floor order is the
      // collectible's `order` (a server may also fill `listing`).
      const floor = collectible.order ?? collectible.listing;
      expect(floor, `${slug}: the floor collectible carries its order`).toBeTruthy();
      expectOrder(floor!, slug, address, `${slug}: floor order`);
    }
  });

  it('Marketplace.GetHighestPriceListingForCollectible', async () => {
    for (const slug of NETWORKS) {
      const { address, listedTokenId } = collectionOf(slug);
      const { order } = await marketplace(slug).getHighestPriceListingForCollectible({
        chainId: String(chainIdOf(slug)), // TOLERATED: extra `chainId` body field (see listedOrder)
        contractAddress: address,
        tokenId: listedTokenId,
        filter: { createdBy: [], marketplace: [], currencies: [] },
      });
      expectOrder(order, slug, address, `${slug}: highest listing`);
      expect(order.side, `${slug}: the highest listing is a listing`).toBe(OrderSide.listing);
      expect(order.tokenId, `${slug}: the listing is for the requested token`).toBe(listedTokenId);
    }
  });

  it('Marketplace.GetCountOfFilteredCollectibles', async () => {
    for (const slug of NETWORKS) {
      const { address } = collectionOf(slug);
      const { count } = await marketplace(slug).getCountOfFilteredCollectibles({
        chainId: String(chainIdOf(slug)), // TOLERATED: extra `chainId` body field (see listedOrder)
        side: OrderSide.listing,
        contractAddress: address,
        filter: { includeEmpty: false },
      });
      expect(typeof count, `${slug}: count is a JSON number`).toBe('number');
      expect(Number.isInteger(count), `${slug}: count is an integer`).toBe(true);
      expect(count, `${slug}: a collection with a listed token counts at least one listed collectible`).toBeGreaterThanOrEqual(1);
    }
  });

  it('Marketplace.GenerateSellTransaction', async () => {
    for (const slug of NETWORKS) {
      const { address } = collectionOf(slug);
      // Selling fills offers. The fixtures name no offer, so take the floor collectible's best offer, as read by
      // the official client.
      const { collectible } = await marketplace(slug).getFloorOrder({
        chainId: String(chainIdOf(slug)), // TOLERATED: extra `chainId` body field (see listedOrder)
        contractAddress: address,
      });
      const offer = collectible?.offer;
      expect(offer, `${slug}: the floor collectible has an open offer to sell into`).toBeTruthy();
      const result = await marketplace(slug).generateSellTransaction({
        chainId: String(chainIdOf(slug)), // TOLERATED: extra `chainId` body field (see listedOrder)
        collectionAddress: address,
        seller: randomAddress(),
        marketplace: offer!.marketplace,
        ordersData: [{ orderId: offer!.orderId, quantity: '1', tokenId: collectible.metadata.tokenId }],
        additionalFees: [],
        // TOLERATED: the 2.3.39 schema also requires `useWithTrails`, which the document does not have (an
        // unknown key a server ignores).
        useWithTrails: false,
      });
      // TOLERATED: the 2.3.39 client also reads a `resp` object the document does not have; only `steps` counts.
      const steps = expectSteps(result.steps, slug, `${slug}: GenerateSellTransaction`);
      expect(steps.length, `${slug}: selling into an offer takes at least one step`).toBeGreaterThanOrEqual(1);
      // The sale is a transaction (`sell`) or, for an offer on a third-party order book, an acceptance the seller
      // signs (`signEIP712`) and posts to the book.
      expect(
        steps.some((s) => s.id === StepType.sell || (s.id === StepType.signEIP712 && s.signature && s.post)),
        `${slug}: one of the steps is the sale: ${JSON.stringify(steps.map((s) => s.id))}`,
      ).toBe(true);
    }
  });

  it('Marketplace.GenerateCancelTransaction', async () => {
    for (const slug of NETWORKS) {
      const { address } = collectionOf(slug);
      const order = await listedOrder(slug);
      const result = await marketplace(slug).generateCancelTransaction({
        chainId: String(chainIdOf(slug)), // TOLERATED: extra `chainId` body field (see listedOrder)
        collectionAddress: address,
        maker: order.createdBy,
        // wire-facts §3: real servers take `marketplace` here too; the document does not name it.
        marketplace: order.marketplace,
        orderId: order.orderId,
      });
      const steps = expectSteps(result.steps, slug, `${slug}: GenerateCancelTransaction`);
      expect(steps.length, `${slug}: cancelling an order takes at least one step`).toBeGreaterThanOrEqual(1);
    }
  });

  it('Marketplace.CheckoutOptionsSalesContract', async () => {
    for (const slug of NETWORKS) {
      const { address, listedTokenId } = collectionOf(slug);
      const { options } = await marketplace(slug).checkoutOptionsSalesContract({
        chainId: String(chainIdOf(slug)), // TOLERATED: extra `chainId` body field (see listedOrder)
        wallet: randomAddress(),
        contractAddress: randomAddress(),
        collectionAddress: address,
        items: [{ tokenId: listedTokenId, quantity: '1' }],
      });
      expectCheckoutOptions(options, `${slug}: CheckoutOptionsSalesContract`);
    }
  });

  it('Marketplace.CheckoutOptionsMarketplace', async () => {
    for (const slug of NETWORKS) {
      const { address } = collectionOf(slug);
      const order = await listedOrder(slug);
      const { options } = await marketplace(slug).checkoutOptionsMarketplace({
        chainId: String(chainIdOf(slug)), // TOLERATED: extra `chainId` body field (see listedOrder)
        wallet: randomAddress(),
        // wire-facts §3: real servers take `marketplace` in each order; the document does not name it.
        orders: [{ contractAddress: address, orderId: order.orderId, marketplace: order.marketplace }],
        additionalFee: 0,
      });
      expectCheckoutOptions(options, `${slug}: CheckoutOptionsMarketplace`);
    }
  });

  // --- Swap (@0xsequence/api 2.3.8, as sequence-api-legacy) ----------------------------------------------------

  it('API.GetSwapPrices', async () => {
    for (const slug of NETWORKS) {
      const swap = swapOf(slug);
      const { swapPrices } = await legacyApi().getSwapPrices({
        userAddress: swap.userAddress,
        buyCurrencyAddress: swap.buyCurrencyAddress,
        buyAmount: swap.buyAmount,
        chainId: chainIdOf(slug),
      });
      expect(Array.isArray(swapPrices), `${slug}: swapPrices is an array for a funded user and a liquid pool`).toBe(true);
      expect(swapPrices.length, `${slug}: swapPrices is non-empty for the fixture pair`).toBeGreaterThanOrEqual(1);
      for (const p of swapPrices) {
        expect(typeof p.currencyAddress, `${slug}: SwapPrice.currencyAddress is a string`).toBe('string');
        expect(p.price, `${slug}: SwapPrice.price is a decimal string`).toMatch(DECIMAL);
        expect(p.maxPrice, `${slug}: SwapPrice.maxPrice is a decimal string`).toMatch(DECIMAL);
        expect(typeof p.currencyBalance, `${slug}: SwapPrice.currencyBalance is a string`).toBe('string');
        expect(typeof p.transactionValue, `${slug}: SwapPrice.transactionValue is a string`).toBe('string');
      }
      expect(
        swapPrices.some((p) => sameAddress(p.currencyAddress, swap.sellCurrencyAddress)),
        `${slug}: the fixture's sell currency is among the prices`,
      ).toBe(true);
    }
  });

  it('API.GetSwapQuote', async () => {
    for (const slug of NETWORKS) {
      const swap = swapOf(slug);
      const { swapQuote } = await legacyApi().getSwapQuote({
        userAddress: swap.userAddress,
        sellCurrencyAddress: swap.sellCurrencyAddress,
        buyCurrencyAddress: swap.buyCurrencyAddress,
        buyAmount: swap.buyAmount,
        chainId: chainIdOf(slug),
        includeApprove: true,
      });
      expect(swapQuote, `${slug}: GetSwapQuote gave a quote`).toBeTruthy();
      expect(sameAddress(swapQuote.currencyAddress, swap.sellCurrencyAddress), `${slug}: the quote is in the sell currency`).toBe(true);
      expect(swapQuote.price, `${slug}: SwapQuote.price is a decimal string`).toMatch(DECIMAL);
      expect(swapQuote.to, `${slug}: SwapQuote.to is an address`).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(swapQuote.transactionData, `${slug}: SwapQuote.transactionData is hex`).toMatch(HEX);
      expect(typeof swapQuote.approveData, `${slug}: SwapQuote.approveData is a string`).toBe('string');
    }
  });

  it('API.GetSwapPrice', async () => {
    for (const slug of NETWORKS) {
      const swap = swapOf(slug);
      const { swapPrice } = await legacyApi().getSwapPrice({
        buyCurrencyAddress: swap.buyCurrencyAddress,
        sellCurrencyAddress: swap.sellCurrencyAddress,
        buyAmount: swap.buyAmount,
        chainId: chainIdOf(slug),
        slippagePercentage: 1,
      });
      expect(swapPrice, `${slug}: GetSwapPrice gave a price`).toBeTruthy();
      expect(sameAddress(swapPrice.currencyAddress, swap.sellCurrencyAddress), `${slug}: the price is in the sell currency`).toBe(true);
      expect(swapPrice.price, `${slug}: SwapPrice.price is a decimal string`).toMatch(DECIMAL);
      expect(swapPrice.maxPrice, `${slug}: SwapPrice.maxPrice is a decimal string`).toMatch(DECIMAL);
    }
  });

  // --- Wallet utilities (@0xsequence/api 3.0.9) ------------------------------------------------------------------

  it('API.IsValidETHAuthProof', async () => {
    for (const slug of NETWORKS) {
      const proofs = await ethAuthProofs();
      const check = async (ethAuthProofString: string) => {
        const { isValid } = await api().isValidETHAuthProof({
          chainId: String(chainIdOf(slug)),
          walletAddress: proofs.address,
          ethAuthProofString,
        });
        expect(typeof isValid, `${slug}: isValid is a boolean`).toBe('boolean');
        return isValid;
      };
      const eip712 = await check(proofs.eip712);
      const eip191 = await check(proofs.eip191);
      // wire-facts §6: a conformant server accepts at least one of the two EOA signature forms.
      expect(eip712 || eip191, `${slug}: a fresh, well-signed proof is valid in at least one signature form`).toBe(true);
      expect(await check(proofs.wrongSigner), `${slug}: a proof signed by another key than the wallet is not valid`).toBe(false);
    }
  });

  it('API.GetLinkedWallets', async () => {
    for (const slug of NETWORKS) {
      const parent = privateKeyToAccount(generatePrivateKey());
      const message = `parent wallet with address ${parent.address}`;
      const signature = await parent.signMessage({ message });
      const { linkedWallets } = await api().getLinkedWallets({
        parentWalletAddress: parent.address,
        parentWalletMessage: message,
        parentWalletSignature: signature,
        signatureChainId: String(chainIdOf(slug)),
      });
      // wire-facts §5: an empty list may come as null; the 3.0.9 client passes it through as is.
      expect(linkedWallets === null || Array.isArray(linkedWallets), `${slug}: linkedWallets is an array (or null)`).toBe(true);
      for (const w of list(linkedWallets)) {
        expect(typeof w.id, `${slug}: LinkedWallet.id is a number`).toBe('number');
        expect(sameAddress(w.walletAddress, parent.address), `${slug}: a linked wallet belongs to the parent`).toBe(true);
        expect(typeof w.linkedWalletAddress, `${slug}: LinkedWallet.linkedWalletAddress is a string`).toBe('string');
      }
    }
  });

  // --- Metadata (@0xsequence/metadata 2.2.14, as sequence-metadata-legacy) --------------------------------------

  it('Metadata.TokenCollectionFilters', async () => {
    for (const slug of NETWORKS) {
      const { address } = collectionOf(slug);
      const { filters } = await legacyMetadata().tokenCollectionFilters({
        // TOLERATED: the client's schema spells the field `chainID`; the document says `chainId`. Real servers
        // match keys ignoring case (wire-facts §4), so a conformant server reads it.
        chainID: String(chainIdOf(slug)),
        contractAddress: address,
      });
      expect(Array.isArray(filters), `${slug}: filters is an array`).toBe(true);
      expect(filters.length, `${slug}: the fixture collection has property filters`).toBeGreaterThanOrEqual(1);
      for (const f of filters) {
        expect(typeof f.name, `${slug}: PropertyFilter.name is a string`).toBe('string');
        expect(Object.values(PropertyType), `${slug}: PropertyFilter.type is a PropertyType`).toContain(f.type);
        if (f.type === PropertyType.STRING) {
          // interface.md: "For string-type filters min and max are null and values lists the property values".
          expect(f.min ?? null, `${slug}: a STRING filter's min is null`).toBeNull();
          expect(f.max ?? null, `${slug}: a STRING filter's max is null`).toBeNull();
          expect(Array.isArray(f.values), `${slug}: a STRING filter lists its values`).toBe(true);
        }
      }
    }
  });

  // --- Relayer (@0xsequence/relayer 3.0.9, RpcRelayerGen.Relayer) -----------------------------------------------

  it('Relayer.FeeOptions', async () => {
    for (const slug of NETWORKS) {
      const { options, sponsored, quote } = await relayer(slug).feeOptions({
        wallet: randomAddress(),
        to: randomAddress(),
        data: '0x',
        simulate: false,
      });
      expect(typeof sponsored, `${slug}: sponsored is a boolean`).toBe('boolean');
      expect(options === null || Array.isArray(options), `${slug}: options is an array (or null)`).toBe(true);
      if (quote !== undefined && quote !== null) expect(typeof quote, `${slug}: quote is a string`).toBe('string');
      for (const o of list(options)) {
        expect(o.value, `${slug}: FeeOption.value is a decimal string`).toMatch(DECIMAL);
        expect(typeof o.gasLimit, `${slug}: FeeOption.gasLimit is a number`).toBe('number');
        expect(typeof o.to, `${slug}: FeeOption.to is a string`).toBe('string');
        expect(o.token.chainId, `${slug}: the fee token is on the relayer's chain`).toBe(chainIdOf(slug));
        expect(typeof o.token.symbol, `${slug}: the fee token has a symbol`).toBe('string');
      }
      if (!sponsored) expect(list(options).length, `${slug}: an unsponsored wallet is offered fee options`).toBeGreaterThanOrEqual(1);
    }
  });

  // --- Indexer (@0xsequence/indexer 3.0.13) ----------------------------------------------------------------------

  it('Indexer.GetNativeTokenBalance', async () => {
    for (const slug of NETWORKS) {
      const account = accountOf(slug);
      const { balance } = await indexer(slug).getNativeTokenBalance({ accountAddress: account });
      expect(sameAddress(balance.accountAddress, account), `${slug}: the balance is the requested account's`).toBe(true);
      expect(balance.balance, `${slug}: balance is a decimal string`).toMatch(DECIMAL);
      // TOLERATED: the 3.0.13 schema also has `chainId`, `name`, `symbol`, `balanceUSD`; the document has only
      // `accountAddress` and `balance` (wire-facts §3: real servers send `chainId`), so they are not required.
    }
  });

  // --- Builder (@0xsequence/builder 2.3.46 + the three audience methods; see the header) ------------------------

  it('Builder.CreateAudience', async () => {
    const { projectId } = builderFixtures();
    const name = `official-clients ${Date.now()}`;
    const { audience } = await builder().createAudience({ projectId, name });
    expect(audience.name, 'CreateAudience returns the given name').toBe(name);
    expect(audience.projectId, 'CreateAudience returns the given project').toBe(projectId);
    expect(typeof audience.id, 'Audience.id is a number').toBe('number');
  });

  it('Builder.GetAudience', async () => {
    const { projectId, audienceId } = builderFixtures();
    if (audienceId === undefined) throw new Error('the reference server gives no builder.audienceId');
    const { audience, contacts, contracts } = await builder().getAudience({ projectId, audienceId });
    expect(audience.id, 'GetAudience returns the requested audience').toBe(audienceId);
    expect(audience.projectId, 'GetAudience returns the audience of the requested project').toBe(projectId);
    expect(contacts === null || Array.isArray(contacts), 'contacts is an array (or null)').toBe(true);
    expect(contracts === null || Array.isArray(contracts), 'contracts is an array (or null)').toBe(true);
    for (const c of list(contacts)) {
      expect(typeof c.id, 'Contact.id is a number').toBe('number');
      expect(c.audienceId, 'a contact belongs to the audience').toBe(audienceId);
    }
    for (const c of list(contracts)) expect(typeof c.contractAddress, 'Contract.contractAddress is a string').toBe('string');
  });

  it('Builder.RemoveAudienceContacts', async () => {
    const { projectId, disposableAudienceIds } = builderFixtures();
    // A disposable audience (one the suite may change) when the server names one, else one created here.
    const audienceId =
      disposableAudienceIds?.[0] ??
      (await builder().createAudience({ projectId, name: `official-clients remove ${Date.now()}` })).audience.id;
    const before = await builder().getAudience({ projectId, audienceId });
    const contactIds = list(before.contacts)
      .slice(0, 1)
      .map((c) => c.id);
    const { ok } = await builder().removeAudienceContacts({ projectId, audienceId, contactIds });
    expect(ok, 'RemoveAudienceContacts answers ok: true').toBe(true);
    if (contactIds.length > 0) {
      const after = await builder().getAudience({ projectId, audienceId });
      expect(
        list(after.contacts).map((c) => c.id),
        'the removed contact is gone',
      ).not.toContain(contactIds[0]);
    }
  });

  // --- Authentication --------------------------------------------------------------------------------------------

  it('a call without X-Access-Key rejects with the Unauthorized error (code 1000, status 401)', async () => {
    const plainFetch: Fetch = (input, init) => fetch(input, init);
    const slug: Slug = 'polygon';
    const { address } = collectionOf(slug);
    // Two generator generations decode the error: gen-typescript 0.19 (Marketplace) and 0.23 (Indexer).
    const marketplaceCall = marketplace(slug, plainFetch).getCountOfFilteredCollectibles({
      chainId: String(chainIdOf(slug)),
      side: OrderSide.listing,
      contractAddress: address,
      filter: { includeEmpty: true },
    });
    await expect(marketplaceCall, 'Marketplace client: Unauthorized').rejects.toMatchObject({ code: 1000, status: 401 });
    const indexerCall = indexer(slug, plainFetch).getNativeTokenBalance({ accountAddress: accountOf(slug) });
    await expect(indexerCall, 'Indexer client: Unauthorized').rejects.toMatchObject({ code: 1000, status: 401 });
  });
});
