/**
 * Faults that prove the checks of Swap, the wallet utilities, Relayer and Indexer can fail: each
 * breaks one rule of a conformant answer, on one or two networks so each self-test run takes a second or two.
 */
import { recordOf } from '../../contract/json-values.js';
import { verifyEthAuthProof } from '../domain/ethauth.js';
import type { Fault } from './fault.js';
import type { FaultHooks, RequestContext, WireResponse } from '../types.js';
import { answer, on, onSuccess, parse } from './kit.js';

const PRICES = 'API.GetSwapPrices';
const QUOTE = 'API.GetSwapQuote';
const PRICE = 'API.GetSwapPrice';
const PROOF = 'API.IsValidETHAuthProof';
const LINKED = 'API.GetLinkedWallets';
const FEES = 'Relayer.FeeOptions';
const BALANCE = 'Indexer.GetNativeTokenBalance';
const ONE = ['polygon'] as const;
const TWO = ['polygon', 'xai-sepolia'] as const;

const requestOf = (ctx: RequestContext): Record<string, unknown> => recordOf(parse(ctx.rawBody)) ?? {};
const json = (body: unknown): WireResponse => ({ status: 200, headers: { 'content-type': 'application/json' }, body });
const isDecimal = (value: unknown): value is string => typeof value === 'string' && /^(0|[1-9][0-9]*)$/.test(value);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The proof of an IsValidETHAuthProof request, its address part and claims (undefined when malformed). */
function proofOf(ctx: RequestContext) {
  const request = requestOf(ctx);
  const proof = String(request['ethAuthProofString'] ?? '');
  const [, address, claims] = proof.split('.');
  let decoded: Record<string, unknown> | undefined;
  try {
    decoded = recordOf(JSON.parse(Buffer.from(claims ?? '', 'base64url').toString('utf8')));
  } catch {
    decoded = undefined;
  }
  return { proof, wallet: String(request['walletAddress'] ?? ''), address: address ?? '', claims: decoded };
}

/**
 * A validator with one of its tests left out: a refusal is re-judged by the server's own verification with
 * the `wallet` and the time `at` that `leaveOut` picks, so only that one test changes.
 */
const revalidates = (leaveOut: (proof: ReturnType<typeof proofOf>) => { wallet: string; at: number }) =>
  on(PROOF, async (ctx, response) => {
    const body = recordOf(response.body);
    if (response.status !== 200 || body?.['isValid'] !== false) return response;
    const proof = proofOf(ctx);
    const { wallet, at } = leaveOut(proof);
    body['isValid'] = (await verifyEthAuthProof(proof.proof, wallet, at)).valid;
    return response;
  });

/** A made-up price, well formed, for a swap the server has no pool for. */
const INVENTED_PRICE = {
  currencyAddress: `0x${'5e'.repeat(20)}`,
  currencyBalance: '0',
  price: '1000',
  maxPrice: '1010',
  transactionValue: '0',
};
const inventPrice = (ctx: RequestContext, response: WireResponse): WireResponse => {
  const body = recordOf(response.body);
  if (response.status !== 200 || !body) return response;
  if (ctx.operation === PRICES && (body['swapPrices'] === null || (Array.isArray(body['swapPrices']) && body['swapPrices'].length === 0)))
    body['swapPrices'] = [INVENTED_PRICE];
  if (ctx.operation === PRICE && body['swapPrice'] === null) body['swapPrice'] = INVENTED_PRICE;
  if (ctx.operation === QUOTE && body['swapQuote'] === null)
    body['swapQuote'] = { ...INVENTED_PRICE, to: `0x${'5e'.repeat(20)}`, transactionData: '0x12345678' };
  return response;
};

/**
 * A server that prices one smallest unit of the bought token (which a funded user can always pay) and scales
 * the price to the amount asked, so the balance is never compared with the real price.
 */
function pricesPerUnit(): FaultHooks {
  const asked = new WeakMap<RequestContext, bigint>();
  return {
    rewriteRequest(ctx, request) {
      const body = recordOf(request);
      if (ctx.operation !== PRICES || !body || !isDecimal(body['buyAmount'])) return request;
      asked.set(ctx, BigInt(body['buyAmount']));
      return { ...body, buyAmount: '1' };
    },
    transform: onSuccess(PRICES, (body, ctx) => {
      const amount = asked.get(ctx);
      if (amount === undefined) return;
      for (const p of (body['swapPrices'] as Record<string, unknown>[] | null) ?? []) {
        for (const field of ['price', 'maxPrice'] as const) if (isDecimal(p[field])) p[field] = (BigInt(p[field]) * amount).toString();
      }
    }),
  };
}

