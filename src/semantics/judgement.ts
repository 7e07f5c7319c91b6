/** What a pure judge of an answer concludes, and how a check acts on it. */
import type { ViolationDetail } from '../harness/outcomes.js';
import type { CheckRun } from '../harness/session.js';

/** A finding (the rule is broken), a reason the judge cannot tell, or 'holds'. */
export type Judgement = { readonly finding: ViolationDetail } | { readonly undecided: string } | 'holds';

/** Fails the check on a finding, skips it with the reason when undecided, returns when the rule holds. */
export function settle(run: CheckRun, judgement: Judgement): void {
  if (judgement === 'holds') return;
  if ('finding' in judgement) run.fail(judgement.finding);
  run.skip(judgement.undecided);
}

export const recordOf = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
