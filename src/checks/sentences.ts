/**
 * The sentence map: every sentence of interface.md that states or implies a behaviour, clause by clause, and
 * every row of its tables, quoted as the document writes it, with the checks that judge it, or the reason no
 * check can. Sentences that state no behaviour are listed too, with why, so that nothing of the document is
 * left unread. docs/sentences.md is generated from this list (levels read from the catalogue), and
 * test/sentences.test.ts fails when a sentence or row of the document is in none of these entries, when a quote
 * is not in the document, or when a check id is not in the catalogue.
 */
import type { CheckId } from './catalogue.js';

export type SentenceEntry =
  /** Judged by these checks; `rest` says what of the clause they leave unjudged, and why. */
  | { readonly quote: string; readonly checks: readonly CheckId[]; readonly rest?: string }
  /** States a behaviour no check can judge, and why. */
  | { readonly quote: string; readonly unjudged: string }
  /** States no behaviour of a server (a heading's words, an introduction, a name), and why. */
  | { readonly quote: string; readonly statesNothing: string };

const judged = (quote: string, checks: readonly CheckId[], rest?: string): SentenceEntry =>
  rest === undefined ? { quote, checks } : { quote, checks, rest };
const unjudged = (quote: string, why: string): SentenceEntry => ({ quote, unjudged: why });
const nothing = (quote: string, why: string): SentenceEntry => ({ quote, statesNothing: why });

const NOT_SHOWN = 'not shown: nothing to judge';
const INTRODUCES = 'introduces what follows';
const RESPONSE: readonly CheckId[] = ['response-schema'];
const REQUEST: readonly CheckId[] = ['valid-request-not-5xx', 'invalid-request-not-5xx', 'invalid-request-4xx'];
const PROTOCOL_ROW: readonly CheckId[] = ['error-table-agreement', 'error-default-message', 'error-status-class'];
const APPLICATION_ROW: readonly CheckId[] = [
  'error-table-agreement',
  'error-unlisted-row-agreement',
  'error-default-message',
  'error-status-class',
];

/** One entry per row of a table of response fields: response-schema judges each field's type. */
const responseRows = (rows: readonly string[]): SentenceEntry[] => rows.map((row) => judged(row, RESPONSE));
/** One entry per row of a table of request fields: the generated requests send them, right and wrong. */
const requestRows = (rows: readonly string[], checks: readonly CheckId[] = REQUEST): SentenceEntry[] =>
  rows.map((row) => judged(row, checks));

