/**
 * The seeded marketplace of one network: currencies, collections, collectibles with metadata, and orders.
 * Prices are drawn in US cents and converted exactly into each currency (the currencies' rates divide their
 * unit), so "cheapest" and "highest" compare one number across currencies and every check can recompute them.
 */
import type { Hex } from 'viem';
import { MARKETPLACE_KINDS, type MarketplaceKind } from '../../contract/enums.js';
import type { Network } from '../../contract/networks.js';
import { Prng, rfc3339 } from './prng.js';

export interface Currency {
  readonly address: Hex;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  /** The price of one whole unit in US cents. Divides 10^decimals · 100 so conversions stay exact. */
  readonly usdCents: bigint;
}

export interface TokenProperties {
  readonly level: number;
  readonly rarity: string;
  readonly color: string;
}

export interface Token {
  readonly tokenId: string;
  readonly name: string;
  readonly description: string;
  readonly image: string;
  /** One owner per token: what inAccounts / notInAccounts filter on. */
  readonly owner: Hex;
  readonly properties: TokenProperties;
  readonly updatedAt: string;
}

export type SeededSide = 'listing' | 'offer';
/** Only `active` orders are open; the others exist so that "open" is a real distinction. */
export type SeededStatus = 'active' | 'cancelled' | 'expired' | 'filled';

export interface OrderRecord {
  readonly orderId: string;
  readonly side: SeededSide;
  readonly status: SeededStatus;
  readonly marketplace: MarketplaceKind;
  readonly createdBy: Hex;
  readonly tokenId: string;
  readonly currency: Currency;
  /** Per unit, in the currency's smallest unit. */
  readonly priceAmount: bigint;
  readonly usdCents: bigint;
  readonly quantityInitial: bigint;
  readonly quantityRemaining: bigint;
  readonly feeBps: number;
  readonly feeRecipient: Hex;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly validFrom: number;
  readonly validUntil: number;
  readonly blockNumber: number;
}

export interface Collection {
  readonly address: Hex;
  readonly name: string;
  readonly contractType: 'ERC721' | 'ERC1155';
  readonly tokens: readonly Token[];
  readonly orders: readonly OrderRecord[];
}

export interface NetworkCatalog {
  /** The network that stands for the chain (slugs of one chain share a catalog, see world.ts). */
  readonly network: Network;
  /** Order currencies: a stablecoin, then the wrapped native token. Swap pools reuse them. */
  readonly currencies: readonly [Currency, Currency];
  readonly collections: readonly Collection[];
  /** Wallets that own tokens and make orders. */
  readonly accounts: readonly Hex[];
  /** The exchange contract of each marketplace, the `to` of generated transactions. */
  readonly exchanges: Readonly<Record<MarketplaceKind, Hex>>;
}

const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
const RARITY_WEIGHTS = [40, 25, 18, 12, 5];
const COLORS = ['red', 'green', 'blue', 'gold', 'black'] as const;
const ADJECTIVES = ['Silent', 'Crimson', 'Hidden', 'Lucky', 'Cosmic', 'Ancient', 'Neon', 'Frozen', 'Golden', 'Wild'];
const NOUNS = ['Foxes', 'Relics', 'Knights', 'Orbs', 'Gardens', 'Golems', 'Voyagers', 'Masks', 'Dragons', 'Tiles'];
/** The marketplaces orders are placed on, weighted toward the service's own (v2). */
const ORDER_MARKETPLACES: readonly MarketplaceKind[] = [
  'sequence_marketplace_v2',
  'sequence_marketplace_v2',
  'sequence_marketplace_v2',
  'sequence_marketplace_v1',
  'opensea',
  'magic_eden',
];
/**
 * Third-party order books, whose orders are cancelled and sold into by a signed message (EIP-712) posted to
 * the book: the floor collectible's offers are placed there, so that the steps of every network include a
 * signature request whose domain names the chain.
 */
