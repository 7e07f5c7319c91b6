/**
 * The official generated clients as a second witness of what real servers send (wire-facts.md: "the public
 * generated clients ... say precisely what those servers send"). For each of the 18 operations a response body is
 * built from the client's own TypeScript type, as a Go server fills it when it has nothing to say: every required
 * field present with its zero value ("" for strings, 0, false, the enum's first value, empty lists), optional
 * fields absent, and the fields the clients type `any` given as strings and arrays. The compiler holds each body
 * to its type; the test proves that the suite's validators pass it at MUST and at SHOULD, and that the judges that
 * read such fields (steps, approveData) do not mistake zero values for broken ones.
 *
 * The second half does the same for the clients' error classes: each is judged as the answer of an operation of
 * its service, and exactly the conflicts wire-facts.md §5 names come out, each at the level it gives.
 *
 * Packages and versions are the ones test/clients/official-clients.test.ts explains (the three Builder audience
 * operations are in no published client: their bodies use the Builder package's AudienceContact and the
 * document's fields for Audience and Contract).
 */
import { describe, expect, it } from 'vitest';
import * as Marketplace from '@0xsequence/marketplace';
import * as Api from '@0xsequence/api';
import * as LegacyApi from 'sequence-api-legacy';
import * as LegacyMetadata from 'sequence-metadata-legacy';
import { RpcRelayerGen as Relayer } from '@0xsequence/relayer';
import * as Indexer from '@0xsequence/indexer';
import * as Builder from '@0xsequence/builder';
import { findErrorKind } from '../../src/contract/errors.js';
import * as ops from '../../src/contract/operations.js';
import { OPERATIONS, operationId, type OperationDef } from '../../src/contract/operations.js';
import type { ServiceName } from '../../src/contract/services.js';
import { judgeErrorAnswer } from '../../src/harness/error-answers.js';
import { judgeApproveData } from '../../src/semantics/swap.js';
import { judgeSignatureChainIds, judgeStepsWellFormed } from '../../src/semantics/steps.js';
import { validators } from '../../src/validation/validators.js';

// ---------------------------------------------------------------------------------------------------------------
// Zero values, as the clients' types shape them.

const order: Marketplace.Order = {
  orderId: '',
  marketplace: Marketplace.MarketplaceKind.unknown,
  side: Marketplace.OrderSide.unknown,
  status: Marketplace.OrderStatus.unknown,
  chainId: 0,
  originName: '',
  slug: '',
  collectionContractAddress: '',
  createdBy: '',
  priceAmount: '',
  priceAmountFormatted: '',
  priceAmountNet: '',
  priceAmountNetFormatted: '',
  priceCurrencyAddress: '',
  priceDecimals: 0,
  priceUSD: 0,
  priceUSDFormatted: '',
  quantityInitial: '',
  quantityInitialFormatted: '',
  quantityRemaining: '',
  quantityRemainingFormatted: '',
  quantityAvailable: '',
  quantityAvailableFormatted: '',
  quantityDecimals: 0,
  feeBps: 0,
  feeBreakdown: [{ kind: '', recipientAddress: '', bps: 0 }],
  validFrom: '',
  validUntil: '',
  blockNumber: 0,
  createdAt: '',
  updatedAt: '',
};

const metadata: Marketplace.TokenMetadata = {
  tokenId: '',
  name: '',
  attributes: [],
  status: Marketplace.MetadataStatus.NOT_AVAILABLE,
  // Optional keys real servers fill when they have them (wire-facts §5: snake_case on the wire, assets by `name`).
  image_data: '',
  external_url: '',
  background_color: '',
  animation_url: '',
  assets: [{ id: 0, collectionId: 0, tokenId: '', metadataField: '', name: '' }],
};

/**
 * A step of each kind, every field the type requires present, "" where it does not apply (wire-facts §5); the
 * parts a step is made of carry values, as a step of zero values only is no step at all.
 */
const steps: Marketplace.Step[] = [
  { id: Marketplace.StepType.tokenApproval, data: '0x', to: '0x0000000000000000000000000000000000000001', value: '', price: '' },
  // A message to sign: the text in `data`, `to` empty.
  { id: Marketplace.StepType.signEIP191, data: 'cancel order 1', to: '', value: '', price: '' },
  {
    id: Marketplace.StepType.signEIP712,
    data: '',
    to: '',
    value: '',
    price: '',
    // `any` in the client, objects in the document and on the wire (a Go server fills them with maps).
    signature: {
      domain: { name: 'Seaport', version: '1.6', chainId: 137, verifyingContract: '0x0000000000000000000000000000000000000002' },
      types: { Order: [{ name: 'id', type: 'uint256' }] },
      primaryType: 'Order',
      value: { id: '1' },
    },
    post: { endpoint: '/orders', method: 'POST', body: { order: 1 } },
    executeType: Marketplace.ExecuteType.order,
  },
];

const checkoutOptions: Marketplace.CheckoutOptions = { crypto: Marketplace.TransactionCrypto.none, swap: [], nftCheckout: [], onRamp: [] };