const OVERVIEW: readonly SentenceEntry[] = [
  judged('every operation is an HTTP POST carrying JSON', ['bad-method', 'response-schema', 'malformed-json']),
  judged('served by six logical services (Marketplace, API, Metadata, Relayer, Indexer, Builder)', ['bad-route', 'response-schema']),
  nothing('It is the only document.', 'says where the contract is written'),
  judged('The service is a blockchain application back end, reached through JSON-over-HTTP remote procedure calls.', [
    'response-schema',
    'response-content-type',
  ]),
  nothing('It offers these groups of operations:', INTRODUCES),
  judged(
    'find the cheapest open order for a collection (floor order)',
    ['floor-order-of-requested-collection', 'floor-order-is-listing', 'floor-order-not-above-token-listings'],
    "that it is the cheapest of all the collection's open orders needs them all, and no operation lists them: it is compared with the listings the suite can read",
  ),
  judged('find the highest-priced listing for one collectible', [
    'highest-listing-of-requested-collectible',
    'highest-listing-is-listing',
    'highest-listing-honours-filter',
    'highest-listing-not-below-filtered',
  ]),
  judged(
    'count collectibles that match a filter',
    ['count-non-negative-integer', 'count-narrowing-never-raises', 'returned-filter-narrows-count', 'string-filter-values-present'],
    "that the count equals the number of matching collectibles needs the collection's collectibles, which no operation lists: the checks judge how counts relate",
  ),
  judged(
    'list the checkout options (payment methods) for a purchase',
    ['response-schema', 'checkout-options-deterministic'],
    'which payment methods apply to a purchase is not shown',
  ),
  judged(
    'produce the steps (on-chain transactions, signature requests, or calls to post) needed to sell into offers or to cancel an order',
    ['steps-well-formed', 'step-signature-chain-id', 'generation-leaves-state-unchanged'],
    'that the steps, executed, do sell or cancel needs a chain node with the marketplace contracts and a signer of the order',
  ),
  judged('quote token swap prices', [
    'swap-prices-max-price-not-below-price',
    'swap-price-honours-slippage',
    'swap-prices-null-without-liquidity',
  ]),
  judged(
    'produce the transaction data to perform a swap on-chain',
    ['swap-quote-agrees-with-chosen-price', 'swap-quote-approve-data-follows-flag'],
    'that the data performs the swap needs a chain node with the pools to execute it',
  ),
  judged('list the fee options for paying gas for a transaction', ['fee-option-token-on-network-chain', 'fee-option-value-decimal']),
  judged('read the native-currency balance of an account', ['native-balance-is-requested-account', 'native-balance-decimal']),
  judged('It queries a chain node for the latest value.', ['native-balance-matches-chain-node']),
  judged('The native token is the token of the chain the indexer is connected to.', ['native-balance-matches-chain-node']),
  judged('list the property filters (name, type, allowed values or range) that exist for a token collection', [
    'int-filter-min-not-above-max',
    'string-filter-values-without-range',
    'string-filter-values-present',
    'returned-filter-narrows-count',
  ]),
  judged('create an audience (a named contact list inside a project)', ['audience-round-trip', 'created-audience-is-new']),
  judged('read an audience with its contacts and contracts', [
    'audience-round-trip',
    'audience-contacts-of-audience',
    'audience-contracts-of-audience',
    'audience-not-answered-under-other-project',
  ]),
  judged('remove contacts from an audience', [
    'remove-contacts-removes',
    'remove-contacts-count',
    'remove-contacts-idempotent',
    'remove-contacts-only-named-audience',
  ]),
  judged('validate a wallet authentication proof', [
    'ethauth-fresh-proof-valid',
    'ethauth-forged-signature-refused',
    'ethauth-other-wallet-refused',
    'ethauth-expired-proof-refused',
  ]),
  judged(
    'list wallets linked to a parent wallet',
    ['linked-wallets-parent-signature-accepted'],
    'which wallets a parent has needs linked wallets, and no operation of the contract links one: only that a proven parent gets a list is judged',
  ),
  judged('after the parent proves control with a message and signature', ['linked-wallets-wrong-signature-refused']),
];

const WIRE: readonly SentenceEntry[] = [
  judged('| Method | POST |', ['bad-method']),
  judged("| Path shape | `/rpc/<ServiceName>/<MethodName>` appended to the service's base address |", ['bad-route', 'response-schema']),
  judged('| Request body | JSON object, header `Content-Type: application/json` |', [
    'malformed-json',
    'malformed-json-bad-request',
    'bad-content-type',
  ]),
  judged('| Success response | HTTP 200, JSON object |', ['response-schema', 'valid-request-not-5xx']),
  judged('| Failure response | HTTP 4xx or 5xx, JSON error object (see Errors) |', ['error-body-schema', 'error-status-class']),
  judged('| Authentication header | `X-Access-Key` (see Authentication) |', ['auth-missing-key', 'auth-invalid-key']),
  judged(
    '| `{marketplace_base_url}/<network>/` | Marketplace operations (`/rpc/Marketplace/...`) | One path segment `<network>` selects the chain network. There are 39 network slugs, lowercase and hyphenated, covering main networks and test networks. The chain is implied by the slug, so Marketplace requests carry no chain identifier field. |',
    ['order-chain-id', 'step-signature-chain-id', 'response-schema'],
  ),
  judged(
    '| `{api_url}` | API operations (`/rpc/API/...`) and Builder operations (`/rpc/Builder/...`) | Chain is given in the body where needed. |',
    ['response-schema', 'valid-request-not-5xx'],
  ),
  judged('| `{metadata_url}` | Metadata operations (`/rpc/Metadata/...`) | Chain is given in the body. |', [
    'response-schema',
    'valid-request-not-5xx',
  ]),
  judged('| `{relayer_url}` | Relayer operations (`/rpc/Relayer/...`) | The host is specific to one chain network. |', [
    'fee-option-token-on-network-chain',
  ]),
  judged('| `{indexer_url}` | Indexer operations (`/rpc/Indexer/...`) | The host is specific to one chain network. |', [
    'native-balance-matches-chain-node',
  ]),
];

