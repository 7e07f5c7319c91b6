/**
 * Enumerations and their wire values. interface.md gives full value sets for OrderSide, MarketplaceKind and
 * PropertyType (closed: any other value breaks the contract); the rest are shown only partly, so their
 * known values (wire-facts.md §2) are a SHOULD-level expectation.
 */
import { closedEnum, openEnum } from './schema-kit.js';

export const ORDER_SIDES = ['unknown', 'listing', 'offer'] as const;
export const MARKETPLACE_KINDS = [
  'unknown',
  'sequence_marketplace_v1',
  'sequence_marketplace_v2',
  'blur',
  'zerox',
  'opensea',
  'looks_rare',
  'x2y2',
  'alienswap',
  'payment_processor',
  'mintify',
  'magic_eden',
] as const;
export const PROPERTY_TYPES = ['INT', 'STRING', 'ARRAY', 'GENERIC'] as const;

export const ORDER_STATUSES = ['unknown', 'active', 'inactive', 'expired', 'cancelled', 'filled', 'decimals_missing'] as const;
export const SOURCE_KINDS = ['unknown', 'external', 'sequence_marketplace_v1', 'sequence_marketplace_v2', 'opensea', 'magic_eden'] as const;
export const STEP_TYPES = [
  'unknown',
  'tokenApproval',
  'buy',
  'sell',
  'createListing',
  'createOffer',
  'signEIP712',
  'signEIP191',
  'cancel',
] as const;
export const EXECUTE_TYPES = ['unknown', 'order', 'createListing', 'createItemOffer', 'createTraitOffer'] as const;
export const CHECKOUT_CRYPTO = ['none', 'partially', 'all'] as const;
// Current servers offer `lifi`; `zerox` is what older servers sent (wire-facts.md §2).
export const CHECKOUT_SWAP = ['unknown', 'lifi', 'zerox'] as const;
export const CHECKOUT_PROVIDERS = ['unknown', 'sardine', 'transak'] as const;
export const WALLET_KINDS = ['unknown', 'sequence'] as const;
export const FEE_TOKEN_TYPES = ['UNKNOWN', 'ERC20_TOKEN', 'ERC1155_TOKEN'] as const;
export const CONTRACT_SOURCES = ['LINKED', 'DEPLOYED', 'SALE'] as const;
/** Collectible metadata `status`, a key the document does not name (wire-facts.md §5). */
export const METADATA_STATUSES = ['NOT_AVAILABLE', 'REFRESHING', 'AVAILABLE'] as const;

export type OrderSide = (typeof ORDER_SIDES)[number];
export type MarketplaceKind = (typeof MARKETPLACE_KINDS)[number];
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const OrderSideSchema = () => closedEnum(ORDER_SIDES, 'OrderSide');
export const MarketplaceKindSchema = () => closedEnum(MARKETPLACE_KINDS, 'MarketplaceKind');
export const PropertyTypeSchema = () => closedEnum(PROPERTY_TYPES, 'PropertyType');

export const OrderStatusSchema = () => openEnum(ORDER_STATUSES, 'OrderStatus');
export const SourceKindSchema = () => openEnum(SOURCE_KINDS, 'SourceKind');
export const StepTypeSchema = () => openEnum(STEP_TYPES, 'StepType');
export const ExecuteTypeSchema = () => openEnum(EXECUTE_TYPES, 'ExecuteType');
export const CheckoutCryptoSchema = () => openEnum(CHECKOUT_CRYPTO, 'CheckoutCrypto');
export const CheckoutSwapSchema = () => openEnum(CHECKOUT_SWAP, 'CheckoutSwap');
export const CheckoutProviderSchema = () => openEnum(CHECKOUT_PROVIDERS, 'CheckoutProvider');
export const WalletKindSchema = () => openEnum(WALLET_KINDS, 'WalletKind');
export const FeeTokenTypeSchema = () => openEnum(FEE_TOKEN_TYPES, 'FeeTokenType');
export const ContractSourceSchema = () => openEnum(CONTRACT_SOURCES, 'ContractSource');
