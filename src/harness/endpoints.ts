/** Where an operation is reached for a network, from the configured bases (interface.md §Base addresses). */
import type { Network } from '../contract/networks.js';
import { rpcPath, type OperationDef, type ServiceName } from '../contract/operations.js';
import type { Targets } from '../config/run-config.js';

const SERVICE_BASE: Record<ServiceName, keyof Targets> = {
  Marketplace: 'marketplace',
  API: 'api',
  Builder: 'api',
  Metadata: 'metadata',
  Relayer: 'relayer',
  Indexer: 'indexer',
};

/** The base address that serves `service` on `network` (null for services that are not per network). */
export function serviceBase(targets: Targets, service: ServiceName, network: Network | null): string {
  const base = targets[SERVICE_BASE[service]].replace(/\/+$/, '');
  if (service === 'Marketplace') {
    if (!network) throw new Error('Marketplace needs a network');
    return `${base}/${network.slug}`;
  }
  return network ? base.replaceAll('{network}', network.slug) : base;
}

export function operationUrl(targets: Targets, op: Pick<OperationDef, 'service' | 'method'>, network: Network | null): string {
  return `${serviceBase(targets, op.service, network)}${rpcPath(op)}`;
}