const RESOURCES: readonly SentenceEntry[] = [
  judged('Unless stated, a field may be absent or null in a response.', RESPONSE),
  judged('Addresses are strings.', ['response-schema', 'response-conventions']),
  judged('Amounts that can exceed 64-bit range are strings; small integers and counts are JSON numbers.', [
    'response-schema',
    'count-non-negative-integer',
  ]),
  judged('**OrderSide** (string; represented as uint8 on the server): `unknown`, `listing`, `offer`.', RESPONSE),
  judged(
    '**MarketplaceKind** (string; represented as uint8 on the server), in this order: `unknown`, `service_marketplace_v1`, `service_marketplace_v2`, then nine values each naming a different third-party marketplace, written here as neutral labels `external_marketplace_1` to `external_marketplace_9` in their original order.',
    RESPONSE,
  ),
  judged('The last of these is the eleventh value after `unknown`.', RESPONSE),
  judged("The wire values of those nine are the third-party marketplaces' own identifiers in snake_case.", RESPONSE),
  nothing("(`service_` stands where the service's own name is in the wire value.)", 'explains a label of the document'),
  judged('**PropertyType** (string; represented as uint32 on the server): `INT`, `STRING`, `ARRAY`, `GENERIC`.', RESPONSE),
  judged(
    'Other enumerated fields and the values seen: Order `source` and `status` show `unknown`; Step `id` and `executeType` show `unknown`; checkout `options.crypto` shows `none`; checkout `swap`, `nftCheckout`, `onRamp` are arrays whose items show `unknown`; fee-option token `type` shows `UNKNOWN`; contract `source` shows `LINKED`.',
    ['response-schema', 'response-conventions'],
  ),
  unjudged('Full value sets of these: not shown.', NOT_SHOWN),
  unjudged(
    'Formats of timestamp strings (`createdAt`, `updatedAt`, `validFrom`, `validUntil`, and so on) and of the `...Formatted` amount strings: not shown.',
    NOT_SHOWN,
  ),
  ...responseRows([
    '| id | number |',
    '| collectionId | number |',
    '| orderId | string |',
    '| marketplace | MarketplaceKind |',
    '| source | enum (string) |',
    '| side | OrderSide |',
    '| status | enum (string) |',
    '| originName | string |',
    '| collectionContractAddress | string |',
    '| createdBy | string |',
    '| priceAmount | string |',
    '| priceAmountFormatted | string |',
    '| priceAmountNet | string |',
    '| priceAmountNetFormatted | string |',
    '| priceCurrencyAddress | string |',
    '| priceDecimals | number |',
    '| priceUSD | number |',
    '| priceUSDFormatted | string |',
    '| quantityInitial | string |',
    '| quantityInitialFormatted | string |',
    '| quantityRemaining | string |',
    '| quantityRemainingFormatted | string |',
    '| quantityAvailable | string |',
    '| quantityAvailableFormatted | string |',
    '| quantityDecimals | number |',
    '| feeBps | number |',
    '| feeBreakdown | array of FeeBreakdown |',
    '| validFrom | string |',
    '| validUntil | string |',
    '| blockNumber | number |',
    '| createdAt | string |',
    '| updatedAt | string |',
    '| collectibleId | number |',
    '| tokenId | string |',
    '| orderCreatedAt | string |',
    '| orderUpdatedAt | string |',
    '| deletedAt | string |',
  ]),
  judged('| chainId | number |', ['response-schema', 'order-chain-id']),
  ...responseRows([
    '**FeeBreakdown**: `kind` string, `recipientAddress` string, `bps` number.',
    'Object with `metadata` (CollectibleMetadata), `order` (Order), `listing` (Order), `offer` (Order).',
    '**CollectibleMetadata**: `tokenId` string; `name` string; `attributes` array of objects; `description` string; `image` string; `video` string; `audio` string; `properties` object; `imageData` string; `externalUrl` string; `backgroundColor` string; `animationUrl` string; `decimals` number; `updatedAt` string; `assets` array of Asset.',
    '**Asset**: `id` number; `collectionId` number; `tokenId` string; `metadataField` string; `url` string; `filename` string; `filesize` number; `mimeType` string; `width` number; `height` number; `updatedAt` string.',
  ]),
  ...requestRows([
    '| includeEmpty | boolean | yes |',
    '| searchText | string | no |',
    '| properties | array of PropertyFilter | no |',
    '| marketplaces | array of MarketplaceKind | no |',
    '| inAccounts | array of string | no |',
    '| notInAccounts | array of string | no |',
    '| ordersCreatedBy | array of string | no |',
    '| ordersNotCreatedBy | array of string | no |',
    '| inCurrencyAddresses | array of string | no |',
    '| notInCurrencyAddresses | array of string | no |',
  ]),
  // PropertyFilter is both a request part (CollectiblesFilter.properties) and TokenCollectionFilters' answer.
  ...requestRows(
    ['| name | string | yes |', '| type | PropertyType | yes |', '| values | array of any JSON value | no |'],
    [...REQUEST, 'response-schema'],
  ),
  ...requestRows(
    ['| min | number | no (null when absent) |', '| max | number | no (null when absent) |'],
    [...REQUEST, 'response-schema', 'int-filter-min-not-above-max'],
  ),
  ...responseRows(['| data | string |', '| to | string |', '| value | string |', '| price | string |']),
  judged('| id | enum (string) |', ['response-schema', 'response-conventions']),
  judged('| executeType | enum (string) |', ['response-schema', 'response-conventions']),
  judged(
    '| signature | object: `domain` {`name` string, `version` string, `chainId` number, `verifyingContract` string}, `types` object, `primaryType` string, `value` object |',
    ['response-schema', 'response-conventions', 'step-signature-chain-id', 'steps-well-formed'],
  ),
  judged('| post | object: `endpoint` string, `method` string, `body` object |', [
    'response-schema',
    'response-conventions',
    'steps-well-formed',
  ]),
  ...responseRows([
    '`currencyAddress`, `currencyBalance`, `price`, `maxPrice`, `transactionValue`: all strings.',
    '`currencyAddress`, `currencyBalance`, `price`, `maxPrice`, `to`, `transactionData`, `transactionValue`, `approveData`: all strings.',
    'Object `options` with `crypto` (enum string), `swap` (array of enum strings), `nftCheckout` (array of enum strings), `onRamp` (array of enum strings).',
    '**FeeOption**: `token` (object), `to` string, `value` string, `gasLimit` number.',
  ]),
  judged(
    '**token**: `chainId` number, `name` string, `symbol` string, `type` enum string, `logoURL` string, `decimals` number, `contractAddress` string, `tokenID` string.',
    ['response-schema', 'fee-option-token-on-network-chain'],
  ),
  judged(
    '**Audience**: `id` number, `projectId` number, `name` string, `contactCount` number, `createdAt` string, `updatedAt` string, `deletedAt` string.',
    ['response-schema', 'audience-contact-count'],
  ),
  judged(
    '**Contact**: `id` number, `audienceId` number, `address` string, `createdAt` string, `updatedAt` string, `name` string, `email` string (the last two hold personal data).',
    ['response-schema', 'audience-contacts-of-audience'],
    'that name and email hold personal data is a duty of whoever shows them: the suite redacts them from every report',
  ),
  judged(
    '**Contract**: `id` number, `projectId` number, `contractName` string, `contractAddress` string, `contractType` string, `chainId` number, `source` enum string, `createdAt` string, `updatedAt` string, `itemsContractAddress` string, `abi` string, `bytecode` string, `bytecodeHash` string, `audienceId` number.',
    ['response-schema', 'audience-contracts-of-audience'],
    'which contracts an audience has needs contracts, and no operation of the contract links one to an audience: only that a listed one names the audience read is judged',
  ),
  judged('`id` number, `walletAddress` string, `linkedWalletAddress` string, `walletType` string, `createdAt` string.', RESPONSE),
  judged('`accountAddress` string, `balance` string.', ['response-schema', 'native-balance-decimal']),
];

