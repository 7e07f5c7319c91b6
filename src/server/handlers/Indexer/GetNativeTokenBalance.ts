/**
 * The account's native balance on the path's network, from the pluggable BalanceSource (seeded by default,
 * a chain node's eth_getBalance when configured). Real servers also return the chain ID (wire-facts.md §3).
 */
import { GetNativeTokenBalance } from '../../../contract/operations.js';
import { requireAddress } from '../../domain/args.js';
import { defineHandler, requireNetwork } from '../handler.js';

export const handler = defineHandler(GetNativeTokenBalance, async (req, ctx) => {
  const network = requireNetwork(ctx);
  const accountAddress = requireAddress('accountAddress', req.accountAddress);
  const wei = await ctx.balances.nativeBalance(network, accountAddress);
  const balance = { accountAddress, balance: wei.toString(), chainId: network.chainId };
  return { balance };
});
