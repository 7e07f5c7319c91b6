/**
 * How the example request, sent with the run's key, was answered: refused (401) or not. The run adds these up
 * to tell a key the target does not know from a target that refuses one check's request.
 */
import type { HttpOutcome } from '../../transport/http-client.js';

/** Only this check sends the example request with the run's own key to the operation's own route. */
const COUNTED_CHECK = 'response-schema';

export class KeyAnswers {
  refused = 0;
  accepted = 0;

  /** Counts an exchange when it is the example request, sent with the run's key to the operation's route. */
  note(checkId: string, withRunKey: boolean, toOperation: boolean, outcome: HttpOutcome): void {
    if (checkId !== COUNTED_CHECK || !withRunKey || !toOperation || !outcome.ok) return;
    if (outcome.response.status === 401) this.refused += 1;
    else this.accepted += 1;
  }
}