const STATES: readonly SentenceEntry[] = [
  unjudged(
    'The Order record carries a `status` field and a `side` field, but the lifecycle of an order or of any other resource is not described.',
    NOT_SHOWN,
  ),
  unjudged('Transitions: not shown.', NOT_SHOWN),
  unjudged('States: only the Order `status` field is named; its values are not shown beyond `unknown`.', NOT_SHOWN),
  judged('Operations that change state do not change it directly', ['generation-leaves-state-unchanged']),
  judged('the generation operations return steps that the caller executes elsewhere', [
    'steps-well-formed',
    'generation-leaves-state-unchanged',
  ]),
];

const ENDPOINTS: readonly SentenceEntry[] = [
  judged('All operations are POST with JSON bodies and JSON responses (see Wire format).', [
    'bad-method',
    'malformed-json',
    'response-schema',
    'response-content-type',
  ]),
  nothing('Request field names and types are given below.', INTRODUCES),
  unjudged('Which request fields are required: not shown', NOT_SHOWN),
  judged('except for the fields marked required in CollectiblesFilter and PropertyFilter', ['valid-request-not-5xx']),
  judged('Every operation can also return the error objects in Errors.', ['error-body-schema', 'error-table-agreement']),
  // GetCountOfFilteredCollectibles
  judged('Request: `side` OrderSide; `contractAddress` string; `filter` CollectiblesFilter.', REQUEST),
  judged('Response: `count` number.', ['response-schema', 'count-non-negative-integer']),
  // GetFloorOrder
  judged('Request: `contractAddress` string.', [...REQUEST, 'floor-order-of-requested-collection']),
  unjudged('Other request fields: not shown.', NOT_SHOWN),
  judged('Response: `collectible` (Collectible).', RESPONSE),
  // GetHighestPriceListingForCollectible
  judged(
    'Request: `contractAddress` string; `tokenId` string; `filter` object with `createdBy` (array of string), `marketplace` (array, of MarketplaceKind), `currencies` (array of string).',
    [...REQUEST, 'highest-listing-honours-filter'],
  ),
  judged('Response: `order` (Order).', RESPONSE),
  // GenerateSellTransaction
  judged(
    'Request: `collectionAddress` string; `seller` string; `ordersData` array of {`orderId` string, `quantity` string, `tokenId` string}; `additionalFees` array of {`amount` string, `receiver` string}.',
    REQUEST,
  ),
  judged(
    'The body also holds two enumerated uint8 fields: one with the MarketplaceKind values, one with the values `unknown` and `service`; their field names are not shown.',
    ['valid-request-not-5xx', 'documented-request-accepted'],
    'the names are taken from wire-facts.md §3',
  ),
  judged('Response: `steps` array of Step.', ['response-schema', 'steps-well-formed']),
  // GenerateCancelTransaction
  judged('Request: `collectionAddress` string; `maker` string; `orderId` string.', [...REQUEST, 'documented-request-accepted']),
  // CheckoutOptionsSalesContract
  judged(
    'Request: `wallet` string; `contractAddress` string; `collectionAddress` string; `items` array of {`tokenId` string, `quantity` string}.',
    REQUEST,
  ),
  judged('Response: `options` (CheckoutOptions).', ['response-schema', 'checkout-options-deterministic']),
  // CheckoutOptionsMarketplace
  judged('Request: `wallet` string; `orders` array of {`contractAddress` string, `orderId` string}; `additionalFee` number.', [
    ...REQUEST,
    'documented-request-accepted',
  ]),
  // TokenCollectionFilters
  judged('Request: `chainId` string; `contractAddress` string.', REQUEST),
  judged('Response: `filters` array of PropertyFilter.', RESPONSE),
  judged('For string-type filters `min` and `max` are null', ['string-filter-values-without-range']),
  judged('`values` lists the property values present', ['string-filter-values-without-range', 'string-filter-values-present']),
  // GetSwapPrices
  unjudged(
    'retrieves swap prices for the ERC-20 token at `buyCurrencyAddress`',
    'a price names the currency paid (currencyAddress), not the token bought: nothing in the answer says which token was priced',
  ),
  judged(
    "Request: `userAddress` string; `buyCurrencyAddress` string; `buyAmount` string (integer amount in the token's smallest unit); `chainId` number.",
    REQUEST,
  ),
  judged('Response: `swapPrices` array of SwapPrice.', ['response-schema', 'swap-prices-max-price-not-below-price']),
  judged('The result is null when the user lacks sufficient funds', ['swap-prices-null-without-funds']),
  judged('or the pool lacks liquidity', ['swap-prices-null-without-liquidity', 'swap-none-without-liquidity']),
  // GetSwapQuote
  judged('used after choosing a price from GetSwapPrices', ['swap-quote-agrees-with-chosen-price']),
  unjudged('returns the data needed to execute the swap on-chain', 'needs a chain node with the pools to execute the transaction data'),
  judged(
    'Request: `userAddress` string; `sellCurrencyAddress` string; `buyCurrencyAddress` string; `buyAmount` string; `chainId` number; `includeApprove` boolean.',
    [...REQUEST, 'swap-quote-approve-data-follows-flag'],
  ),
  judged('Response: `swapQuote` (SwapQuote).', RESPONSE),
  // GetSwapPrice
  nothing('**GetSwapPrice** (currency abstraction)', "the operation's name"),
  judged(
    'Request: `buyCurrencyAddress` string; `sellCurrencyAddress` string; `buyAmount` string; `chainId` number; `slippagePercentage` number.',
    [...REQUEST, 'swap-price-honours-slippage'],
  ),
  judged('Response: `swapPrice` (SwapPrice).', ['response-schema', 'swap-price-honours-slippage']),
  // IsValidETHAuthProof
  judged('Request: `chainId` string; `walletAddress` string; `ethAuthProofString` string.', [...REQUEST, 'ethauth-other-wallet-refused']),
  judged('Response: `isValid` boolean.', ['response-schema', 'ethauth-fresh-proof-valid']),
  // GetLinkedWallets
  judged(
    'lists all wallets linked to a parent wallet',
    ['linked-wallets-parent-signature-accepted'],
    'which wallets are linked needs linked wallets, and no operation of the contract links one',
  ),
  judged(
    'Request: `parentWalletAddress` string; `parentWalletMessage` string (the message the parent wallet signed); `parentWalletSignature` string (hex signature); `signatureChainId` string.',
    [...REQUEST, 'linked-wallets-parent-signature-accepted', 'linked-wallets-wrong-signature-refused'],
  ),
  judged('Response: `linkedWallets` array of LinkedWallet.', RESPONSE),
  // FeeOptions
  judged('Request: `wallet` string; `to` string; `data` string (call data); `simulate` boolean.', REQUEST),
  judged('Response: `options` array of FeeOption; `sponsored` boolean; `quote` string.', ['response-schema', 'fee-option-value-decimal']),
  // GetNativeTokenBalance
  judged('queries a chain node for the latest native-token balance of an account', [
    'native-balance-matches-chain-node',
    'native-balance-is-requested-account',
  ]),
  judged('Request: `accountAddress` string.', [...REQUEST, 'native-balance-is-requested-account']),
  judged('Response: `balance` ({`accountAddress` string, `balance` string}).', ['response-schema', 'native-balance-decimal']),
  // CreateAudience
  judged('Request: `projectId` number; `name` string.', [...REQUEST, 'audience-round-trip']),
  judged('Response: `audience` (Audience).', ['response-schema', 'audience-round-trip', 'created-audience-is-new']),
  // GetAudience
  judged('Request: `projectId` number; `audienceId` number.', [...REQUEST, 'audience-not-answered-under-other-project']),
  judged('Response: `audience` (Audience); `contacts` array of Contact; `contracts` array of Contract.', [
    'response-schema',
    'audience-contacts-of-audience',
    'audience-contracts-of-audience',
    'audience-contact-count',
  ]),
  // RemoveAudienceContacts
  judged('Request: `projectId` number; `audienceId` number; `contactIds` array of number.', [
    ...REQUEST,
    'remove-contacts-only-named-audience',
  ]),
  judged('Response: `ok` boolean.', ['response-schema', 'remove-contacts-removes']),
];

