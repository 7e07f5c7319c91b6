/**
 * The personal values of a session's Builder answers: learned before anything shows them (the run's redactor
 * keeps them out of every output), and kept as a set the run hands to the output redactor (the unit's outcome).
 */
import type { OperationDef } from '../../contract/operations.js';
import { redactBody, redactBuilderHeaders, redactPersonal } from '../../report/redact.js';
import type { Redactor } from '../../report/redactor.js';
import type { HttpOutcome } from '../../transport/http-client.js';

export class PersonalData {
  /** Every personal value learned so far. */
  readonly values = new Set<string>();

  constructor(private readonly redactor: Redactor) {}

  /**
   * Personal values of a Builder answer, whatever shape they came in, are learned before anything shows them;
   * and the answer's text the checks see (for messages) is the redacted one — a placeholder when the answer
   * cannot be walked (not JSON, too deep), so no raw text of it can reach a message.
   */
  screen(op: Pick<OperationDef, 'service'>, outcome: HttpOutcome): HttpOutcome {
    if (op.service !== 'Builder' || !outcome.ok) return outcome;
    const found = outcome.response.json === undefined ? [] : redactPersonal(outcome.response.json).personal;
    for (const value of found) this.values.add(value);
    this.redactor.learnPersonal(found);
    const { text, headers } = outcome.response;
    return { ...outcome, response: { ...outcome.response, text: redactBody(text, true).text, headers: redactBuilderHeaders(headers) } };
  }
}