const swapPrice: LegacyApi.SwapPrice = { currencyAddress: '', currencyBalance: '', price: '', maxPrice: '', transactionValue: '' };
/** A quote without approval (includeApprove false): approveData is "". */
const swapQuote: LegacyApi.SwapQuote = { ...swapPrice, to: '', transactionData: '', approveData: '' };

const feeToken: Relayer.FeeToken = { chainId: 0, name: '', symbol: '', type: Relayer.FeeTokenType.UNKNOWN, logoURL: '' };

/** interface.md §Audience, Contact, Contract: no published client has them (see the header). */
interface Audience {
  id: number;
  projectId: number;
  name: string;
  contactCount: number;
  createdAt: string;
  updatedAt: string;
}
interface Contract {
  id: number;
  projectId: number;
  contractName: string;
  contractAddress: string;
  contractType: string;
  chainId: number;
  source: string;
  createdAt: string;
  updatedAt: string;
}
const audience: Audience = { id: 0, projectId: 0, name: '', contactCount: 0, createdAt: '', updatedAt: '' };
const contact: Builder.AudienceContact = { audienceId: 0, address: '' };
const contract: Contract = {
  id: 0,
  projectId: 0,
  contractName: '',
  contractAddress: '',
  contractType: '',
  chainId: 0,
  source: 'LINKED',
  createdAt: '',
  updatedAt: '',
};

/** One body per operation, typed by the official client's return type. */
const BODIES: ReadonlyArray<readonly [OperationDef, unknown]> = [
  [ops.GetCountOfFilteredCollectibles, { count: 0 } satisfies Marketplace.GetCountOfFilteredCollectiblesReturn],
  [ops.GetFloorOrder, { collectible: { metadata, order } } satisfies Marketplace.GetFloorOrderReturn],
  [ops.GetHighestPriceListingForCollectible, { order } satisfies Marketplace.GetHighestPriceListingForCollectibleReturn],
  [ops.GenerateSellTransaction, { steps, resp: { steps, canBeUsedWithTrails: false } } satisfies Marketplace.GenerateSellTransactionReturn],
  [ops.GenerateCancelTransaction, { steps } satisfies Marketplace.GenerateCancelTransactionReturn],
  [ops.CheckoutOptionsSalesContract, { options: checkoutOptions } satisfies Marketplace.CheckoutOptionsSalesContractReturn],
  [ops.CheckoutOptionsMarketplace, { options: checkoutOptions } satisfies Marketplace.CheckoutOptionsMarketplaceReturn],
  [
    ops.TokenCollectionFilters,
    {
      filters: [
        { name: '', type: LegacyMetadata.PropertyType.INT },
        { name: '', type: LegacyMetadata.PropertyType.GENERIC, values: ['text', 1, ['nested']] },
      ],
    } satisfies LegacyMetadata.TokenCollectionFiltersReturn,
  ],
  [ops.GetSwapPrices, { swapPrices: [swapPrice] } satisfies LegacyApi.GetSwapPricesReturn],
  [ops.GetSwapQuote, { swapQuote } satisfies LegacyApi.GetSwapQuoteReturn],
  [ops.GetSwapPrice, { swapPrice } satisfies LegacyApi.GetSwapPriceReturn],
  [ops.IsValidETHAuthProof, { isValid: false } satisfies Api.IsValidETHAuthProofResponse],
  [ops.GetLinkedWallets, { linkedWallets: [{ id: 0, walletAddress: '', linkedWalletAddress: '' }] } satisfies Api.GetLinkedWalletsResponse],
  [ops.FeeOptions, { options: [{ token: feeToken, to: '', value: '', gasLimit: 0 }], sponsored: false } satisfies Relayer.FeeOptionsReturn],
  [
    ops.GetNativeTokenBalance,
    {
      balance: { accountAddress: '', chainId: 0, name: '', symbol: '', balance: '', balanceUSD: '', priceUSD: '' },
    } satisfies Indexer.GetNativeTokenBalanceResponse,
  ],
  [ops.CreateAudience, { audience }],
  [ops.GetAudience, { audience, contacts: [contact], contracts: [contract] }],
  [ops.RemoveAudienceContacts, { ok: false }],
];