const ORDER_BOOK_MARKETPLACES: readonly MarketplaceKind[] = ['opensea', 'magic_eden'];
/** Wrapped-native prices in cents, each of the form 2^a·5^b so that 10^18 / rate is an integer. */
const NATIVE_USD_CENTS = [160_000n, 200_000n, 250_000n, 320_000n, 400_000n, 500_000n];
const NATIVE_SYMBOLS: Readonly<Record<string, string>> = {
  polygon: 'POL',
  amoy: 'POL',
  bsc: 'BNB',
  'bsc-testnet': 'BNB',
  avalanche: 'AVAX',
  'avalanche-testnet': 'AVAX',
  gnosis: 'XDAI',
  xai: 'XAI',
  'xai-sepolia': 'XAI',
  'apechain-mainnet': 'APE',
  'apechain-testnet': 'APE',
  'immutable-zkevm': 'IMX',
  'immutable-zkevm-testnet': 'IMX',
  imx: 'IMX',
  'imx-testnet': 'IMX',
  rootnet: 'XRP',
  'rootnet-porcini': 'XRP',
  homeverse: 'OAS',
  'homeverse-testnet': 'OAS',
};

/** 2024-01-01T00:00:00Z: seeded timestamps fall in the year after it. */
const EPOCH = Date.UTC(2024, 0, 1) / 1000;
const DAY = 86_400;
/** Open orders stay valid until about the end of the century, so the data does not age out. */
const FAR_FUTURE = Date.UTC(2099, 0, 1) / 1000;

export function nativeSymbol(network: Network): string {
  return NATIVE_SYMBOLS[network.slug] ?? 'ETH';
}

export function buildCatalog(seed: number, network: Network): NetworkCatalog {
  const rng = new Prng(seed, `catalog/${network.slug}`);
  const native = nativeSymbol(network);
  const currencies: [Currency, Currency] = [
    { address: rng.address(), symbol: 'USDC', name: 'USD Coin', decimals: 6, usdCents: 100n },
    { address: rng.address(), symbol: `W${native}`, name: `Wrapped ${native}`, decimals: 18, usdCents: rng.pick(NATIVE_USD_CENTS) },
  ];
  const accounts = Array.from({ length: 6 }, () => rng.address());
  const exchanges = Object.fromEntries(MARKETPLACE_KINDS.map((kind) => [kind, rng.address()])) as Record<MarketplaceKind, Hex>;
  const orderIds = new OrderIds(rng);
  const collectionCount = rng.int(2, 3);
  const collections = Array.from({ length: collectionCount }, (_, i) => buildCollection(rng, i, network, currencies, accounts, orderIds));
  return { network, currencies, collections, accounts, exchanges };
}

/** Sequence-marketplace orders are on-chain request IDs (decimal); external ones are order hashes. */
class OrderIds {
  private counter = 0;
  private readonly used = new Set<string>();
  constructor(private readonly rng: Prng) {}
  next(marketplace: MarketplaceKind): string {
    if (marketplace.startsWith('sequence_')) return String(++this.counter);
    let id: string;
    do id = `0x${this.rng.hex(32)}`;
    while (this.used.has(id));
    this.used.add(id);
    return id;
  }
}

