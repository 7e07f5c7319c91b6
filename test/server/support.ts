/**
 * Shared helpers of the reference server's tests: calling an operation where the single-origin layout serves
 * it (through the harness's own URL builder, so the tests prove the layout the suite assumes), and one
 * realistic request per operation built from the server's own fixtures.
 */
import { expect } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import type { PrivateKeyAccount } from 'viem';
import { targetsFromOrigin } from '../../src/config/run-config.js';
import { networkBySlug, type Network } from '../../src/contract/networks.js';
import { operationId, type AnyOperation, type OperationDef } from '../../src/contract/operations.js';
import { freshClaims, makeProof } from '../../src/crypto/ethauth.js';
import { operationUrl } from '../../src/harness/endpoints.js';
import type { RunningReferenceServer } from '../../src/server/index.js';
import { validators } from '../../src/validation/validators.js';

export const ERROR_SCHEMA = 'https://conformance.invalid/schemas/resources/Error.json';

/** A fixed key, so failures are reproducible; the signer of proofs and parent-wallet messages. */
export const SIGNER: PrivateKeyAccount = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly json: any;
}

export interface CallOptions {
  /** false: no X-Access-Key; a string: that key. Default: the server's key. */
  readonly accessKey?: string | false;
  readonly method?: string;
  /** null: no Content-Type header. */
  readonly contentType?: string | null;
  /** Sent as is instead of JSON.stringify(body). */
  readonly rawBody?: string;
  readonly signal?: AbortSignal;
}

export function urlOf(
  server: Pick<RunningReferenceServer, 'origin'>,
  op: Pick<OperationDef, 'service' | 'method'>,
  network: Network | null,
): string {
  return operationUrl(targetsFromOrigin(server.origin), op, network);
}

export async function call(
  server: Pick<RunningReferenceServer, 'origin' | 'accessKey'>,
  op: Pick<OperationDef, 'service' | 'method'>,
  network: Network | string | null,
  body: unknown,
  options: CallOptions = {},
): Promise<Answer> {
  const net = typeof network === 'string' ? networkBySlug(network) : network;
  return send(urlOf(server, op, net), server.accessKey, body, options);
}

