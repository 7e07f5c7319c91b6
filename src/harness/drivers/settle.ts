/** How a check acts on what a pure judge concluded (src/semantics/judgement.ts). */
import type { Judgement } from '../../semantics/judgement.js';
import type { CheckRun } from '../session.js';

/** Fails the check on a finding, skips it with the reason when undecided, returns when the rule holds. */
export function settle(run: CheckRun, judgement: Judgement): void {
  if (judgement === 'holds') return;
  if ('finding' in judgement) run.fail(judgement.finding);
  run.skip(judgement.undecided);
}

/**
 * Judges once; a finding stands only when a second, fresh reading confirms it: live data moves between two
 * requests (a listing sold, a price changed), and a relation between two answers must not fail on that.
 * `read(true)` must send its requests again rather than reuse the first answers.
 */
export async function settleConfirmed(run: CheckRun, read: (again: boolean) => Promise<Judgement>): Promise<void> {
  const first = await read(false);
  if (first === 'holds' || !('finding' in first)) return settle(run, first);
  const second = await read(true);
  settle(
    run,
    second === 'holds'
      ? { undecided: `a finding did not hold when read again (the data changed between reads): ${first.finding.message}` }
      : second,
  );
}