function buildCollection(
  rng: Prng,
  index: number,
  network: Network,
  currencies: readonly [Currency, Currency],
  accounts: readonly Hex[],
  orderIds: OrderIds,
): Collection {
  const address = rng.address();
  const name = `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
  const contractType = index === 0 || rng.chance(0.5) ? 'ERC721' : 'ERC1155';
  const tokenCount = rng.int(8, 20);
  const tokens: Token[] = [];
  for (let i = 0; i < tokenCount; i++) {
    const tokenId = String(i + 1);
    tokens.push({
      tokenId,
      name: `${name} #${tokenId}`,
      description: `Token ${tokenId} of ${name}, seeded reference data on ${network.slug}.`,
      image: `https://assets.reference.invalid/${network.slug}/${address}/${tokenId}.png`,
      owner: rng.pick(accounts),
      properties: { level: rng.int(1, 100), rarity: weighted(rng, RARITIES, RARITY_WEIGHTS), color: rng.pick(COLORS) },
      updatedAt: rfc3339(EPOCH + rng.int(0, 365 * DAY)),
    });
  }

  const orders: OrderRecord[] = [];
  const usedCents = new Set<bigint>();
  const uniqueCents = (min: number, max: number): bigint => {
    let cents: bigint;
    do cents = BigInt(rng.int(min, max));
    while (usedCents.has(cents));
    usedCents.add(cents);
    return cents;
  };
  const quantityMax = contractType === 'ERC721' ? 1 : 20;
  tokens.forEach((token, i) => {
    // The last two tokens never get an order: they are what includeEmpty adds.
    const empty = i >= tokenCount - 2;
    if (empty) return;
    // Token 0 is the fixtures' listedTokenId: its first listing is open and priced below every other listing
    // (the collection's floor), and it carries an open offer on a third-party order book, so a suite that finds
    // the floor through GetFloorOrder also finds an offer to sell into and an order to cancel.
    const anchor = i === 0;
    const listings = anchor ? rng.int(1, 3) : rng.chance(0.75) ? rng.int(1, 3) : 0;
    for (let l = 0; l < listings; l++) {
      const floor = anchor && l === 0;
      const cents = floor ? uniqueCents(100, 499) : uniqueCents(500, 200_000);
      orders.push(
        makeOrder(
          rng,
          orderIds,
          'listing',
          floor ? 'active' : drawStatus(rng),
          token,
          token.owner,
          cents,
          currencies,
          accounts,
          quantityMax,
        ),
      );
    }
    const offers = anchor ? rng.int(1, 2) : rng.chance(0.5) ? rng.int(1, 2) : 0;
    for (let o = 0; o < offers; o++) {
      const bidder = rng.pick(accounts.filter((a) => a !== token.owner));
      const status = anchor && o === 0 ? 'active' : drawStatus(rng);
      const cents = uniqueCents(100, 100_000);
      const venues = anchor ? ORDER_BOOK_MARKETPLACES : ORDER_MARKETPLACES;
      orders.push(makeOrder(rng, orderIds, 'offer', status, token, bidder, cents, currencies, accounts, quantityMax, venues));
    }
  });
  return { address, name, contractType, tokens, orders };
}

function makeOrder(
  rng: Prng,
  orderIds: OrderIds,
  side: SeededSide,
  status: SeededStatus,
  token: Token,
  createdBy: Hex,
  usdCents: bigint,
  currencies: readonly [Currency, Currency],
  accounts: readonly Hex[],
  quantityMax: number,
  marketplaces: readonly MarketplaceKind[] = ORDER_MARKETPLACES,
): OrderRecord {
  const marketplace = rng.pick(marketplaces);
  const currency = rng.pick(currencies);
  const createdAt = EPOCH + rng.int(0, 300 * DAY);
  const quantityInitial = BigInt(rng.int(1, quantityMax));
  const quantityRemaining = status === 'filled' ? 0n : quantityInitial;
  return {
    orderId: orderIds.next(marketplace),
    side,
    status,
    marketplace,
    createdBy,
    tokenId: token.tokenId,
    currency,
    priceAmount: centsToAmount(usdCents, currency),
    usdCents,
    quantityInitial,
    quantityRemaining,
    feeBps: rng.pick([0, 100, 250, 500]),
    feeRecipient: rng.pick(accounts),
    createdAt,
    updatedAt: createdAt + rng.int(0, 30 * DAY),
    validFrom: createdAt,
    validUntil: status === 'expired' ? createdAt + 7 * DAY : FAR_FUTURE - rng.int(0, 365) * DAY,
    blockNumber: rng.int(1_000_000, 60_000_000),
  };
}

/** Cents → smallest units; exact by construction of the currencies' rates. */
function centsToAmount(cents: bigint, currency: Currency): bigint {
  const numerator = cents * 10n ** BigInt(currency.decimals);
  if (numerator % currency.usdCents !== 0n) throw new Error(`inexact price conversion for ${currency.symbol}`);
  return numerator / currency.usdCents;
}

function drawStatus(rng: Prng): SeededStatus {
  return rng.chance(0.88) ? 'active' : rng.pick(['cancelled', 'expired', 'filled'] as const);
}

function weighted<T>(rng: Prng, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let roll = rng.int(0, total - 1);
  for (let i = 0; i < items.length; i++) {
    roll -= weights[i] ?? 0;
    if (roll < 0) return items[i] as T;
  }
  return items[items.length - 1] as T;
}
