/**
 * The single-origin layout (src/config/run-config.ts `targetsFromOrigin`): every base address of
 * interface.md §Base addresses is a path prefix on one origin, so one server plays all six services.
 *
 *   /marketplace/<network>/rpc/Marketplace/<Method>
 *   /rpc/API/<Method>   /rpc/Builder/<Method>   /rpc/Metadata/<Method>
 *   /relayer/<network>/rpc/Relayer/<Method>
 *   /indexer/<network>/rpc/Indexer/<Method>
 *
 * Paths are matched exactly (case-sensitive, no trailing slash), as webrpc's router does.
 */
import { findNetwork, type Network } from '../contract/networks.js';
import { findOperation, type AnyOperation, type ServiceName } from '../contract/operations.js';

export type Route =
  /** The path names no service: 404 WebrpcBadRoute. */
  | { readonly kind: 'unknown' }
  /** A known service (and network) but a method it does not have: 404 WebrpcBadRoute. */
  | { readonly kind: 'no-method'; readonly service: ServiceName; readonly network?: Network }
  | { readonly kind: 'operation'; readonly service: ServiceName; readonly op: AnyOperation; readonly network?: Network };

/** Services whose base address carries a network slug, and the prefix it follows. */
const NETWORK_PREFIX: Partial<Record<ServiceName, string>> = {
  Marketplace: 'marketplace',
  Relayer: 'relayer',
  Indexer: 'indexer',
};
const ROOT_SERVICES: ReadonlySet<string> = new Set<ServiceName>(['API', 'Builder', 'Metadata']);

const NETWORK_PATH = /^\/([a-z]+)\/([^/]+)\/rpc\/([A-Za-z]+)\/([^/]+)$/;
const ROOT_PATH = /^\/rpc\/([A-Za-z]+)\/([^/]+)$/;

export function resolveRoute(path: string): Route {
  const root = ROOT_PATH.exec(path);
  if (root) {
    const [, service, method] = root as unknown as [string, string, string];
    if (!ROOT_SERVICES.has(service)) return { kind: 'unknown' };
    return withMethod(service as ServiceName, method, undefined);
  }
  const nested = NETWORK_PATH.exec(path);
  if (nested) {
    const [, prefix, slug, service, method] = nested as unknown as [string, string, string, string, string];
    if (NETWORK_PREFIX[service as ServiceName] !== prefix) return { kind: 'unknown' };
    // An unknown slug is a path that leads nowhere, like an unknown host would be for a real relayer.
    const network = findNetwork(slug);
    if (!network) return { kind: 'unknown' };
    return withMethod(service as ServiceName, method, network);
  }
  return { kind: 'unknown' };
}

function withMethod(service: ServiceName, method: string, network: Network | undefined): Route {
  const op = findOperation(`${service}.${method}`);
  const net = network ? { network } : {};
  return op ? { kind: 'operation', service, op, ...net } : { kind: 'no-method', service, ...net };
}
