/**
 * The 18 operations of interface.md §Endpoints, written once: each one's service (src/contract/services.ts says
 * where that is served), where its request names the chain, whether it writes, and its request and response
 * shapes. Unnamed fields come from wire-facts.md §3.
 */
import { type Static, type TObject } from '@sinclair/typebox';
import { MarketplaceKindSchema, OrderSideSchema, WalletKindSchema } from './enums.js';
import {
  Audience,
  CheckoutOptions,
  Collectible,
  CollectiblesFilter,
  Contact,
  Contract,
  FeeOption,
  LinkedWallet,
  NativeBalance,
  Order,
  PropertyFilter,
  Step,
  SwapPrice,
  SwapQuote,
} from './resources.js';
import {
  address,
  amount,
  arrayOf,
  bool,
  hexData,
  int,
  num,
  ref,
  requestObject,
  responseObject,
  SCHEMA_BASE,
  str,
  tokenId,
  uint,
} from './schema-kit.js';
import type { Network } from './networks.js';
import { serviceDef, type BaseName, type BaseNetworkOf, type ServiceName } from './services.js';

export type { BaseName, ServiceName } from './services.js';

/**
 * How a network reaches an operation:
 * - `path`, `host`: through its service's base address, as src/contract/services.ts says;
 * - `body`: the network's chain ID goes in a body field, as a JSON number or a decimal string;
 * - `none`: the operation is not per network (Builder).
 */
export type NetworkBinding =
  | { readonly kind: 'path' }
  | { readonly kind: 'host' }
  | { readonly kind: 'body'; readonly field: string; readonly encoding: 'number' | 'string' }
  | { readonly kind: 'none' };

export interface OperationDef<Req extends TObject = TObject, Res extends TObject = TObject> {
  readonly service: ServiceName;
  readonly method: string;
  readonly base: BaseName;
  readonly network: NetworkBinding;
  /** Changes server state: skipped by --read-only, guarded by the safe-writes rules. */
  readonly writes: boolean;
  /** The document's own description of what the operation does (quoted in docs and check messages). */
  readonly summary: string;
  readonly request: Req;
  readonly response: Res;
  /** Never set, only typed: the network a check of the operation runs on (see NetworkOf). */
  readonly networkType?: readonly [Network | null];
}

const opId = (service: ServiceName, method: string, part: 'request' | 'response') =>
  `${SCHEMA_BASE}operations/${service}.${method}.${part}.json`;

function operation<
  const S extends ServiceName,
  const M extends string,
  Req extends TObject,
  Res extends TObject,
  const B extends BodyBinding | undefined = undefined,
>(
  service: S,
  method: M,
  def: {
    /** Only for a service whose base serves every network: where the request names the chain. */
    network?: B;
    writes?: boolean;
    summary: string;
    request: (id: string) => Req;
    response: (id: string) => Res;
  },
): OperationDef<Req, Res> & {
  readonly service: S;
  readonly method: M;
  readonly network: BindingOf<S, B> & NetworkBinding;
  readonly networkType?: readonly [BindingOf<S, B> extends { readonly kind: 'none' } ? null : Network];
} {
  return Object.freeze({
    service,
    method,
    base: serviceDef(service).base,
    network: bindingOf(service, def.network) as BindingOf<S, B> & NetworkBinding,
    writes: def.writes ?? false,
    summary: def.summary,
    request: def.request(opId(service, method, 'request')),
    response: def.response(opId(service, method, 'response')),
  });
}

type BodyBinding = Extract<NetworkBinding, { kind: 'body' }>;

/** The binding `bindingOf` gives, as a type: what makes an operation per network or not at compile time. */
type BindingOf<S extends ServiceName, B> = B extends BodyBinding
  ? B
  : BaseNetworkOf<S> extends 'none'
    ? { readonly kind: 'none' }
    : { readonly kind: BaseNetworkOf<S> };

/**
 * The network a check of `O` runs on: always one for an operation that is per network, none for one that is not.
 * Read from a typed-only field, not computed here: a conditional type over `O` would make a check of one operation
 * unfit for the list of another that shares it.
 */
export type NetworkOf<O extends OperationDef> = NonNullable<O['networkType']>[0];

/** A per-network base reaches the network itself (services.ts); otherwise the body does, or nothing does. */
function bindingOf(service: ServiceName, inBody: BodyBinding | undefined): NetworkBinding {
  const reach = serviceDef(service).network;
  if (reach === 'none') return inBody ?? { kind: 'none' };
  if (inBody) throw new Error(`${service} is reached per network by its base, not by a body field`);
  return { kind: reach };
}

const bodyChainId = (field: string, encoding: 'number' | 'string') => ({ kind: 'body', field, encoding }) as const;

