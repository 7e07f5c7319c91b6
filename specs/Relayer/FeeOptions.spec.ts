import { IF, WF } from '../../src/checks/catalogue-types.js';
import { FeeOptions } from '../../src/contract/index.js';
import { type CheckRun, describeOperation, ungrounded } from '../../src/harness/index.js';
import { judgeFeeTokenChains, judgeFeeValues } from '../../src/semantics/fees.js';
import { settle } from '../../src/harness/drivers/settle.js';

/** The options of the example's answer; skips when there are none (sponsored: wire-facts.md §7). */
async function feeOptions(run: CheckRun): Promise<readonly unknown[]> {
  const { json } = await run.example();
  const { options, sponsored } = json as { options?: unknown; sponsored?: unknown };
  if (!Array.isArray(options) || options.length === 0)
    run.skip(`the answer lists no fee options${sponsored === true ? ' (sponsored)' : ''}`);
  return options;
}

describeOperation({
  op: FeeOptions,
  // Whether a relayer quotes fees for an arbitrary wallet is not shown in the document: a 4xx is allowed.
  example: () =>
    ungrounded(
      {
        wallet: '0x00000000000000000000000000000000000c0ffe',
        to: '0x000000000000000000000000000000000000beef',
        data: '0x',
        simulate: false,
      },
      'the fixtures name no relayer wallet',
    ),
  checks: [
    {
      id: 'fee-option-token-on-network-chain',
      level: 'MUST',
      area: 'semantics',
      title: "Every fee option's token.chainId is the chain ID of the relayer's network",
      basis: `${IF} §Base addresses, {relayer_url}: "The host is specific to one chain network."`,
      run: async (run) => settle(run, judgeFeeTokenChains(await feeOptions(run), run.network.chainId)),
    },
    {
      id: 'fee-option-value-decimal',
      level: 'SHOULD',
      area: 'semantics',
      title: "Every fee option's value is a decimal integer string",
      basis: `${WF} §7: "value is a decimal string in the token's smallest unit"`,
      run: async (run) => settle(run, judgeFeeValues(await feeOptions(run))),
    },
  ],
});
