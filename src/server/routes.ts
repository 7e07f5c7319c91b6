/**
 * The single-origin layout (`baseOnOrigin` of src/contract/services.ts, which `targetsFromOrigin` uses too):
 * every base address of interface.md §Base addresses is a path on one origin, followed by `/<network>` for a
 * base that is per network, so one server plays all six services.
 *
 * Paths are matched exactly (case-sensitive, no trailing slash), as webrpc's router does.
 */
import { findNetwork, type Network } from '../contract/networks.js';
import { findOperation, operationId, type AnyOperation, type OperationId } from '../contract/operations.js';
import { isServiceName, serviceDef, type ServiceName } from '../contract/services.js';

export type Route =
  /** The path names no service: 404 WebrpcBadRoute. */
  | { readonly kind: 'unknown' }
  /** A known service (and network) but a method it does not have: 404 WebrpcBadRoute. */
  | { readonly kind: 'no-method'; readonly service: ServiceName; readonly network?: Network }
  | {
      readonly kind: 'operation';
      readonly service: ServiceName;
      readonly op: AnyOperation;
      /** `operationId(op)`, made once with the route rather than on every request. */
      readonly id: OperationId;
      readonly network?: Network;
    };

/** `<where the base sits>/rpc/<Service>/<Method>`; the first part is empty or whole path segments. */
const RPC_PATH = /^((?:\/[^/]+)*?)\/rpc\/([A-Za-z]+)\/([^/]+)$/;

/**
 * Routes already resolved: a run sends a few hundred distinct paths thousands of times each. Bounded in count
 * and length, so that a client sending endless or huge new paths costs no memory.
 */
const resolved = new Map<string, Route>();
const MAX_RESOLVED = 1024;
const MAX_REMEMBERED_PATH = 256;

export function resolveRoute(path: string): Route {
  if (path.length > MAX_REMEMBERED_PATH) return routeOf(path);
  let route = resolved.get(path);
  if (route === undefined) {
    route = routeOf(path);
    if (resolved.size >= MAX_RESOLVED) resolved.clear();
    resolved.set(path, route);
  }
  return route;
}

function routeOf(path: string): Route {
  const match = RPC_PATH.exec(path);
  if (!match) return { kind: 'unknown' };
  const [, before, name, method] = match as unknown as [string, string, string, string];
  if (!isServiceName(name)) return { kind: 'unknown' };
  const service = serviceDef(name);
  if (!service.perNetwork) return before === service.originPath ? withMethod(name, method, undefined) : { kind: 'unknown' };
  const cut = before.lastIndexOf('/');
  if (cut < 0 || before.slice(0, cut) !== service.originPath) return { kind: 'unknown' };
  // An unknown slug is a path that leads nowhere, like an unknown host would be for a real relayer.
  const network = findNetwork(before.slice(cut + 1));
  if (!network) return { kind: 'unknown' };
  return withMethod(name, method, network);
}

function withMethod(service: ServiceName, method: string, network: Network | undefined): Route {
  const op = findOperation(`${service}.${method}`);
  const net = network ? { network } : {};
  return op ? { kind: 'operation', service, op, id: operationId(op), ...net } : { kind: 'no-method', service, ...net };
}
