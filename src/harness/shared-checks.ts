/**
 * Checks several operations share, each defined once here and listed by the spec file of every operation it
 * applies to.
 */
import { IF, SLUG, WF } from '../checks/catalogue-types.js';
import { defineCheck } from '../checks/definition.js';
import {
  GenerateCancelTransaction,
  type CheckoutOptionsMarketplace,
  type CheckoutOptionsSalesContract,
  type GenerateSellTransaction,
  type GetFloorOrder,
  type GetHighestPriceListingForCollectible,
  type GetSwapPrice,
  type GetSwapQuote,
} from '../contract/operations.js';
import type { Judgement } from '../semantics/judgement.js';
import { judgeOrderChainIds } from '../semantics/order-rules.js';
import { judgeSignatureChainIds, judgeStepsWellFormed } from '../semantics/steps.js';
import { cancelTheOffer } from './drivers/cancel-offer.js';
import { checkSameOptionsTwice } from './drivers/checkout-options.js';
import { checkGenerationLeavesState } from './drivers/generation-state.js';
import { checkNoPriceWithoutLiquidity, ILLIQUID_NEEDS } from './drivers/illiquid.js';
import { settle } from './drivers/settle.js';
import { settleEach } from './drivers/settle-each.js';
import type { CheckRun } from './session.js';

const STEPS = `${IF} §What the service does: "produce the steps (on-chain transactions, signature requests, or calls to post)"`;

export const ORDER_CHAIN_ID = defineCheck<typeof GetFloorOrder | typeof GetHighestPriceListingForCollectible>({
  id: 'order-chain-id',
  level: 'MUST',
  area: 'semantics',
  title: "Every returned order's chainId is the chain ID of the network in the path",
  basis: `${SLUG}; §Order: "chainId number"`,
  async run(run) {
    const { json } = await run.example();
    settle(run, judgeOrderChainIds(json, run.network.chainId));
  },
});

type StepsRun = CheckRun<typeof GenerateSellTransaction | typeof GenerateCancelTransaction>;

/**
 * The example's steps and, for GenerateCancelTransaction when the floor collectible carries an offer, the steps
 * to cancel that offer by its maker: two kinds of order, so more kinds of steps to judge.
 */
async function judgeSteps(run: StepsRun, judge: (json: unknown) => Judgement): Promise<void> {
  const { json } = await run.example();
  const judged = [{ index: run.lastExchange!, judgement: judge(json) }];
  const offer = run.session.op === GenerateCancelTransaction ? await cancelTheOffer(run) : undefined;
  if (offer) judged.push({ index: offer.index, judgement: judge(offer.json) });
  settleEach(run, judged);
}

export const STEPS_WELL_FORMED = defineCheck<typeof GenerateSellTransaction | typeof GenerateCancelTransaction>({
  id: 'steps-well-formed',
  level: 'SHOULD',
  area: 'semantics',
  title:
    'Each step is complete for what it is: a transaction (to, data), a message to sign (signEIP191: data), a signature request (domain, types holding primaryType, value) or a call to post (endpoint, method)',
  basis: `${STEPS}; §Step: what completes each kind is not stated; ${WF} §5: "A signEIP191 step carries the message to sign in data (plain UTF-8 text or hex) and to: \"\"; it is not a transaction"`,
  run: (run) => judgeSteps(run, judgeStepsWellFormed),
});

export const STEP_SIGNATURE_CHAIN_ID = defineCheck<typeof GenerateSellTransaction | typeof GenerateCancelTransaction>({
  id: 'step-signature-chain-id',
  level: 'MUST',
  area: 'semantics',
  title: "An EIP-712 signature request's domain.chainId is the chain ID of the network in the path",
  basis: `${SLUG}; §Step: "| signature | object: \`domain\` {\`name\` string, \`version\` string, \`chainId\` number, \`verifyingContract\` string}"`,
  run: (run) => judgeSteps(run, (json) => judgeSignatureChainIds(json, run.network.chainId)),
});

export const GENERATION_LEAVES_STATE_UNCHANGED = defineCheck<typeof GenerateSellTransaction | typeof GenerateCancelTransaction>({
  id: 'generation-leaves-state-unchanged',
  level: 'MUST',
  area: 'stateful',
  title:
    'Generating steps changes nothing: GetFloorOrder answers the order the generation named (the floor order a cancel names, the offer a sale sells into) the same (id, status, quantities) after the generation as before it (a change is read again before it is reported)',
  basis: `${IF} §States and transitions: "Operations that change state do not change it directly: the generation operations return steps that the caller executes elsewhere"`,
  needs: ['collection'],
  run: checkGenerationLeavesState,
});

export const DOCUMENTED_REQUEST_ACCEPTED = defineCheck<typeof GenerateCancelTransaction | typeof CheckoutOptionsMarketplace>({
  id: 'documented-request-accepted',
  level: 'SHOULD',
  area: 'response',
  title:
    'The example request, with the fields the document lists, is answered; a refusal that the same request with `marketplace` does not get is reported here, and the completed answer judged',
  basis: `${WF} §3: "when such a request is refused, the precise report is 'refused without marketplace, which the document does not list' (SHOULD), not a failure of the response"`,
  async run(run) {
    const refusal = (await run.session.exampleAnswer?.())?.refusedWithout;
    if (!refusal) {
      await run.example(); // skipped when the example got no successful answer: response-schema judges that
      return;
    }
    run.adopt(refusal.index);
    run.fail({
      message: `refused without \`${refusal.field}\`, which the document does not list (the request with it was answered, and that answer is judged)`,
      pointer: '',
      expected: "an answer to the document's fields",
      actual: refusal.answer,
    });
  },
});

export const CHECKOUT_OPTIONS_DETERMINISTIC = defineCheck<typeof CheckoutOptionsSalesContract | typeof CheckoutOptionsMarketplace>({
  id: 'checkout-options-deterministic',
  level: 'SHOULD',
  area: 'semantics',
  title: 'The same request, sent again, gets the same checkout options (lists compared as sets)',
  basis: `${IF} §What the service does: "list the checkout options (payment methods) for a purchase": determinism is not stated`,
  run: checkSameOptionsTwice,
});

export const SWAP_NONE_WITHOUT_LIQUIDITY = defineCheck<typeof GetSwapQuote | typeof GetSwapPrice>({
  id: 'swap-none-without-liquidity',
  level: 'SHOULD',
  area: 'semantics',
  title: "GetSwapQuote and GetSwapPrice for the fixtures' swap.illiquidCurrencyAddress answer null, never a price",
  basis: `${IF} §API operations: the null rule is stated for GetSwapPrices only; GetSwapQuote is "used after choosing a price from GetSwapPrices", so without a price there is nothing to quote — by analogy, not by a sentence`,
  needs: ILLIQUID_NEEDS,
  run: checkNoPriceWithoutLiquidity,
});
