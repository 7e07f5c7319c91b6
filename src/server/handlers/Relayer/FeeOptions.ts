/**
 * Fee options for relaying a call: the native token and the network's USDC, priced from the gas limit.
 * Sponsorship is decided by the target: calls to the project's own collections on that network are sponsored
 * (wire-facts.md §7: then no options and no quote); everything else pays, with an opaque quote to pass back.
 */
import { keccak256 } from 'viem';
import { FeeOptions } from '../../../contract/operations.js';
import type { FeeOptionT } from '../../../contract/resources.js';
import { nativeSymbol } from '../../data/catalog.js';
import { relayerProfile } from '../../data/relayer.js';
import { requireAddress, requireHexData } from '../../domain/args.js';
import { convertWei, estimateGasLimit } from '../../domain/fees.js';
import { defineHandler, requireNetwork } from '../handler.js';

export const handler = defineHandler(FeeOptions, (req, ctx) => {
  const network = requireNetwork(ctx);
  const catalog = ctx.world.catalog(network);
  const wallet = requireAddress('wallet', req.wallet);
  const to = requireAddress('to', req.to);
  const data = requireHexData('data', req.data);
  if (catalog.collections.some((c) => c.address === to)) return { options: [], sponsored: true };

  const relayer = relayerProfile(ctx.world.seed, network);
  const gasLimit = estimateGasLimit(to, data, req.simulate ?? false);
  const nativeWei = BigInt(gasLimit) * relayer.gasPriceWei;
  const [usdc, wrappedNative] = catalog.currencies;
  const symbol = nativeSymbol(network);
  const options: FeeOptionT[] = [
    {
      token: {
        chainId: network.chainId,
        name: symbol,
        symbol,
        type: 'UNKNOWN',
        logoURL: `https://assets.reference.invalid/tokens/${symbol.toLowerCase()}.png`,
        decimals: 18,
      },
      to: relayer.feeCollector,
      value: nativeWei.toString(),
      gasLimit,
    },
    {
      token: {
        chainId: network.chainId,
        name: usdc.name,
        symbol: usdc.symbol,
        type: 'ERC20_TOKEN',
        logoURL: 'https://assets.reference.invalid/tokens/usdc.png',
        decimals: usdc.decimals,
        contractAddress: usdc.address,
      },
      to: relayer.feeCollector,
      value: convertWei(nativeWei, wrappedNative.usdCents, usdc.usdCents, usdc.decimals).toString(),
      gasLimit,
    },
  ];
  const quote = Buffer.from(
    JSON.stringify({ v: 1, network: network.slug, wallet, to, gasLimit, gasPrice: relayer.gasPriceWei.toString(), data: keccak256(data) }),
  ).toString('base64url');
  return { options, sponsored: false, quote };
});
