/**
 * Checks of Swap, wallet utilities (real signatures), Relayer and Indexer meaning. MUST only where
 * interface.md states the rule; the relations it leaves undescribed (how maxPrice relates to price, what
 * includeApprove does, which signature form a wallet uses) are SHOULD.
 */
import type { CheckDef } from '../catalogue-types.js';

import { IF, WF } from '../catalogue-types.js';

export const API_CHECKS = [
  {
    id: 'swap-prices-null-without-liquidity',
    level: 'MUST',
    area: 'semantics',
    title: "GetSwapPrices for the fixtures' swap.illiquidCurrencyAddress answers null (or an empty list), never a price",
    basis: `${IF} §API operations, GetSwapPrices: "The result is null when the user lacks sufficient funds or the pool lacks liquidity"`,
    needsFixture: 'networks.<slug>.swap.illiquidCurrencyAddress',
  },
  {
    id: 'swap-none-without-liquidity',
    level: 'SHOULD',
    area: 'semantics',
    title: "GetSwapQuote and GetSwapPrice for the fixtures' swap.illiquidCurrencyAddress answer null, never a price",
    basis: `${IF} §API operations: the null rule is stated for GetSwapPrices only; GetSwapQuote is "used after choosing a price from GetSwapPrices", so without a price there is nothing to quote — by analogy, not by a sentence`,
    needsFixture: 'networks.<slug>.swap.illiquidCurrencyAddress',
  },
  // --- Swap ---
  {
    id: 'swap-prices-max-price-not-below-price',
    level: 'SHOULD',
    area: 'semantics',
    title: 'Every price of GetSwapPrices has maxPrice >= price, compared as integers',
    basis: `${IF} §SwapPrice: "currencyAddress, currencyBalance, price, maxPrice, transactionValue: all strings" — how maxPrice relates to price is not described, so a maximum below the price is a SHOULD finding; a null result is allowed: "The result is null when the user lacks sufficient funds or the pool lacks liquidity"`,
    needsFixture: 'a swap pair (fixtures: swap)',
  },
  {
    id: 'swap-quote-agrees-with-chosen-price',
    level: 'SHOULD',
    area: 'semantics',
    title: "GetSwapQuote for a price chosen from GetSwapPrices is in that price's currency and costs no more than its maxPrice",
    basis: `${IF} §API operations, GetSwapQuote: "used after choosing a price from GetSwapPrices; returns the data needed to execute the swap on-chain" — what agreeing means is not described`,
    needsFixture: 'a swap pair (fixtures: swap)',
  },
  {
    id: 'swap-quote-approve-data-follows-flag',
    level: 'SHOULD',
    area: 'semantics',
    title: 'GetSwapQuote carries non-empty approveData with includeApprove true, and none (absent, null, "" or "0x") with false',
    basis: `${IF} §API operations, GetSwapQuote: request "includeApprove boolean", SwapQuote "approveData" — the document names both but does not describe their relation`,
    needsFixture: 'a swap pair (fixtures: swap)',
  },
  {
    id: 'swap-price-honours-slippage',
    level: 'SHOULD',
    area: 'semantics',
    title:
      'GetSwapPrice keeps price <= maxPrice <= ceil(price·(100+s)/100) for the slippagePercentage s it was given, and a larger s gives a larger margin',
    basis: `${IF} §API operations, GetSwapPrice: request "slippagePercentage number", response "swapPrice (SwapPrice)" — how maxPrice follows the slippage is not described`,
    needsFixture: 'a swap pair (fixtures: swap)',
  },
  // --- Wallet utilities, with proofs signed by the suite ---
  {
    id: 'ethauth-fresh-proof-valid',
    level: 'SHOULD',
    area: 'crypto',
    title: 'A freshly signed ETHAuth v1 proof of a new EOA key is valid in at least one of the two EOA signature forms',
    basis: `${WF} §6: "An EOA's signature is accepted in one of two forms ... A conformant server accepts at least one: a suite should try both" (the proof format is not in ${IF})`,
  },
  {
    id: 'ethauth-forged-signature-refused',
    level: 'MUST',
    area: 'crypto',
    title:
      'A proof whose signature is not by its address (a changed signature, or signed by another key) is not valid (isValid false or a 4xx error)',
    basis: `${IF} §What the service does: "validate a wallet authentication proof"; §Authentication 5: "Wallet-ownership proofs are part of operation payloads"`,
  },
  {
    id: 'ethauth-other-wallet-refused',
    level: 'MUST',
    area: 'crypto',
    title: "A valid proof checked against another key's walletAddress is not valid (isValid false or a 4xx error)",
    basis: `${IF} §What the service does: "validate a wallet authentication proof"; IsValidETHAuthProof request "walletAddress string; ethAuthProofString string"`,
  },
  {
    id: 'ethauth-expired-proof-refused',
    level: 'MUST',
    area: 'crypto',
    title: 'A correctly signed proof whose claims expired an hour ago is not valid (isValid false or a 4xx error)',
    basis: `${IF} §What the service does: "validate a wallet authentication proof"; expiry as ${WF} §6: "exp lies between now − 5 min and now + 1 year"`,
  },
  {
    id: 'linked-wallets-parent-signature-accepted',
    level: 'SHOULD',
    area: 'crypto',
    title: "GetLinkedWallets answers 200 with a list when the parent's EIP-191 signature of the message is correct",
    basis: `${WF} §6: "the parent signs the message ... with an EIP-191 personal-message signature" (${IF} does not say how the message is signed)`,
  },
  {
    id: 'linked-wallets-wrong-signature-refused',
    level: 'MUST',
    area: 'crypto',
    title: 'GetLinkedWallets refuses with a 4xx error a signature by another key, or of another message',
    basis: `${IF} §What the service does: "list wallets linked to a parent wallet after the parent proves control with a message and signature"`,
  },
  // --- Relayer and Indexer ---
  {
    id: 'fee-option-token-on-network-chain',
    level: 'MUST',
    area: 'semantics',
    title: "Every fee option's token.chainId is the chain ID of the relayer's network",
    basis: `${IF} §Base addresses, {relayer_url}: "The host is specific to one chain network."`,
  },
  {
    id: 'fee-option-value-decimal',
    level: 'SHOULD',
    area: 'semantics',
    title: "Every fee option's value is a decimal integer string",
    basis: `${WF} §7: "value is a decimal string in the token's smallest unit"`,
  },
  {
    id: 'native-balance-is-requested-account',
    level: 'MUST',
    area: 'semantics',
    title: "GetNativeTokenBalance's balance.accountAddress is the requested account (case-insensitive)",
    basis: `${IF} §What the service does: "read the native-currency balance of an account"; GetNativeTokenBalance request "accountAddress", response "balance ({accountAddress string, balance string})"`,
  },
  {
    id: 'native-balance-decimal',
    level: 'SHOULD',
    area: 'semantics',
    title: "GetNativeTokenBalance's balance.balance is a decimal integer string",
    basis: `${WF} §7: "GetNativeTokenBalance is the node's eth_getBalance(account, "latest"), as a decimal string"`,
  },
  {
    id: 'native-balance-matches-chain-node',
    level: 'MUST',
    area: 'semantics',
    title: "GetNativeTokenBalance equals the chain node's eth_getBalance(account, 'latest') (needs --chain-rpc-url)",
    basis: `${IF} §What the service does, Indexer: "It queries a chain node for the latest value."`,
  },
] as const satisfies readonly CheckDef[];