describe("bodies built from the official clients' types, zero values throughout", () => {
  it('cover the 18 operations', () => {
    expect(BODIES.map(([op]) => operationId(op)).sort()).toEqual(OPERATIONS.map(operationId).sort());
  });

  it.each(BODIES.map(([op, body]) => [operationId(op), op, body] as const))(
    '%s: passes response-schema (MUST) and response-conventions (SHOULD)',
    (_id, op, body) => {
      expect(validators().must(op.response.$id!, body)).toEqual([]);
      expect(validators().should(op.response.$id!, body, 'response')).toEqual([]);
    },
  );

  it("each step is complete for what it is; the signature request's domain names the chain", () => {
    expect(judgeStepsWellFormed({ steps })).toBe('holds');
    expect(judgeSignatureChainIds({ steps }, 137)).toBe('holds');
  });

  it("what the client's `any` also allows (types as a string holding JSON, value as an array, body as a string) passes MUST, and is a SHOULD finding at each pointer", () => {
    const signature = { ...steps[2]!.signature!, types: JSON.stringify(steps[2]!.signature!.types), value: ['1'] };
    const free = { steps: [{ ...steps[2]!, signature, post: { ...steps[2]!.post!, body: '{"order":1}' } }] };
    expect(validators().must(ops.GenerateCancelTransaction.response.$id!, free)).toEqual([]);
    expect(
      validators()
        .should(ops.GenerateCancelTransaction.response.$id!, free, 'response')
        .map((i) => i.pointer)
        .sort(),
    ).toEqual(['/steps/0/post/body', '/steps/0/signature/types', '/steps/0/signature/value']);
    // A string holding the types still names the primary type: the step is complete for what it is.
    expect(judgeStepsWellFormed(free)).toBe('holds');
  });

  it('a quote without approval has approveData ""', () => {
    expect(judgeApproveData(false, swapQuote as unknown as Record<string, unknown>)).not.toMatchObject({ finding: expect.anything() });
  });

  it('the same bodies with a wrong non-empty value are caught (the witness can fail)', () => {
    const broken = { ...order, createdBy: 'nobody' };
    expect(validators().should(ops.GetFloorOrder.response.$id!, { collectible: { metadata, order: broken } }, 'response')).toEqual([
      expect.objectContaining({ pointer: '/collectible/order/createdBy' }),
    ]);
    expect(judgeStepsWellFormed({ steps: [{ ...steps[1]!, data: '' }] })).toMatchObject({ finding: { pointer: '/steps/0/data' } });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Error classes.

interface ErrorClass {
  new (): { name: string; code: number; message: string; status: number };
}

/**
 * The clients whose error classes declare their HTTP status, newest of each service; Metadata and Builder clients
 * predate the status field, so their answers take the table's status (or 400 for a name outside it).
 */
const CLIENT_ERRORS: ReadonlyArray<readonly [ServiceName, Record<number, ErrorClass>]> = [
  ['Marketplace', Marketplace.webrpcErrorByCode],
  ['API', Api.webrpcErrorByCode],
  ['Relayer', Relayer.webrpcErrorByCode],
  ['Indexer', Indexer.webrpcErrorByCode],
  ['Builder', Builder.webrpcErrorByCode],
  ['Metadata', metadataErrorClasses()],
];

function metadataErrorClasses(): Record<number, ErrorClass> {
  const classes = Object.entries(LegacyMetadata).filter(([name]) => name.endsWith('Error') && name !== 'WebrpcError');
  return Object.fromEntries(classes.map(([, cls], i) => [i, cls as ErrorClass]));
}

/** Every client error answered as the client's generator would decode it, judged as an answer of its service. */
function judgedClientErrors() {
  return CLIENT_ERRORS.flatMap(([service, byCode]) =>
    Object.values(byCode).map((Cls) => {
      const e = new Cls();
      const status = e.status || findErrorKind(e.name)?.status || 400;
      const body = { error: e.name, code: e.code, msg: e.message, status };
      const findings = judgeErrorAnswer({ status, headers: {}, text: JSON.stringify(body), json: body }, service);
      return { service, name: e.name, findings };
    }),
  );
}

describe("the official clients' error classes, judged per service", () => {
  const judged = judgedClientErrors();
  const where = (id: string) =>
    judged
      .filter((j) => id in j.findings)
      .map((j) => `${j.service} ${j.name}`)
      .sort();

  it('every class is an error object of the right status class', () => {
    expect(judged.length).toBeGreaterThan(150);
    expect(where('error-body-schema')).toEqual([]);
    expect(where('error-status-class')).toEqual([]);
  });

  it('a MUST failure only where the document lists the row: the Marketplace codes of Timeout, NotFound and ProjectNotFound', () => {
    expect(where('error-table-agreement')).toEqual(['Marketplace NotFound', 'Marketplace ProjectNotFound', 'Marketplace Timeout']);
    const notFound = judged.find((j) => j.service === 'Marketplace' && j.name === 'NotFound')!;
    expect(notFound.findings['error-table-agreement']?.message).toContain('NotFound 3000 "Resource not found" 400');
  });

  it("another service's own code for a row the document lists for Marketplace only is a SHOULD finding", () => {
    expect(where('error-unlisted-row-agreement')).toEqual([
      'API InvalidArgument',
      'API ProjectNotFound',
      'API Timeout',
      'Indexer ProjectNotFound',
      'Indexer Timeout',
      'Relayer ProjectNotFound',
      'Relayer Timeout',
    ]);
  });

  it('a name outside the table is a SHOULD finding (error-known-name), never a MUST one', () => {
    expect(where('error-known-name')).toContain('API AccessKeyNotFound');
    for (const j of judged.filter((x) => findErrorKind(x.name) === undefined))
      expect(Object.keys(j.findings)).toEqual(['error-known-name']);
  });
});
