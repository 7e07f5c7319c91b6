/**
 * The 39 network slugs and their chain IDs (wire-facts.md §1, in the public reference's order).
 * `imx`/`immutable-zkevm` and `imx-testnet`/`immutable-zkevm-testnet` share a chain: a chain ID is not a key.
 */
export type NetworkKind = 'mainnet' | 'testnet';

export interface Network {
  readonly slug: string;
  readonly chainId: number;
  readonly kind: NetworkKind;
}

const TABLE = `
amoy 80002 testnet
apechain-mainnet 33139 mainnet
apechain-testnet 33111 testnet
arbitrum 42161 mainnet
arbitrum-nova 42170 mainnet
arbitrum-sepolia 421614 testnet
astar-zkevm 3776 mainnet
astar-zkyoto 6038361 testnet
avalanche 43114 mainnet
avalanche-testnet 43113 testnet
b3 8333 mainnet
b3-sepolia 1993 testnet
base 8453 mainnet
base-sepolia 84532 testnet
blast 81457 mainnet
blast-sepolia 168587773 testnet
borne-testnet 94984 testnet
bsc 56 mainnet
bsc-testnet 97 testnet
gnosis 100 mainnet
homeverse 19011 mainnet
homeverse-testnet 40875 testnet
immutable-zkevm 13371 mainnet
immutable-zkevm-testnet 13473 testnet
imx 13371 mainnet
imx-testnet 13473 testnet
mainnet 1 mainnet
optimism 10 mainnet
optimism-sepolia 11155420 testnet
polygon 137 mainnet
polygon-zkevm 1101 mainnet
rootnet 7668 mainnet
rootnet-porcini 7672 testnet
sepolia 11155111 testnet
skale-nebula-testnet 37084624 testnet
soneium-minato 1946 testnet
toy-testnet 21000000 testnet
xai 660279 mainnet
xai-sepolia 37714555429 testnet
`;

export const NETWORKS: readonly Network[] = Object.freeze(
  TABLE.trim()
    .split('\n')
    .map((line) => {
      const [slug, chainId, kind] = line.trim().split(/\s+/);
      return Object.freeze({ slug: slug!, chainId: Number(chainId), kind: kind as NetworkKind });
    }),
);

const BY_SLUG = new Map(NETWORKS.map((n) => [n.slug, n]));

export const NETWORK_SLUGS: readonly string[] = NETWORKS.map((n) => n.slug);

export function findNetwork(slug: string): Network | undefined {
  return BY_SLUG.get(slug);
}

export function networkBySlug(slug: string): Network {
  const network = BY_SLUG.get(slug);
  if (!network) throw new Error(`unknown network slug: ${slug}`);
  return network;
}
