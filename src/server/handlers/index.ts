/** Every operation's handler, keyed by `<Service>.<Method>`. A test asserts all 18 operations are here. */
import { operationId } from '../../contract/operations.js';
import type { RegisteredHandler } from './handler.js';
import { handler as GetLinkedWallets } from './API/GetLinkedWallets.js';
import { handler as GetSwapPrice } from './API/GetSwapPrice.js';
import { handler as GetSwapPrices } from './API/GetSwapPrices.js';
import { handler as GetSwapQuote } from './API/GetSwapQuote.js';
import { handler as IsValidETHAuthProof } from './API/IsValidETHAuthProof.js';
import { handler as CreateAudience } from './Builder/CreateAudience.js';
import { handler as GetAudience } from './Builder/GetAudience.js';
import { handler as RemoveAudienceContacts } from './Builder/RemoveAudienceContacts.js';
import { handler as GetNativeTokenBalance } from './Indexer/GetNativeTokenBalance.js';
import { handler as CheckoutOptionsMarketplace } from './Marketplace/CheckoutOptionsMarketplace.js';
import { handler as CheckoutOptionsSalesContract } from './Marketplace/CheckoutOptionsSalesContract.js';
import { handler as GenerateCancelTransaction } from './Marketplace/GenerateCancelTransaction.js';
import { handler as GenerateSellTransaction } from './Marketplace/GenerateSellTransaction.js';
import { handler as GetCountOfFilteredCollectibles } from './Marketplace/GetCountOfFilteredCollectibles.js';
import { handler as GetFloorOrder } from './Marketplace/GetFloorOrder.js';
import { handler as GetHighestPriceListingForCollectible } from './Marketplace/GetHighestPriceListingForCollectible.js';
import { handler as TokenCollectionFilters } from './Metadata/TokenCollectionFilters.js';
import { handler as FeeOptions } from './Relayer/FeeOptions.js';

const ALL: readonly RegisteredHandler[] = [
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
];

export const HANDLERS: ReadonlyMap<string, RegisteredHandler> = new Map(ALL.map((h) => [operationId(h.op), h]));
