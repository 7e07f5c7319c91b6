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
    /** An ERC-20 token that can be bought with `sellCurrencyAddress` (swap checks). */
    swap: Type.Optional(
      Type.Object(
        {
          buyCurrencyAddress: Address,
          sellCurrencyAddress: Address,
          buyAmount: Decimal,
          userAddress: Address,
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
    networks: Type.Optional(Type.Record(Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }), NetworkFixturesSchema)),
    builder: Type.Optional(
      Type.Object(
        {
          /** A project the access key may create audiences in. */
          projectId: Type.Integer({ minimum: 0 }),
          /** An existing audience to read (GetAudience). */
          audienceId: Type.Optional(Type.Integer({ minimum: 0 })),
          /** Audiences the suite may remove contacts from without --allow-destructive. */
          disposableAudienceIds: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }))),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: `${SCHEMA_BASE}fixtures.schema.json`, additionalProperties: false },
);
export type Fixtures = Static<typeof FixturesSchema>;