export const GetCountOfFilteredCollectibles = operation('Marketplace', 'GetCountOfFilteredCollectibles', {
  summary: 'count collectibles that match a filter',
  request: ($id) => requestObject({ side: OrderSideSchema(), contractAddress: address(), filter: ref(CollectiblesFilter) }, { $id }),
  response: ($id) => responseObject({ count: num() }, { $id }),
});

export const GetFloorOrder = operation('Marketplace', 'GetFloorOrder', {
  summary: 'find the cheapest open order for a collection (floor order)',
  request: ($id) => requestObject({ contractAddress: address(), filter: ref(CollectiblesFilter) }, { $id }),
  response: ($id) => responseObject({ collectible: ref(Collectible) }, { $id }),
});

export const GetHighestPriceListingForCollectible = operation('Marketplace', 'GetHighestPriceListingForCollectible', {
  summary: 'find the highest-priced listing for one collectible',
  request: ($id) =>
    requestObject(
      {
        contractAddress: address(),
        tokenId: tokenId(),
        filter: requestObject({
          createdBy: arrayOf(address()),
          marketplace: arrayOf(MarketplaceKindSchema()),
          currencies: arrayOf(address()),
        }),
      },
      { $id },
    ),
  response: ($id) => responseObject({ order: ref(Order) }, { $id }),
});

export const GenerateSellTransaction = operation('Marketplace', 'GenerateSellTransaction', {
  summary: 'produce the steps needed to sell into offers',
  request: ($id) =>
    requestObject(
      {
        collectionAddress: address(),
        seller: address(),
        marketplace: MarketplaceKindSchema(),
        ordersData: arrayOf(requestObject({ orderId: str(), quantity: amount(), tokenId: tokenId() })),
        additionalFees: arrayOf(requestObject({ amount: amount(), receiver: address() })),
        walletType: WalletKindSchema(),
      },
      { $id },
    ),
  response: ($id) => responseObject({ steps: arrayOf(ref(Step)) }, { $id }),
});

export const GenerateCancelTransaction = operation('Marketplace', 'GenerateCancelTransaction', {
  summary: 'produce the steps needed to cancel an order',
  request: ($id) => requestObject({ collectionAddress: address(), maker: address(), orderId: str() }, { $id }),
  response: ($id) => responseObject({ steps: arrayOf(ref(Step)) }, { $id }),
});

export const CheckoutOptionsSalesContract = operation('Marketplace', 'CheckoutOptionsSalesContract', {
  summary: 'list the checkout options (payment methods) for a purchase from a sales contract',
  request: ($id) =>
    requestObject(
      {
        wallet: address(),
        contractAddress: address(),
        collectionAddress: address(),
        items: arrayOf(requestObject({ tokenId: tokenId(), quantity: amount() })),
      },
      { $id },
    ),
  response: ($id) => responseObject({ options: ref(CheckoutOptions) }, { $id }),
});

export const CheckoutOptionsMarketplace = operation('Marketplace', 'CheckoutOptionsMarketplace', {
  summary: 'list the checkout options (payment methods) for a purchase of marketplace orders',
  request: ($id) =>
    requestObject(
      {
        wallet: address(),
        orders: arrayOf(requestObject({ contractAddress: address(), orderId: str() })),
        additionalFee: int(),
      },
      { $id },
    ),
  response: ($id) => responseObject({ options: ref(CheckoutOptions) }, { $id }),
});

export const TokenCollectionFilters = operation('Metadata', 'TokenCollectionFilters', {
  network: bodyChainId('chainId', 'string'),
  summary: 'list the property filters (name, type, allowed values or range) that exist for a token collection',
  request: ($id) => requestObject({ chainId: str('chain-id-decimal'), contractAddress: address() }, { $id }),
  response: ($id) => responseObject({ filters: arrayOf(ref(PropertyFilter)) }, { $id }),
});

export const GetSwapPrices = operation('API', 'GetSwapPrices', {
  network: bodyChainId('chainId', 'number'),
  summary: 'retrieves swap prices for the ERC-20 token at buyCurrencyAddress; null when funds or liquidity lack',
  request: ($id) => requestObject({ userAddress: address(), buyCurrencyAddress: address(), buyAmount: amount(), chainId: uint() }, { $id }),
  response: ($id) => responseObject({ swapPrices: arrayOf(ref(SwapPrice)) }, { $id }),
});

export const GetSwapQuote = operation('API', 'GetSwapQuote', {
  network: bodyChainId('chainId', 'number'),
  summary: 'returns the data needed to execute a swap chosen from GetSwapPrices',
  request: ($id) =>
    requestObject(
      {
        userAddress: address(),
        sellCurrencyAddress: address(),
        buyCurrencyAddress: address(),
        buyAmount: amount(),
        chainId: uint(),
        includeApprove: bool(),
      },
      { $id },
    ),
  response: ($id) => responseObject({ swapQuote: ref(SwapQuote) }, { $id }),
});

