/**
 * Sets up this process's (or worker thread's) transport for a run: its share of the request slots, the pace
 * of each origin, the TLS material and whether the environment's proxy applies. Each thread that sends calls
 * it with the run's configuration before its first request.
 */
import type { RunConfig } from '../config/run-config.js';
import { readProxiesAfresh, type ConnectionOptions } from './connections.js';
import { pacePolicyOf, setConcurrency, setConnectionOptions, setPacePolicy } from './http-client.js';
import type { SharedSlots } from './shared-slots.js';

export type TransportConfig = Pick<RunConfig, 'concurrency' | 'maxRps' | 'maxDurationMs' | 'tls'> & { readonly embedded?: boolean };

/** With `slots`, `config.concurrency` is this thread's share of the limit the run's threads share. */
export function configureTransport(config: TransportConfig, slots?: SharedSlots): void {
  readProxiesAfresh();
  setConcurrency(config.concurrency, slots);
  setPacePolicy(pacePolicyOf(config));
  setConnectionOptions(connectionOptionsOf(config));
}

/** The text of --ca-file, --cert and --key, as the command line read it (once: a pipe cannot be read again). */
export function connectionOptionsOf(config: TransportConfig): ConnectionOptions {
  const { ca, insecure, cert, key } = config.tls ?? {};
  return {
    ...(ca === undefined ? {} : { ca }),
    ...(insecure ? { insecure: true } : {}),
    ...(cert === undefined ? {} : { cert }),
    ...(key === undefined ? {} : { key }),
    // The embedded server is on this machine: a proxy of the environment is never asked to reach it.
    proxies: config.embedded !== true,
  };
}