const AUTHENTICATION: readonly SentenceEntry[] = [
  judged('Every operation requires a public project access key sent in the request header `X-Access-Key`.', [
    'auth-missing-key',
    'auth-invalid-key',
  ]),
  nothing("The key is obtained from the service's project-management console.", 'says where a user gets a key'),
  judged('The security scheme is an API key (`ApiKeyAuth`) applied to all Marketplace operations.', [
    'auth-missing-key',
    'auth-invalid-key',
  ]),
  judged('A missing or unacceptable key is answered with the `Unauthorized` error (status 401, code 1000)', [
    'auth-missing-key',
    'auth-invalid-key',
  ]),
  judged('a key without rights for the operation with `PermissionDenied` (status 403, code 1001)', ['limited-key-permission-denied']),
  judged(
    'Expired sessions give `SessionExpired` (status 403, code 1002).',
    ['error-table-agreement'],
    'when a session expires needs sessions, which the contract does not describe: only an answer that names SessionExpired is judged',
  ),
  unjudged('Key scopes, per-operation permissions, and any authentication other than this header: not shown.', NOT_SHOWN),
  judged(
    'Wallet-ownership proofs are part of operation payloads, not of the header: `IsValidETHAuthProof` takes a proof string and `GetLinkedWallets` takes a message and its signature.',
    [
      'ethauth-fresh-proof-valid',
      'ethauth-forged-signature-refused',
      'linked-wallets-parent-signature-accepted',
      'linked-wallets-wrong-signature-refused',
    ],
  ),
  unjudged('Events, webhooks, notifications and streams: not shown.', NOT_SHOWN),
  nothing('(The error name `WebrpcStreamLost` exists, but no streaming operation is described.)', 'explains a row of the error table'),
];

