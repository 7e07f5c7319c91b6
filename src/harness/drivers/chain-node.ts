/**
 * A minimal JSON-RPC client for the chain node given with --chain-rpc-url, over the suite's one transport.
 * "It queries a chain node for the latest value" (interface.md, Indexer): the node is the reference the
 * indexer's answer is compared with. A node that cannot be read leaves the check undecided (errored), never
 * passed. The URL may hold a key in its path, so messages show only its origin.
 */
import type { Network } from '../../contract/networks.js';
import { send } from '../../transport/http-client.js';
import { Inconclusive } from '../../checks/outcomes.js';

/** The node of one network: `{network}` in the template is the network slug. */
export function chainNodeUrl(template: string, network: Network): string {
  return template.replaceAll('{network}', network.slug);
}

/** What a message may say about a node URL: scheme and host, never the path (where providers put keys). */
export function nodeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the chain node';
  }
}

/**
 * Each call is a request of its own, so one id serves them all; a counter would make the bytes of a call
 * depend on how many came before it in the process, and a replay of the run could not find its answer.
 */
const CALL_ID = 1;

export async function jsonRpc(url: string, method: string, params: readonly unknown[], timeoutMs: number): Promise<unknown> {
  const where = `the chain node at ${nodeOrigin(url)}`;
  const outcome = await send(
    {
      method: 'POST',
      url,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: CALL_ID, method, params }),
    },
    { timeoutMs },
  );
  if (!outcome.ok) throw new Inconclusive(`${where} gave no answer to ${method} (${outcome.failure}): ${outcome.message}`);
  const body = outcome.response.json as { result?: unknown; error?: { message?: unknown } } | undefined;
  if (outcome.response.status !== 200 || !body || typeof body !== 'object') {
    throw new Inconclusive(`${where} answered ${method} with HTTP ${outcome.response.status}: ${outcome.response.text.slice(0, 120)}`);
  }
  if (body.error !== undefined)
    throw new Inconclusive(`${where} refused ${method}: ${String(body.error?.message ?? JSON.stringify(body.error))}`);
  return body.result;
}

function quantity(value: unknown, method: string, url: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) {
    throw new Inconclusive(`the chain node at ${nodeOrigin(url)} answered ${method} with ${JSON.stringify(value)}, not a hex quantity`);
  }
  return BigInt(value);
}

/** eth_getBalance(account, "latest") in wei (wire-facts.md §7). */
export async function ethGetBalance(url: string, account: string, timeoutMs: number): Promise<bigint> {
  return quantity(await jsonRpc(url, 'eth_getBalance', [account, 'latest'], timeoutMs), 'eth_getBalance', url);
}

export async function ethChainId(url: string, timeoutMs: number): Promise<bigint> {
  return quantity(await jsonRpc(url, 'eth_chainId', [], timeoutMs), 'eth_chainId', url);
}
