/** The seeded relayer of one chain (slugs of the same chain share it): where fees go and the gas price it charges. */
import type { Hex } from 'viem';
import type { Network } from '../../contract/networks.js';
import { Prng } from './prng.js';

export interface RelayerProfile {
  readonly feeCollector: Hex;
  /** Wei per gas unit, 1 to 50 gwei. */
  readonly gasPriceWei: bigint;
}

export function relayerProfile(seed: number, network: Network): RelayerProfile {
  const rng = new Prng(seed, `relayer/${network.chainId}`);
  return { feeCollector: rng.address(), gasPriceWei: BigInt(rng.int(1, 50)) * 1_000_000_000n };
}
