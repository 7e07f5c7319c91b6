/** Where an operation is reached for a network, from the configured bases (src/contract/services.ts). */
import type { Network } from '../contract/networks.js';
import { rpcPath, type OperationDef } from '../contract/operations.js';
import { serviceDef, type ServiceName } from '../contract/services.js';
import type { Targets } from '../config/run-config.js';
import { madeOnce } from '../made-once.js';

/**
 * Addresses made, by targets, then service or operation, then network: a run asks for the same few hundred
 * thousands of times, and the same string each time is also hashed once by the maps that look it up.
 */
const made = new WeakMap<Targets, Map<object | string, Map<Network | null, string>>>();

function remembered(targets: Targets, what: object | string, network: Network | null, make: () => string): string {
  const byWhat = madeOnce(made, targets, () => new Map<object | string, Map<Network | null, string>>());
  return madeOnce(
    madeOnce(byWhat, what, () => new Map<Network | null, string>()),
    network,
    make,
  );
}

/** The base address that serves `service` on `network` (null for services that are not per network). */
export function serviceBase(targets: Targets, service: ServiceName, network: Network | null): string {
  return remembered(targets, service, network, () => {
    const def = serviceDef(service);
    const base = targets[def.base].replace(/\/+$/, '');
    if (def.network === 'path') {
      if (!network) throw new Error(`${service} needs a network`);
      return `${base}/${network.slug}`;
    }
    return network ? base.replaceAll('{network}', network.slug) : base;
  });
}

export function operationUrl(targets: Targets, op: Pick<OperationDef, 'service' | 'method'>, network: Network | null): string {
  return remembered(targets, op, network, () => `${serviceBase(targets, op.service, network)}${rpcPath(op)}`);
}
