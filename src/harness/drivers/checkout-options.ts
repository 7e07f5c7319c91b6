/** Sends the checkout-options requests that src/semantics/checkout-options.ts judges. */
import { judgeSameOptions } from '../../semantics/checkout-options.js';
import type { CheckRun } from '../session.js';
import { settle } from './settle.js';

/**
 * `checkout-options-deterministic` for either checkout operation: the example request, sent again, gets the
 * same options. One definition for both spec files.
 */
export async function checkSameOptionsTwice(run: CheckRun): Promise<void> {
  const { body, json } = await run.example();
  const again = await run.send(body);
  if (again.status !== 200)
    run.fail({ message: 'the same request, sent again, got another answer', pointer: '', expected: 200, actual: again.status });
  settle(run, judgeSameOptions(json, again.json));
}