const ERRORS: readonly SentenceEntry[] = [
  judged('An error response is a JSON object:', ['error-body-schema']),
  judged('| error | string (the error name) | yes |', ['error-body-schema', 'error-known-name']),
  judged('| code | number | yes |', ['error-body-schema']),
  judged('| msg | string | yes |', ['error-body-schema', 'error-default-message']),
  judged('| cause | string | no |', ['error-body-schema']),
  judged('| status | number (HTTP status) | yes |', ['error-body-schema', 'error-table-agreement']),
  judged('Client errors are returned with 4xx statuses', [
    'malformed-json',
    'invalid-request-not-5xx',
    'wrong-request-not-5xx',
    'error-status-class',
  ]),
  judged('server errors with 5xx statuses', ['error-status-class']),
  nothing('Error names, codes, default messages and statuses:', INTRODUCES),
  ...[
    '| WebrpcEndpoint | 0 | endpoint error | 400 |',
    '| WebrpcRequestFailed | -1 | request failed | 400 |',
    '| WebrpcBadRequest | -4 | bad request | 400 |',
    '| WebrpcBadResponse | -5 | bad response | 500 |',
    '| WebrpcServerPanic | -6 | server panic | 500 |',
    '| WebrpcInternalError | -7 | internal error | 500 |',
    '| WebrpcClientDisconnected | -8 | client disconnected | 400 |',
    '| WebrpcStreamLost | -9 | stream lost | 400 |',
  ].map((row) => judged(row, PROTOCOL_ROW)),
  judged('| WebrpcBadRoute | -2 | bad route | 404 |', [...PROTOCOL_ROW, 'bad-route']),
  judged('| WebrpcBadMethod | -3 | bad method | 405 |', [...PROTOCOL_ROW, 'bad-method']),
  judged('| Unauthorized | 1000 | Unauthorized access | 401 |', [...APPLICATION_ROW, 'auth-missing-key', 'auth-invalid-key']),
  judged('| PermissionDenied | 1001 | Permission denied | 403 |', [...APPLICATION_ROW, 'limited-key-permission-denied']),
  ...[
    '| SessionExpired | 1002 | Session expired | 403 |',
    '| MethodNotFound | 1003 | Method not found | 404 |',
    '| Timeout | 2000 | Request timed out | 408 |',
    '| InvalidArgument | 2001 | Invalid argument | 400 |',
    '| NotFound | 3000 | Resource not found | 400 |',
    '| UserNotFound | 3001 | User not found | 400 |',
    '| ProjectNotFound | 3002 | Project not found | 400 |',
    '| InvalidTier | 3003 | Invalid subscription tier | 400 |',
    '| ProjectLimitReached | 3005 | Project limit reached | 402 |',
    '| NotImplemented | 9999 | Not Implemented | 500 |',
  ].map((row) => judged(row, APPLICATION_ROW)),
  judged(
    'Classification by status class: the names WebrpcBadResponse, WebrpcServerPanic, WebrpcInternalError and NotImplemented are the 5xx set; all others are the 4xx set.',
    ['error-status-class'],
  ),
  judged(
    'The Marketplace operations list the full set; the other operations show WebrpcEndpoint (400) and WebrpcBadResponse (500) explicitly.',
    ['error-table-agreement', 'error-unlisted-row-agreement'],
  ),
  unjudged('Which operation returns which error under which condition: not shown, apart from the authentication rules above.', NOT_SHOWN),
  unjudged('Rate limits, size limits, quotas, pagination bounds and time-outs: not shown.', NOT_SHOWN),
  judged('The `ProjectLimitReached` error (status 402) and `InvalidTier` error exist', [
    'error-table-agreement',
    'error-unlisted-row-agreement',
  ]),
  unjudged('but the thresholds behind them are not stated here', NOT_SHOWN),
  nothing(
    'The Marketplace description carries the title Marketplace Api and the version 0.0.1.',
    'describes the source description, not an answer',
  ),
  judged('Versions are not part of request paths.', ['response-schema', 'bad-route']),
  unjudged('Versioning policy, compatibility promises and deprecation rules: not shown.', NOT_SHOWN),
];

export const SENTENCES: readonly SentenceEntry[] = Object.freeze([
  ...OVERVIEW,
  ...WIRE,
  ...RESOURCES,
  ...STATES,
  ...ENDPOINTS,
  ...AUTHENTICATION,
  ...ERRORS,
]);
