/**
 * Where GetNativeTokenBalance reads balances. The contract says the indexer "queries a chain node for the
 * latest value" (wire-facts.md §7: `eth_getBalance(account, "latest")`). Without a node the reference server
 * derives a stable balance from the seed, network and account; given one (`chainRpcUrl`, `serve
 * --chain-rpc-url`, or its own embedded node seeded with those balances), it asks the node, as a real indexer
 * does.
 */
import type { Network } from '../contract/networks.js';
import { hashToBigInt } from './data/prng.js';
import { SeededWorld } from './data/world.js';
import type { EmbeddedChainNode, GenesisAccount } from './embedded-chain-node.js';

export interface BalanceSource {
  /** The native-token balance in wei (the chain's smallest unit); `account` is lower-case 0x-hex. */
  nativeBalance(network: Network, account: string): Promise<bigint>;
}

/**
 * Deterministic per (seed, chain, account): up to 100 whole tokens, zero for about one account in eight
 * (empty wallets are common and a client must handle "0").
 */
export function seededBalance(seed: number, network: Network, account: string): bigint {
  const h = hashToBigInt(seed, 'native-balance', network.chainId, account.toLowerCase());
  if (h % 8n === 0n) return 0n;
  return (h >> 8n) % (100n * 10n ** 18n);
}

export function seededBalanceSource(seed: number): BalanceSource {
  return { nativeBalance: async (network, account) => seededBalance(seed, network, account) };
}

/**
 * The genesis of the embedded chain node: the seeded balance of every account the server's data names on the
 * network (holders, makers, bidders, the swap's funded user), so that the node, and the server reading it,
 * agree with what the same server answers without a node. Any other account is empty on the node.
 */
export function seededGenesis(seed: number): (network: Network) => GenesisAccount[] {
  const world = new SeededWorld(seed);
  return (network) => {
    const accounts = new Set([...world.catalog(network).accounts, world.swap(network).fundedUser].map((a) => a.toLowerCase()));
    return [...accounts]
      .map((address) => ({ address, balance: seededBalance(seed, network, address) }))
      .filter((account) => account.balance > 0n);
  };
}

/**
 * The embedded chain node's `eth_getBalance(account, "latest")`, asked in this process: the same JSON-RPC call
 * as over HTTP, without the HTTP client's cost on every balance.
 */
export function embeddedNodeBalanceSource(node: EmbeddedChainNode): BalanceSource {
  return {
    async nativeBalance(network, account) {
      const result = await node.call(network, 'eth_getBalance', [account, 'latest']);
      if (typeof result !== 'string' || !/^0x[0-9a-fA-F]+$/.test(result)) {
        throw new Error(`eth_getBalance: no balance from the embedded chain node: ${JSON.stringify(result)}`);
      }
      return BigInt(result);
    },
  };
}

/**
 * The node's `eth_getBalance(account, "latest")`; `urlTemplate` may contain `{network}` (the network slug), for
 * one node per network. A node that cannot be read is the server's own failure: the handler's error becomes a
 * 500 WebrpcInternalError, never a made-up balance.
 */
export function chainNodeBalanceSource(urlTemplate: string, timeoutMs = 10_000): BalanceSource {
  let id = 0;
  return {
    async nativeBalance(network, account) {
      const url = urlTemplate.replaceAll('{network}', network.slug);
      id += 1;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_getBalance', params: [account, 'latest'] }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = (await response.json()) as { result?: unknown; error?: unknown };
      if (typeof body.result !== 'string' || !/^0x[0-9a-fA-F]+$/.test(body.result)) {
        throw new Error(
          `eth_getBalance: no balance from the chain node (HTTP ${response.status}): ${JSON.stringify(body.error ?? body.result)}`,
        );
      }
      return BigInt(body.result);
    },
  };
}
