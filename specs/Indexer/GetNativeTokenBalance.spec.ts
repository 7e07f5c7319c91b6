import { IF, WF } from '../../src/checks/catalogue-types.js';
import { GetNativeTokenBalance } from '../../src/contract/index.js';
import { recordOf } from '../../src/contract/json-values.js';
import { type CheckRun, describeOperation, grounded } from '../../src/harness/index.js';
import { chainNodeUrl, ethChainId, ethGetBalance, nodeOrigin } from '../../src/harness/drivers/chain-node.js';
import { settle } from '../../src/harness/drivers/settle.js';
import { balanceWei, judgeBalanceAccount, judgeBalanceDecimal } from '../../src/semantics/native-balance.js';

/** The requested account and the answer's balance object; skips when the answer has none. */
async function answered(run: CheckRun<typeof GetNativeTokenBalance>): Promise<{ account: string; balance: Record<string, unknown> }> {
  const { body, json } = await run.example();
  const balance = recordOf(recordOf(json)?.['balance']);
  if (!balance) run.skip('the answer has no balance object (absent or null)');
  return { account: body.accountAddress ?? run.skip('the example names no accountAddress'), balance };
}

describeOperation({
  op: GetNativeTokenBalance,
  // Every account has a native balance (zero when unused), so any address is a grounded request.
  example: ({ session }) => grounded({ accountAddress: session.fixtures?.account ?? '0x000000000000000000000000000000000000dead' }),
  checks: [
    {
      id: 'native-balance-is-requested-account',
      level: 'MUST',
      area: 'semantics',
      title: "GetNativeTokenBalance's balance.accountAddress is the requested account (case-insensitive)",
      basis: `${IF} §What the service does: "read the native-currency balance of an account"; GetNativeTokenBalance request "accountAddress", response "balance ({accountAddress string, balance string})"`,
      async run(run) {
        const { account, balance } = await answered(run);
        settle(run, judgeBalanceAccount(account, balance));
      },
    },
    {
      id: 'native-balance-decimal',
      level: 'SHOULD',
      area: 'semantics',
      title: "GetNativeTokenBalance's balance.balance is a decimal integer string",
      basis: `${WF} §7: "GetNativeTokenBalance is the node's eth_getBalance(account, "latest"), as a decimal string"`,
      run: async (run) => settle(run, judgeBalanceDecimal((await answered(run)).balance)),
    },
    // "It queries a chain node for the latest value": the node given with --chain-rpc-url is that value's reference.
    {
      id: 'native-balance-matches-chain-node',
      level: 'MUST',
      area: 'semantics',
      title: "GetNativeTokenBalance equals the chain node's eth_getBalance(account, 'latest') (needs --chain-rpc-url)",
      basis: `${IF} §What the service does, Indexer: "It queries a chain node for the latest value."`,
      needs: ['chain-node'],
      async run(run) {
        const network = run.network;
        const url = chainNodeUrl(run.needed('chain-node'), network);
        const timeout = run.config.timeoutMs;
        const chainId = await ethChainId(url, timeout);
        if (chainId !== BigInt(network.chainId)) {
          run.skip(
            `the chain node at ${nodeOrigin(url)} serves chain ${chainId}, not ${network.slug}'s ${network.chainId} (put {network} in --chain-rpc-url for one node per network)`,
          );
        }
        const { account, balance } = await answered(run);
        const served = [balanceWei(balance)];
        if (served[0] === undefined) run.skip('balance.balance is not a decimal integer (native-balance-decimal reports it)');
        const onChain = [await ethGetBalance(url, account, timeout)];
        if (served[0] === onChain[0]) return;
        // The chain moves on: ask both once more and accept any pair read around the same time.
        const again = await run.send({ accountAddress: account });
        served.push(balanceWei(recordOf(recordOf(again.json)?.['balance']) ?? {}));
        onChain.push(await ethGetBalance(url, account, timeout));
        if (served.some((s) => s !== undefined && onChain.includes(s))) return;
        run.fail({
          message: `the balance should be the chain node's eth_getBalance(account, "latest") (node at ${nodeOrigin(url)}, read twice)`,
          pointer: '/balance/balance',
          expected: onChain.map(String).join(' or '),
          actual: served.map((s) => (s === undefined ? 'none' : String(s))).join(', then '),
        });
      },
    },
  ],
});