export const API_FAULTS: readonly Fault[] = [
  {
    name: 'illiquid-currency-priced',
    description:
      'GetSwapPrices, GetSwapQuote and GetSwapPrice invent a price wherever their result would be null (no pool has liquidity, or the user lacks funds)',
    hooks: { transform: inventPrice },
    operations: [PRICES, QUOTE, PRICE],
    networks: TWO,
    trips: [
      { check: 'swap-prices-null-without-liquidity', operation: PRICES },
      { check: 'swap-prices-null-without-funds', operation: PRICES },
      { check: 'swap-none-without-liquidity', operation: QUOTE },
      { check: 'swap-none-without-liquidity', operation: PRICE },
    ],
  },
  {
    name: 'swap-prices-ignore-funds',
    description:
      "GetSwapPrices prices one smallest unit and multiplies it by buyAmount, never comparing the user's balance with the price: it lists prices the user cannot pay",
    hooks: pricesPerUnit(),
    operations: [PRICES],
    networks: TWO,
    trips: [{ check: 'swap-prices-null-without-funds', operation: PRICES }],
  },
  // --- Swap ---
  {
    name: 'swap-max-price-below-price',
    description: 'GetSwapPrices sends each price and maxPrice swapped, so maxPrice is below price',
    hooks: {
      transform: onSuccess(PRICES, (body) => {
        for (const p of (body['swapPrices'] as Record<string, unknown>[] | null) ?? [])
          [p['price'], p['maxPrice']] = [p['maxPrice'], p['price']];
      }),
    },
    operations: [PRICES],
    networks: TWO,
    trips: [{ check: 'swap-prices-max-price-not-below-price', operation: PRICES }],
  },
  {
    name: 'swap-quote-other-currency',
    description: 'GetSwapQuote answers in a currency other than the sellCurrencyAddress it was asked for',
    hooks: {
      transform: onSuccess(QUOTE, (body) => {
        const quote = recordOf(body['swapQuote']);
        if (quote) quote['currencyAddress'] = '0x00000000000000000000000000000000000e4e4e';
      }),
    },
    operations: [QUOTE],
    networks: ONE,
    trips: [{ check: 'swap-quote-agrees-with-chosen-price', operation: QUOTE }],
  },
  {
    name: 'swap-quote-approve-always',
    description: 'GetSwapQuote carries approveData even when includeApprove is false',
    hooks: {
      transform: onSuccess(QUOTE, (body) => {
        const quote = recordOf(body['swapQuote']);
        if (quote && !quote['approveData']) quote['approveData'] = `0x095ea7b3${'00'.repeat(31)}01${'ff'.repeat(32)}`;
      }),
    },
    operations: [QUOTE],
    networks: ONE,
    trips: [{ check: 'swap-quote-approve-data-follows-flag', operation: QUOTE }],
  },
  {
    name: 'swap-price-ignores-slippage',
    description: "GetSwapPrice's maxPrice is always price + 1 %, whatever slippagePercentage says",
    hooks: {
      transform: onSuccess(PRICE, (body) => {
        const price = recordOf(body['swapPrice']);
        if (price && isDecimal(price['price'])) price['maxPrice'] = ((BigInt(price['price']) * 101n) / 100n).toString();
      }),
    },
    operations: [PRICE],
    networks: TWO,
    trips: [{ check: 'swap-price-honours-slippage', operation: PRICE }],
  },
  // --- IsValidETHAuthProof ---
  {
    name: 'ethauth-accepts-every-proof',
    description: 'IsValidETHAuthProof answers isValid true to every proof',
    hooks: {
      transform: onSuccess(PROOF, (body) => {
        body['isValid'] = true;
      }),
    },
    operations: [PROOF],
    networks: ONE,
    trips: [
      { check: 'ethauth-forged-signature-refused', operation: PROOF },
      { check: 'ethauth-other-wallet-refused', operation: PROOF },
      { check: 'ethauth-expired-proof-refused', operation: PROOF },
    ],
  },
  {
    name: 'ethauth-rejects-every-proof',
    description: 'IsValidETHAuthProof answers isValid false to every proof, valid ones too',
    hooks: {
      transform: onSuccess(PROOF, (body) => {
        body['isValid'] = false;
      }),
    },
    operations: [PROOF],
    networks: ONE,
    trips: [{ check: 'ethauth-fresh-proof-valid', operation: PROOF }],
  },
  {
    name: 'ethauth-skips-signature-check',
    description: "IsValidETHAuthProof checks the proof's address and times but not its signature",
    hooks: {
      transform: onSuccess(PROOF, (body, ctx) => {
        const { wallet, address, claims } = proofOf(ctx);
        const now = nowSeconds();
        const timely =
          typeof claims?.['exp'] === 'number' &&
          claims['exp'] >= now - 300 &&
          typeof claims['iat'] === 'number' &&
          claims['iat'] <= now + 300;
        if (body['isValid'] === false && address !== '' && address.toLowerCase() === wallet.toLowerCase() && timely) body['isValid'] = true;
      }),
    },
    operations: [PROOF],
    networks: ONE,
    trips: [{ check: 'ethauth-forged-signature-refused', operation: PROOF }],
  },
  {
    name: 'ethauth-ignores-wallet-address',
    description: 'IsValidETHAuthProof validates the proof for the address inside it, not for the walletAddress asked about',
    hooks: { transform: revalidates((p) => ({ wallet: p.address, at: nowSeconds() })) },
    operations: [PROOF],
    networks: ONE,
    trips: [{ check: 'ethauth-other-wallet-refused', operation: PROOF }],
  },
  {
    name: 'ethauth-ignores-expiry',
    description: 'IsValidETHAuthProof does not check when the claims expire',
    // Judged as of one second before the claims' own expiry: every other test still applies.
    hooks: {
      transform: revalidates((p) => ({ wallet: p.wallet, at: typeof p.claims?.['exp'] === 'number' ? p.claims['exp'] - 1 : nowSeconds() })),
    },
    operations: [PROOF],
    networks: ONE,
    trips: [{ check: 'ethauth-expired-proof-refused', operation: PROOF }],
  },
  // --- GetLinkedWallets ---
  {
    name: 'linked-wallets-rejects-parent-signature',
    description: "GetLinkedWallets refuses the parent's correct EIP-191 signature with 400 InvalidArgument",
    hooks: { transform: on(LINKED, (_ctx, response) => (response.status === 200 ? answer('InvalidArgument') : response)) },
    operations: [LINKED],
    networks: ONE,
    trips: [{ check: 'linked-wallets-parent-signature-accepted', operation: LINKED }],
  },
  {
    name: 'linked-wallets-accepts-wrong-signature',
    description: "GetLinkedWallets lists wallets even when the signature is not the parent's signature of the message",
    hooks: {
      transform: on(LINKED, (_ctx, response) =>
        String(recordOf(response.body)?.['cause'] ?? '').startsWith('parentWalletSignature: not signed by')
          ? json({ linkedWallets: [] })
          : response,
      ),
    },
    operations: [LINKED],
    networks: ONE,
    trips: [{ check: 'linked-wallets-wrong-signature-refused', operation: LINKED }],
  },
  // --- Relayer ---
  {
    name: 'fee-token-other-chain',
    description: "FeeOptions' last option is a token of another chain than the relayer's",
    hooks: {
      transform: onSuccess(FEES, (body) => {
        const token = recordOf(recordOf((body['options'] as unknown[] | null)?.at(-1))?.['token']);
        if (token && typeof token['chainId'] === 'number') token['chainId'] = token['chainId'] === 1 ? 137 : 1;
      }),
    },
    operations: [FEES],
    networks: TWO,
    trips: [{ check: 'fee-option-token-on-network-chain', operation: FEES }],
  },
  {
    name: 'fee-value-hex',
    description: "FeeOptions' first option value is hex ('0x…'), not a decimal integer",
    hooks: {
      transform: onSuccess(FEES, (body) => {
        const option = recordOf((body['options'] as unknown[] | null)?.[0]);
        if (option && isDecimal(option['value'])) option['value'] = `0x${BigInt(option['value']).toString(16)}`;
      }),
    },
    operations: [FEES],
    networks: ONE,
    trips: [
      { check: 'fee-option-value-decimal', operation: FEES },
      { check: 'response-conventions', operation: FEES },
    ],
  },
  // --- Indexer ---
  {
    name: 'native-balance-other-account',
    description: 'GetNativeTokenBalance names another account than the one asked for',
    hooks: {
      transform: onSuccess(BALANCE, (body) => {
        const balance = recordOf(body['balance']);
        if (balance) balance['accountAddress'] = '0x000000000000000000000000000000000000a11c';
      }),
    },
    operations: [BALANCE],
    networks: TWO,
    trips: [{ check: 'native-balance-is-requested-account', operation: BALANCE }],
  },
  {
    name: 'native-balance-hex',
    description: "GetNativeTokenBalance sends the balance as hex wei (the node's own format), not a decimal integer",
    hooks: {
      transform: onSuccess(BALANCE, (body) => {
        const balance = recordOf(body['balance']);
        if (balance && isDecimal(balance['balance'])) balance['balance'] = `0x${BigInt(balance['balance']).toString(16)}`;
      }),
    },
    operations: [BALANCE],
    networks: ONE,
    trips: [
      { check: 'native-balance-decimal', operation: BALANCE },
      { check: 'response-conventions', operation: BALANCE },
    ],
  },
  {
    name: 'native-balance-chain-id-string',
    description: "GetNativeTokenBalance's balance.chainId (a field real servers send) is the chain ID as a string, not a number",
    hooks: {
      transform: onSuccess(BALANCE, (body) => {
        const balance = recordOf(body['balance']);
        if (balance) balance['chainId'] = String(balance['chainId']);
      }),
    },
    operations: [BALANCE],
    networks: ONE,
    trips: [{ check: 'response-conventions', operation: BALANCE }],
  },
  {
    name: 'native-balance-off-by-one',
    description: "GetNativeTokenBalance answers the chain node's balance plus 1 wei",
    hooks: {
      transform: onSuccess(BALANCE, (body) => {
        const balance = recordOf(body['balance']);
        if (balance && isDecimal(balance['balance'])) balance['balance'] = (BigInt(balance['balance']) + 1n).toString();
      }),
    },
    operations: [BALANCE],
    networks: ONE,
    trips: [{ check: 'native-balance-matches-chain-node', operation: BALANCE }],
    chainNode: true,
  },
];
