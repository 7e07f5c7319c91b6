/**
 * Before anything runs: does the chain node given with --chain-rpc-url answer eth_chainId? A node that cannot
 * be read would otherwise show up as failures of the server (the embedded one answers GetNativeTokenBalance
 * from it) or as errored checks, when the mistake is in the configuration. Messages show the node's origin
 * only, never its path (where providers put keys).
 */
import { networkBySlug, type Network } from '../contract/networks.js';
import { chainNodeUrl, ethChainId } from '../harness/drivers/chain-node.js';
import { UsageError } from '../config/usage-error.js';

const PROBE_TIMEOUT_MS = 10_000;
const PARALLEL = 8;

export interface Silent {
  readonly network: string;
  readonly reason: string;
}

/** The networks whose node gives no chain ID (one probe per distinct URL). */
export async function silentChainNodes(template: string, networks: readonly Network[], timeoutMs = PROBE_TIMEOUT_MS): Promise<Silent[]> {
  const byUrl = new Map<string, Network[]>();
  for (const network of networks) {
    const url = chainNodeUrl(template, network);
    byUrl.set(url, [...(byUrl.get(url) ?? []), network]);
  }
  const silent: Silent[] = [];
  const queue = [...byUrl];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [url, served] = next;
      try {
        await ethChainId(url, timeoutMs);
      } catch (error) {
        for (const network of served) silent.push({ network: network.slug, reason: originsOnly((error as Error).message) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
  const order = networks.map((n) => n.slug);
  return silent.sort((a, b) => order.indexOf(a.network) - order.indexOf(b.network));
}

/** A node's answer may quote its own URL, key and all: every URL in it is cut to its origin, the text bounded. */
function originsOnly(reason: string): string {
  const cut = reason.replace(/\b([a-z][a-z0-9+.-]*:\/\/)(?:[^/?#@\s"'<>]*@)?([^/?#\s"'<>]+)[^\s"'<>]*/gi, '$1$2');
  return cut.length > 200 ? `${cut.slice(0, 200)}…` : cut;
}

export function describeSilent(silent: readonly Silent[]): string {
  const byReason = new Map<string, string[]>();
  for (const s of silent) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s.network]);
  const parts = [...byReason].map(
    ([reason, networks]) => `${reason} — ${networks.length > 3 ? `${networks.length} networks` : networks.join(', ')}`,
  );
  return parts.slice(0, 3).join('; ') + (parts.length > 3 ? `; and ${parts.length - 3} more` : '');
}

/** For `run`: every network of the run must have a node that answers. */
export async function requireChainNode(template: string | undefined, slugs: readonly string[], timeoutMs?: number): Promise<void> {
  if (template === undefined) return;
  const silent = await silentChainNodes(template, slugs.map(networkBySlug), timeoutMs);
  if (silent.length > 0) throw new UsageError(`--chain-rpc-url: the chain node does not answer eth_chainId (${describeSilent(silent)})`);
}
