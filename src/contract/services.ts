/**
 * The six services and where each is reached, written once: the base address that serves it and whether that
 * base is per network (interface.md §Base addresses), its path prefix (§Wire format), and where its base sits on
 * a single origin (the reference server's layout, which is what `--target ORIGIN` means). Operations, endpoint
 * URLs, the origin layout, the reference server's routes and the service-wide wire checks derive from here.
 */
export type ServiceName = 'Marketplace' | 'API' | 'Metadata' | 'Relayer' | 'Indexer' | 'Builder';
/** The base addresses of a run's targets (interface.md §Base addresses). */
export type BaseName = 'marketplace' | 'api' | 'metadata' | 'relayer' | 'indexer';

/**
 * How a base address reaches a network:
 * - `path`: one path segment `<network>` follows the base;
 * - `host`: the base itself is specific to one network (given with `{network}` where the slug goes);
 * - `none`: one base serves every network (the chain, where needed, is in the request body).
 */
export type BaseNetwork = 'path' | 'host' | 'none';

export interface BaseDef {
  /** The document's placeholder for the base address. */
  readonly placeholder: string;
  readonly network: BaseNetwork;
  /**
   * The base's path on a single origin. On one origin a per-network base continues with `/<network>`: the
   * path segment Marketplace has anyway, and the stand-in for a relayer's or indexer's own host.
   */
  readonly originPath: string;
}

export const BASES = {
  marketplace: { placeholder: 'marketplace_base_url', network: 'path', originPath: '/marketplace' },
  api: { placeholder: 'api_url', network: 'none', originPath: '' },
  metadata: { placeholder: 'metadata_url', network: 'none', originPath: '' },
  relayer: { placeholder: 'relayer_url', network: 'host', originPath: '/relayer' },
  indexer: { placeholder: 'indexer_url', network: 'host', originPath: '/indexer' },
} as const satisfies { readonly [B in BaseName]: BaseDef };

/** Which base serves each service (API and Builder share one). */
const SERVICE_BASE = {
  Marketplace: 'marketplace',
  API: 'api',
  Metadata: 'metadata',
  Relayer: 'relayer',
  Indexer: 'indexer',
  Builder: 'api',
} as const satisfies { readonly [S in ServiceName]: BaseName };

/** How the base of service `S` reaches a network, as a type (an operation's network binding derives from it). */
export type BaseNetworkOf<S extends ServiceName> = (typeof BASES)[(typeof SERVICE_BASE)[S]]['network'];

export interface ServiceDef {
  readonly name: ServiceName;
  readonly base: BaseName;
  /** How the service's base reaches a network. */
  readonly network: BaseNetwork;
  /** Whether the base address differs per network (Marketplace, Relayer, Indexer). */
  readonly perNetwork: boolean;
  /** What follows the base address: `/rpc/<Service>`, then `/<Method>` (interface.md §Wire format). */
  readonly pathPrefix: string;
  /** The base's path on a single origin, before `/<network>` for a per-network base. */
  readonly originPath: string;
}

export const SERVICES: readonly ServiceDef[] = Object.freeze(
  (Object.entries(SERVICE_BASE) as [ServiceName, BaseName][]).map(([name, base]) =>
    Object.freeze({
      name,
      base,
      network: BASES[base].network,
      perNetwork: BASES[base].network !== 'none',
      pathPrefix: `/rpc/${name}`,
      originPath: BASES[base].originPath,
    }),
  ),
);

const BY_NAME = new Map<string, ServiceDef>(SERVICES.map((s) => [s.name, s]));

export function isServiceName(name: string): name is ServiceName {
  return BY_NAME.has(name);
}

export function serviceDef(name: ServiceName): ServiceDef {
  return BY_NAME.get(name)!;
}

/** Where a base sits on a single origin: its path, then `/{network}` for a base that is per network by host. */
export function baseOnOrigin(base: BaseName): string {
  const def = BASES[base];
  return def.network === 'host' ? `${def.originPath}/{network}` : def.originPath;
}
