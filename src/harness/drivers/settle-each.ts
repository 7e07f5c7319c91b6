/**
 * One check over several answers (each judged on its own): the first finding fails the check with that
 * answer's exchange as evidence; otherwise it passes when any answer was judged, and is skipped with the
 * reasons when none could be.
 */
import type { Judgement } from '../../semantics/judgement.js';
import type { CheckRun } from '../session.js';

export interface JudgedAnswer {
  /** The exchange index of the answer judged (its evidence in the report). */
  readonly index: number;
  readonly judgement: Judgement;
}

export function settleEach(run: CheckRun, judged: readonly JudgedAnswer[]): void {
  const reasons: string[] = [];
  let held = false;
  for (const { index, judgement } of judged) {
    if (judgement === 'holds') held = true;
    else if ('finding' in judgement) {
      run.adopt(index);
      run.fail(judgement.finding);
    } else reasons.push(judgement.undecided);
  }
  if (!held) run.skip([...new Set(reasons)].join('; ') || 'nothing to judge');
}
