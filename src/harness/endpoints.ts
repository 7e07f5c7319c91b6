/** Where an operation is reached for a network, from the configured bases (src/contract/services.ts). */
import type { Network } from '../contract/networks.js';
import { rpcPath, type OperationDef } from '../contract/operations.js';
import { serviceDef, type ServiceName } from '../contract/services.js';
import type { Targets } from '../config/run-config.js';

/** The base address that serves `service` on `network` (null for services that are not per network). */
export function serviceBase(targets: Targets, service: ServiceName, network: Network | null): string {
  const def = serviceDef(service);
  const base = targets[def.base].replace(/\/+$/, '');
  if (def.network === 'path') {
    if (!network) throw new Error(`${service} needs a network`);
    return `${base}/${network.slug}`;
  }
  return network ? base.replaceAll('{network}', network.slug) : base;
}

export function operationUrl(targets: Targets, op: Pick<OperationDef, 'service' | 'method'>, network: Network | null): string {
  return `${serviceBase(targets, op.service, network)}${rpcPath(op)}`;
}