export async function send(url: string, serverKey: string, body: unknown, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
  if (contentType !== null) headers['content-type'] = contentType;
  const key = options.accessKey === undefined ? serverKey : options.accessKey;
  if (key !== false) headers['x-access-key'] = key;
  const method = options.method ?? 'POST';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const response = await fetch(url, {
    method,
    headers,
    ...(hasBody ? { body: options.rawBody ?? JSON.stringify(body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** A 200 whose body meets the contract (MUST) and the wire conventions (SHOULD). */
export function expectDocumented(op: OperationDef, answer: Answer, what: string = operationId(op)): void {
  expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBe(200);
  expect(validators().must(op.response.$id!, answer.json), `${what}: MUST`).toEqual([]);
  expect(validators().should(op.response.$id!, answer.json, 'response'), `${what}: SHOULD`).toEqual([]);
  expectWireHeaders(answer);
}

/** A table error with exactly the keys webrpc sends, valid against the Error schema, status agreeing. */
export function expectError(answer: Answer, status: number, error: string, code?: number): void {
  expect(answer.status, answer.text).toBe(status);
  expect(validators().must(ERROR_SCHEMA, answer.json)).toEqual([]);
  expect(answer.json.error).toBe(error);
  if (code !== undefined) expect(answer.json.code).toBe(code);
  expect(answer.json.status).toBe(status);
  for (const key of Object.keys(answer.json)) expect(['error', 'code', 'msg', 'cause', 'status']).toContain(key);
  expectWireHeaders(answer);
}

export function expectWireHeaders(answer: Answer): void {
  expect(answer.headers.get('content-type')).toBe('application/json');
  expect(answer.headers.get('webrpc')).toMatch(/^webrpc@v[\d.]+;gen-golang@v[\d.]+;reference@v[\d.]+$/);
}

/** The first collection of a network's fixtures, with its listed token. */
export function fixtureCollection(server: RunningReferenceServer, slug: string): { address: string; listedTokenId: string } {
  const collection = server.fixtures.networks?.[slug]?.collection;
  if (!collection?.listedTokenId) throw new Error(`no fixture collection on ${slug}`);
  return { address: collection.address, listedTokenId: collection.listedTokenId };
}

/** The floor collectible of the fixture collection: its listing (to cancel) and best offer (to sell into). */
export async function floorOf(server: RunningReferenceServer, slug: string): Promise<{ tokenId: string; listing: any; offer: any }> {
  const { address } = fixtureCollection(server, slug);
  const answer = await call(server, { service: 'Marketplace', method: 'GetFloorOrder' }, slug, { contractAddress: address });
  const collectible = answer.json?.collectible;
  if (!collectible?.listing || !collectible.offer) throw new Error(`no floor listing with an offer on ${slug}: ${answer.text}`);
  return { tokenId: collectible.metadata.tokenId, listing: collectible.listing, offer: collectible.offer };
}

/** A request to `op` that a conformant server with these fixtures answers 200. */
export async function realisticRequest(server: RunningReferenceServer, op: AnyOperation, slug: string): Promise<Record<string, unknown>> {
  const network = networkBySlug(slug);
  const fixtures = server.fixtures.networks?.[slug];
  const swap = fixtures?.swap;
  const account = fixtures?.account ?? SIGNER.address.toLowerCase();
  const builder = server.fixtures.builder!;
  switch (operationId(op)) {
    case 'Marketplace.GetCountOfFilteredCollectibles': {
      const { address } = fixtureCollection(server, slug);
      return {
        side: 'listing',
        contractAddress: address,
        filter: { includeEmpty: false, properties: [{ name: 'level', type: 'INT', min: 1, max: 100 }] },
      };
    }
    case 'Marketplace.GetFloorOrder':
      return { contractAddress: fixtureCollection(server, slug).address, filter: { includeEmpty: false } };
    case 'Marketplace.GetHighestPriceListingForCollectible': {
      const { address, listedTokenId } = fixtureCollection(server, slug);
      return { contractAddress: address, tokenId: listedTokenId, filter: { createdBy: [], marketplace: [], currencies: [] } };
    }
    case 'Marketplace.GenerateSellTransaction': {
      const { offer, tokenId } = await floorOf(server, slug);
      return {
        collectionAddress: fixtureCollection(server, slug).address,
        seller: account,
        marketplace: offer.marketplace,
        ordersData: [{ orderId: offer.orderId, quantity: '1', tokenId }],
        additionalFees: [{ amount: '1000', receiver: SIGNER.address.toLowerCase() }],
        walletType: 'unknown',
      };
    }
    case 'Marketplace.GenerateCancelTransaction': {
      const { listing } = await floorOf(server, slug);
      return { collectionAddress: fixtureCollection(server, slug).address, maker: listing.createdBy, orderId: listing.orderId };
    }
    case 'Marketplace.CheckoutOptionsSalesContract': {
      const { address, listedTokenId } = fixtureCollection(server, slug);
      return {
        wallet: account,
        contractAddress: SIGNER.address.toLowerCase(),
        collectionAddress: address,
        items: [{ tokenId: listedTokenId, quantity: '1' }],
      };
    }
    case 'Marketplace.CheckoutOptionsMarketplace': {
      const { listing } = await floorOf(server, slug);
      return {
        wallet: account,
        orders: [{ contractAddress: fixtureCollection(server, slug).address, orderId: listing.orderId }],
        additionalFee: 0,
      };
    }
    case 'Metadata.TokenCollectionFilters':
      return { chainId: String(network.chainId), contractAddress: fixtureCollection(server, slug).address };
    case 'API.GetSwapPrices':
      return {
        userAddress: swap!.userAddress,
        buyCurrencyAddress: swap!.buyCurrencyAddress,
        buyAmount: swap!.buyAmount,
        chainId: network.chainId,
      };
    case 'API.GetSwapQuote':
      return {
        userAddress: swap!.userAddress,
        sellCurrencyAddress: swap!.sellCurrencyAddress,
        buyCurrencyAddress: swap!.buyCurrencyAddress,
        buyAmount: swap!.buyAmount,
        chainId: network.chainId,
        includeApprove: true,
      };
    case 'API.GetSwapPrice':
      return {
        sellCurrencyAddress: swap!.sellCurrencyAddress,
        buyCurrencyAddress: swap!.buyCurrencyAddress,
        buyAmount: swap!.buyAmount,
        chainId: network.chainId,
        slippagePercentage: 2,
      };
    case 'API.IsValidETHAuthProof':
      return {
        chainId: String(network.chainId),
        walletAddress: SIGNER.address.toLowerCase(),
        ethAuthProofString: await makeProof(SIGNER, freshClaims(new Date()), 'eip712'),
      };
    case 'API.GetLinkedWallets': {
      const message = `parent wallet with address ${SIGNER.address.toLowerCase()}`;
      return {
        parentWalletAddress: SIGNER.address.toLowerCase(),
        parentWalletMessage: message,
        parentWalletSignature: await SIGNER.signMessage({ message }),
        signatureChainId: String(network.chainId),
      };
    }
    case 'Relayer.FeeOptions':
      return {
        wallet: account,
        to: SIGNER.address.toLowerCase(),
        data: '0xa9059cbb00000000000000000000000000000000000000000000000000000000000000ff',
        simulate: true,
      };
    case 'Indexer.GetNativeTokenBalance':
      return { accountAddress: account };
    case 'Builder.CreateAudience':
      return { projectId: builder.projectId, name: `audience on ${slug}` };
    case 'Builder.GetAudience':
      return { projectId: builder.projectId, audienceId: builder.audienceId };
    case 'Builder.RemoveAudienceContacts':
      // An ID no contact has: removal is a no-op, so this request leaves the seeded audience intact.
      return { projectId: builder.projectId, audienceId: builder.disposableAudienceIds?.[0], contactIds: [987_654_321] };
    default:
      throw new Error(`no realistic request for ${operationId(op)}`);
  }
}
