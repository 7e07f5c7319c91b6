/**
 * The optional fixtures file (`--fixtures FILE`): known entities per network that some checks need, because
 * the contract offers no way to discover them (there is no "list collections" operation). A check that needs
 * an entity the file does not give is reported skipped with the reason. Validated against
 * schemas/fixtures.schema.json; a bad file is a usage error (exit 2).
 */
import { Type, type Static } from '@sinclair/typebox';
import { SCHEMA_BASE } from '../contract/schema-kit.js';

const Address = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });
const Decimal = Type.String({ pattern: '^(0|[1-9][0-9]*)$' });

export const NetworkFixturesSchema = Type.Object(
  {
    /** A collection with open listings (GetFloorOrder, GetHighestPriceListingForCollectible, counts, filters). */
    collection: Type.Optional(
      Type.Object(
        {
          address: Address,
          /** A token of that collection that has at least one open listing. */
          listedTokenId: Type.Optional(Decimal),
        },
        { additionalProperties: false },
      ),
    ),
    /**
     * An ERC-20 token that can be bought with `sellCurrencyAddress` (swap checks; the four pair fields come
     * together), and a currency whose pool lacks liquidity (GetSwapPrices answers null for it).
     */
    swap: Type.Optional(
      Type.Object(
        {
          buyCurrencyAddress: Type.Optional(Address),
          sellCurrencyAddress: Type.Optional(Address),
          buyAmount: Type.Optional(Decimal),
          userAddress: Type.Optional(Address),
          illiquidCurrencyAddress: Type.Optional(Address),
        },
        { additionalProperties: false },
      ),
    ),
    /** An account whose native balance can be read (Indexer). */
    account: Type.Optional(Address),
  },
  { additionalProperties: false },
);
export type NetworkFixtures = Static<typeof NetworkFixturesSchema>;

export const FixturesSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    /** Per network slug; `*` holds defaults for every network, merged under each network's own entry. */
    networks: Type.Optional(Type.Record(Type.String({ pattern: '^(\\*|[a-z0-9]+(-[a-z0-9]+)*)$' }), NetworkFixturesSchema)),
    /** What the key of --limited-access-key may not do: these operations answer it 403 PermissionDenied. */
    limitedKey: Type.Optional(
      Type.Object(
        { deniedOperations: Type.Array(Type.String({ pattern: '^[A-Za-z]+\\.[A-Za-z]+$' }), { minItems: 1 }) },
        { additionalProperties: false },
      ),
    ),
    builder: Type.Optional(
      Type.Object(
        {
          /** A project the access key may create audiences in. */
          projectId: Type.Integer({ minimum: 0 }),
          /** An existing audience to read (GetAudience). */
          audienceId: Type.Optional(Type.Integer({ minimum: 0 })),
          /** Audiences the suite may remove contacts from without --allow-destructive. */
          disposableAudienceIds: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }))),
          /**
           * An audience with contacts that a removal from another audience names (remove-contacts-only-named-audience,
           * with --allow-destructive): never a removal's target, but a broken server may delete its contacts, so
           * one you can lose. Not one of the audiences above.
           */
          bystanderAudience: Type.Optional(
            Type.Object(
              { projectId: Type.Integer({ minimum: 0 }), audienceId: Type.Integer({ minimum: 0 }) },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: `${SCHEMA_BASE}fixtures.schema.json`, additionalProperties: false },
);
export type Fixtures = Static<typeof FixturesSchema>;

/** The defaults entry of `networks`. */
export const ALL_NETWORKS = '*';

export interface SwapPair {
  readonly buyCurrencyAddress: string;
  readonly sellCurrencyAddress: string;
  readonly buyAmount: string;
  readonly userAddress: string;
}

const PAIR_FIELDS = ['buyCurrencyAddress', 'sellCurrencyAddress', 'buyAmount', 'userAddress'] as const;

/** The network's tradable swap pair, when the fixtures give all four of its fields. */
export function swapPairOf(fixtures: NetworkFixtures | undefined): SwapPair | undefined {
  const swap = fixtures?.swap;
  return swap && PAIR_FIELDS.every((f) => swap[f] !== undefined) ? (swap as SwapPair) : undefined;
}

/** Whether a network's own entry names any field of a swap pair. */
export function namesPairField(fixtures: NetworkFixtures | undefined): boolean {
  const swap = fixtures?.swap;
  return swap !== undefined && PAIR_FIELDS.some((f) => swap[f] !== undefined);
}

/** A swap entry that gives some of the pair's fields but not all (after defaults are merged): what is missing. */
export function incompletePair(fixtures: NetworkFixtures): string[] {
  const swap = fixtures.swap;
  if (!swap || PAIR_FIELDS.every((f) => swap[f] === undefined)) return [];
  return PAIR_FIELDS.filter((f) => swap[f] === undefined);
}

/** Every network's entry with the `*` defaults merged under it (objects field by field); `*` itself removed. */
export function withNetworkDefaults(fixtures: Fixtures, slugs: readonly string[]): Fixtures {
  const networks = fixtures.networks;
  const defaults = networks?.[ALL_NETWORKS];
  if (!networks || !defaults) return fixtures;
  const merged: Record<string, NetworkFixtures> = {};
  for (const slug of slugs) {
    const own = networks[slug] ?? {};
    const collection = defaults.collection || own.collection ? { ...defaults.collection, ...own.collection } : undefined;
    const swap = defaults.swap || own.swap ? { ...defaults.swap, ...own.swap } : undefined;
    const account = own.account ?? defaults.account;
    merged[slug] = {
      ...(collection ? { collection: collection as NonNullable<NetworkFixtures['collection']> } : {}),
      ...(swap ? { swap } : {}),
      ...(account ? { account } : {}),
    };
  }
  return { ...fixtures, networks: merged };
}
