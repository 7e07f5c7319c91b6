/**
 * Every resource of interface.md §"Resources and their fields", in the document's order and with its field
 * names. Response resources are open and absent-or-null by default (schema-kit's responseObject); request
 * resources are closed.
 */
import { type Static, type TUnsafe } from '@sinclair/typebox';
import {
  CheckoutCryptoSchema,
  CheckoutProviderSchema,
  CheckoutSwapSchema,
  ContractSourceSchema,
  ExecuteTypeSchema,
  FeeTokenTypeSchema,
  MarketplaceKindSchema,
  METADATA_STATUSES,
  OrderSideSchema,
  OrderStatusSchema,
  PropertyTypeSchema,
  SourceKindSchema,
  StepTypeSchema,
} from './enums.js';
import {
  address,
  amount,
  anyObject,
  anyValue,
  arrayOf,
  bool,
  CONVENTION_KEYWORD,
  documentObject,
  hexData,
  int,
  num,
  nullable,
  ref,
  requestObject,
  resourceId,
  responseObject,
  str,
  timestamp,
  tokenId,
  wireField,
} from './schema-kit.js';

export const FeeBreakdown = responseObject({ kind: str(), recipientAddress: address(), bps: num() }, { $id: resourceId('FeeBreakdown') });

export const Order = responseObject(
  {
    id: num(),
    collectionId: num(),
    orderId: str(),
    marketplace: MarketplaceKindSchema(),
    source: SourceKindSchema(),
    side: OrderSideSchema(),
    status: OrderStatusSchema(),
    chainId: num(),
    originName: str(),
    collectionContractAddress: address(),
    createdBy: address(),
    priceAmount: amount(),
    priceAmountFormatted: str(),
    priceAmountNet: amount(),
    priceAmountNetFormatted: str(),
    priceCurrencyAddress: address(),
    priceDecimals: num(),
    priceUSD: num(),
    priceUSDFormatted: str(),
    quantityInitial: amount(),
    quantityInitialFormatted: str(),
    quantityRemaining: amount(),
    quantityRemainingFormatted: str(),
    quantityAvailable: amount(),
    quantityAvailableFormatted: str(),
    quantityDecimals: num(),
    feeBps: num(),
    feeBreakdown: arrayOf(ref(FeeBreakdown)),
    validFrom: timestamp(),
    validUntil: timestamp(),
    blockNumber: num(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    collectibleId: num(),
    tokenId: tokenId(),
    orderCreatedAt: timestamp(),
    orderUpdatedAt: timestamp(),
    deletedAt: timestamp(),
  },
  { $id: resourceId('Order') },
);

export const Asset = responseObject(
  {
    id: num(),
    collectionId: num(),
    tokenId: tokenId(),
    metadataField: str(),
    url: str(),
    filename: str(),
    filesize: num(),
    mimeType: str(),
    width: num(),
    height: num(),
    updatedAt: timestamp(),
    // wire-facts.md §5: "metadata assets carry `name`, not `filename`".
    name: wireField('string', 'the file name real servers send in place of filename'),
  },
  { $id: resourceId('Asset') },
);

export const CollectibleMetadata = responseObject(
  {
    tokenId: tokenId(),
    name: str(),
    attributes: arrayOf(anyObject()),
    description: str(),
    image: str(),
    video: str(),
    audio: str(),
    properties: anyObject(),
    imageData: str(),
    externalUrl: str(),
    backgroundColor: str(),
    animationUrl: str(),
    decimals: num(),
    updatedAt: timestamp(),
    assets: arrayOf(ref(Asset)),
    // wire-facts.md §5: the keys real servers send for the document's camelCase four, and a `status`.
    image_data: wireField('string', 'imageData as real servers send it'),
    external_url: wireField('string', 'externalUrl as real servers send it'),
    background_color: wireField('string', 'backgroundColor as real servers send it'),
    animation_url: wireField('string', 'animationUrl as real servers send it'),
    status: wireField('string', 'MetadataStatus', METADATA_STATUSES),
  },
  { $id: resourceId('CollectibleMetadata') },
);

export const Collectible = responseObject(
  {
    metadata: ref(CollectibleMetadata),
    order: ref(Order),
    listing: ref(Order),
    offer: ref(Order),
  },
  { $id: resourceId('Collectible') },
);

/**
 * PropertyFilter as a server answers it (TokenCollectionFilters): `name` and `type` are required (table). As a
 * request, a range bound is read as a signed integer: an INT property (a "temperature") may start below zero.
 */
const propertyFilterFields = (bound: () => TUnsafe<number>) => ({
  name: str(),
  type: PropertyTypeSchema(),
  min: nullable(bound()),
  max: nullable(bound()),
  values: arrayOf(anyValue()),
});
export const PropertyFilter = responseObject(propertyFilterFields(num), {
  $id: resourceId('PropertyFilter'),
  required: ['name', 'type'],
});
/** PropertyFilter as a client sends it inside CollectiblesFilter: same fields, closed. */
export const PropertyFilterInput = requestObject(propertyFilterFields(int), {
  $id: resourceId('PropertyFilterInput'),
  required: ['name', 'type'],
});

export const CollectiblesFilter = requestObject(
  {
    includeEmpty: bool(),
    searchText: str(),
    properties: arrayOf(ref(PropertyFilterInput)),
    marketplaces: arrayOf(MarketplaceKindSchema()),
    inAccounts: arrayOf(address()),
    notInAccounts: arrayOf(address()),
    ordersCreatedBy: arrayOf(address()),
    ordersNotCreatedBy: arrayOf(address()),
    inCurrencyAddresses: arrayOf(address()),
    notInCurrencyAddresses: arrayOf(address()),
  },
  { $id: resourceId('CollectiblesFilter'), required: ['includeEmpty'] },
);

/**
 * A step's `data` is call data and its `to` an address, by convention, except in a `signEIP191` step, which
 * carries the message to sign (text or hex) in `data` and `to: ""` (wire-facts.md §5): the conventions are
 * stated once here, under the condition that the step is not a message to sign.
 */
const STEP_UNLESS_MESSAGE = {
  if: { properties: { id: { const: 'signEIP191' } }, required: ['id'] },
  // Annotations only: the types (string or null) are the properties' own.
  else: { properties: { data: { [CONVENTION_KEYWORD]: 'hex-data' }, to: { [CONVENTION_KEYWORD]: 'address' } } },
};

export const Step = Object.assign(
  responseObject(
    {
      id: StepTypeSchema(),
      data: str(),
      to: str(),
      value: amount(),
      price: amount(),
      signature: responseObject({
        domain: responseObject({ name: str(), version: str(), chainId: num(), verifyingContract: address() }),
        types: documentObject(),
        primaryType: str(),
        value: documentObject(),
      }),
      post: responseObject({ endpoint: str(), method: str(), body: documentObject() }),
      executeType: ExecuteTypeSchema(),
    },
    {
      $id: resourceId('Step'),
      description:
        'By convention `data` is hex call data and `to` an address, except in a `signEIP191` step: its `data` is the message to sign (text or hex) and its `to` is empty. `signature.types`, `signature.value` and `post.body` are objects in the document and free JSON in the official clients: another JSON type there is a SHOULD finding.',
    },
  ),
  STEP_UNLESS_MESSAGE,
);

export const SwapPrice = responseObject(
  {
    currencyAddress: address(),
    currencyBalance: amount(),
    price: amount(),
    maxPrice: amount(),
    transactionValue: amount(),
  },
  { $id: resourceId('SwapPrice') },
);

export const SwapQuote = responseObject(
  {
    currencyAddress: address(),
    currencyBalance: amount(),
    price: amount(),
    maxPrice: amount(),
    to: address(),
    transactionData: hexData(),
    transactionValue: amount(),
    approveData: hexData(),
  },
  { $id: resourceId('SwapQuote') },
);

export const CheckoutOptions = responseObject(
  {
    crypto: CheckoutCryptoSchema(),
    swap: arrayOf(CheckoutSwapSchema()),
    nftCheckout: arrayOf(CheckoutProviderSchema()),
    onRamp: arrayOf(CheckoutProviderSchema()),
  },
  { $id: resourceId('CheckoutOptions') },
);

export const FeeToken = responseObject(
  {
    chainId: num(),
    name: str(),
    symbol: str(),
    type: FeeTokenTypeSchema(),
    logoURL: str(),
    decimals: num(),
    contractAddress: address(),
    tokenID: tokenId(),
  },
  { $id: resourceId('FeeToken') },
);

export const FeeOption = responseObject(
  { token: ref(FeeToken), to: address(), value: amount(), gasLimit: num() },
  { $id: resourceId('FeeOption') },
);

export const Audience = responseObject(
  {
    id: num(),
    projectId: num(),
    name: str(),
    contactCount: num(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    deletedAt: timestamp(),
  },
  { $id: resourceId('Audience') },
);

/** Its personal data (PERSONAL_DATA_FIELDS) never reaches a report or a log (src/report/redact.ts). */
export const Contact = responseObject(
  {
    id: num(),
    audienceId: num(),
    address: address(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    name: str(),
    email: str(),
  },
  { $id: resourceId('Contact') },
);
/** The Contact fields that hold personal data: interface.md §Contact, "the last two hold personal data". */
export const PERSONAL_DATA_FIELDS = ['name', 'email'] as const satisfies readonly (keyof typeof Contact.properties)[];

export const Contract = responseObject(
  {
    id: num(),
    projectId: num(),
    contractName: str(),
    contractAddress: address(),
    contractType: str(),
    chainId: num(),
    source: ContractSourceSchema(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    itemsContractAddress: address(),
    abi: str(),
    bytecode: hexData(),
    bytecodeHash: str(),
    audienceId: num(),
    bytecode_hash: wireField('string', 'bytecodeHash as real servers may send it'),
  },
  { $id: resourceId('Contract') },
);

export const LinkedWallet = responseObject(
  {
    id: num(),
    walletAddress: address(),
    linkedWalletAddress: address(),
    walletType: str(),
    createdAt: timestamp(),
  },
  { $id: resourceId('LinkedWallet') },
);

export const NativeBalance = responseObject(
  {
    accountAddress: address(),
    balance: amount(),
    chainId: wireField('number', 'the chain ID real servers send inside the native balance'),
  },
  { $id: resourceId('NativeBalance') },
);

/** The error object of §Errors: the only response object with required fields besides PropertyFilter. */
export const ErrorObject = responseObject(
  { error: str(), code: num(), msg: str(), cause: str(), status: num() },
  { $id: `${resourceId('Error')}`, required: ['error', 'code', 'msg', 'status'] },
);

export const RESOURCES = {
  FeeBreakdown,
  Order,
  Asset,
  CollectibleMetadata,
  Collectible,
  PropertyFilter,
  PropertyFilterInput,
  CollectiblesFilter,
  Step,
  SwapPrice,
  SwapQuote,
  CheckoutOptions,
  FeeToken,
  FeeOption,
  Audience,
  Contact,
  Contract,
  LinkedWallet,
  NativeBalance,
  Error: ErrorObject,
} as const;

export type OrderT = Static<typeof Order>;
export type CollectibleT = Static<typeof Collectible>;
export type PropertyFilterT = Static<typeof PropertyFilter>;
export type CollectiblesFilterT = Static<typeof CollectiblesFilter>;
export type StepT = Static<typeof Step>;
export type SwapPriceT = Static<typeof SwapPrice>;
export type SwapQuoteT = Static<typeof SwapQuote>;
export type FeeOptionT = Static<typeof FeeOption>;
export type AudienceT = Static<typeof Audience>;
export type ContactT = Static<typeof Contact>;
export type ContractT = Static<typeof Contract>;
export type LinkedWalletT = Static<typeof LinkedWallet>;
export type ErrorObjectT = Static<typeof ErrorObject>;
