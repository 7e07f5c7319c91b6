/**
 * The gas a relayed call needs and what it costs in each fee token. Calldata is priced as on Ethereum
 * (16 gas per non-zero byte, 4 per zero byte, on top of 21 000); execution is a stable per-target estimate.
 * Without `simulate` the relayer cannot measure execution, so it quotes a conservative limit (twice the
 * estimate, rounded up to 10 000).
 */
import { hexToBytes, type Hex } from 'viem';
import { hashToBigInt } from '../data/prng.js';

export function estimateGasLimit(to: Hex, data: Hex, simulate: boolean): number {
  let intrinsic = 21_000;
  for (const byte of hexToBytes(data)) intrinsic += byte === 0 ? 4 : 16;
  const execution = 30_000 + Number(hashToBigInt('execution-gas', to) % 40_000n);
  if (simulate) return intrinsic + execution;
  return Math.ceil((intrinsic + 2 * execution) / 10_000) * 10_000;
}

/** A native-token amount in wei converted to a token of `decimals`, at USD rates in cents, rounded up. */
export function convertWei(wei: bigint, nativeUsdCents: bigint, tokenUsdCents: bigint, decimals: number): bigint {
  const numerator = wei * nativeUsdCents * 10n ** BigInt(decimals);
  const denominator = 10n ** 18n * tokenUsdCents;
  return (numerator + denominator - 1n) / denominator;
}
