/**
 * Where GetNativeTokenBalance reads balances. The contract says the indexer "queries a chain node for the
 * latest value" (wire-facts.md §7: `eth_getBalance(account, "latest")`); the reference server has no node, so
 * its default source derives a stable balance from the seed, network and account. A source backed by a real
 * node only has to implement this interface and be passed to createReferenceApp.
 */
import type { Network } from '../contract/networks.js';
import { hashToBigInt } from './data/prng.js';

export interface BalanceSource {
  /** The native-token balance in wei (the chain's smallest unit); `account` is lower-case 0x-hex. */
  nativeBalance(network: Network, account: string): Promise<bigint>;
}

/**
 * Deterministic per (seed, chain, account): up to 100 whole tokens, zero for about one account in eight
 * (empty wallets are common and a client must handle "0").
 */
export function seededBalanceSource(seed: number): BalanceSource {
  return {
    async nativeBalance(network, account) {
      const h = hashToBigInt(seed, 'native-balance', network.chainId, account.toLowerCase());
      if (h % 8n === 0n) return 0n;
      return (h >> 8n) % (100n * 10n ** 18n);
    },
  };
}