export const GetSwapPrice = operation('API', 'GetSwapPrice', {
  network: bodyChainId('chainId', 'number'),
  summary: 'quote one swap price (currency abstraction)',
  request: ($id) =>
    requestObject(
      {
        buyCurrencyAddress: address(),
        sellCurrencyAddress: address(),
        buyAmount: amount(),
        chainId: uint(),
        slippagePercentage: uint(),
      },
      { $id },
    ),
  response: ($id) => responseObject({ swapPrice: ref(SwapPrice) }, { $id }),
});

export const IsValidETHAuthProof = operation('API', 'IsValidETHAuthProof', {
  network: bodyChainId('chainId', 'string'),
  summary: 'validate a wallet authentication proof',
  request: ($id) => requestObject({ chainId: str('chain-id-decimal'), walletAddress: address(), ethAuthProofString: str() }, { $id }),
  response: ($id) => responseObject({ isValid: bool() }, { $id }),
});

export const GetLinkedWallets = operation('API', 'GetLinkedWallets', {
  network: bodyChainId('signatureChainId', 'string'),
  summary: 'list wallets linked to a parent wallet after the parent proves control with a message and signature',
  request: ($id) =>
    requestObject(
      {
        parentWalletAddress: address(),
        parentWalletMessage: str(),
        parentWalletSignature: hexData(),
        signatureChainId: str('chain-id-decimal'),
      },
      { $id },
    ),
  response: ($id) => responseObject({ linkedWallets: arrayOf(ref(LinkedWallet)) }, { $id }),
});

export const FeeOptions = operation('Relayer', 'FeeOptions', {
  summary: 'list the fee options for paying gas for a transaction',
  request: ($id) => requestObject({ wallet: address(), to: address(), data: hexData(), simulate: bool() }, { $id }),
  response: ($id) => responseObject({ options: arrayOf(ref(FeeOption)), sponsored: bool(), quote: str() }, { $id }),
});

export const GetNativeTokenBalance = operation('Indexer', 'GetNativeTokenBalance', {
  summary: 'queries a chain node for the latest native-token balance of an account',
  request: ($id) => requestObject({ accountAddress: address() }, { $id }),
  response: ($id) => responseObject({ balance: ref(NativeBalance) }, { $id }),
});

export const CreateAudience = operation('Builder', 'CreateAudience', {
  writes: true,
  summary: 'create an audience (a named contact list inside a project)',
  request: ($id) => requestObject({ projectId: uint(), name: str() }, { $id }),
  response: ($id) => responseObject({ audience: ref(Audience) }, { $id }),
});

export const GetAudience = operation('Builder', 'GetAudience', {
  summary: 'read an audience with its contacts and contracts',
  request: ($id) => requestObject({ projectId: uint(), audienceId: uint() }, { $id }),
  response: ($id) =>
    responseObject({ audience: ref(Audience), contacts: arrayOf(ref(Contact)), contracts: arrayOf(ref(Contract)) }, { $id }),
});

export const RemoveAudienceContacts = operation('Builder', 'RemoveAudienceContacts', {
  writes: true,
  summary: 'remove contacts from an audience',
  request: ($id) => requestObject({ projectId: uint(), audienceId: uint(), contactIds: arrayOf(uint()) }, { $id }),
  response: ($id) => responseObject({ ok: bool() }, { $id }),
});

/** In the document's order. */
export const OPERATIONS = [
  GetCountOfFilteredCollectibles,
  GetFloorOrder,
  GetHighestPriceListingForCollectible,
  GenerateSellTransaction,
  GenerateCancelTransaction,
  CheckoutOptionsSalesContract,
  CheckoutOptionsMarketplace,
  TokenCollectionFilters,
  GetSwapPrices,
  GetSwapQuote,
  GetSwapPrice,
  IsValidETHAuthProof,
  GetLinkedWallets,
  FeeOptions,
  GetNativeTokenBalance,
  CreateAudience,
  GetAudience,
  RemoveAudienceContacts,
] as const;

export type AnyOperation = (typeof OPERATIONS)[number];
export type OperationId = `${AnyOperation['service']}.${AnyOperation['method']}`;
export type RequestOf<O extends OperationDef> = Static<O['request']>;
export type ResponseOf<O extends OperationDef> = Static<O['response']>;

export const operationId = (op: OperationDef): OperationId => `${op.service}.${op.method}` as OperationId;

const BY_ID = new Map<string, AnyOperation>(OPERATIONS.map((op) => [operationId(op), op]));

export function findOperation(id: string): AnyOperation | undefined {
  return BY_ID.get(id);
}

/** The path after a base address: `/rpc/<Service>/<Method>` (interface.md §Wire format). */
export const rpcPath = (op: Pick<OperationDef, 'service' | 'method'>): string => `${serviceDef(op.service).pathPrefix}/${op.method}`;

export const isPerNetwork = (op: OperationDef): boolean => op.network.kind !== 'none';
