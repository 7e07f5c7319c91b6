/**
 * Chain ID → network slug, for the operations whose network travels in the body (API, Metadata).
 * Two slugs share a chain (imx / immutable-zkevm and their testnets, wire-facts.md §1); a chain ID is not a key,
 * so the first slug in NETWORKS order stands for it.
 */
import { isRecord } from '../contract/json-values.js';
import { NETWORKS, type Network } from '../contract/networks.js';

const BY_CHAIN_ID = new Map<number, Network>();
for (const network of NETWORKS) if (!BY_CHAIN_ID.has(network.chainId)) BY_CHAIN_ID.set(network.chainId, network);

/** Accepts the two encodings the contract uses: a JSON number or a decimal string. */
export function networkForChainId(chainId: unknown): Network | undefined {
  if (typeof chainId === 'number') return BY_CHAIN_ID.get(chainId);
  if (typeof chainId === 'string' && /^[1-9][0-9]*$/.test(chainId)) return BY_CHAIN_ID.get(Number(chainId));
  return undefined;
}

/** The value of `field` in a parsed body, matching the key case-insensitively as webrpc's decoder does. */
export function fieldOf(body: unknown, field: string): unknown {
  if (!isRecord(body)) return undefined;
  const record = body;
  if (field in record) return record[field];
  const lower = field.toLowerCase();
  const key = Object.keys(record).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : record[key];
}
