/** How a session's requests were held back: the throttling answers the transport met, and the time they waited. */
import type { HttpOutcome } from '../../transport/http-client.js';

export class ThrottlingTally {
  times = 0;
  waitedMs = 0;

  note(outcome: HttpOutcome): void {
    this.times += outcome.throttling?.times ?? 0;
    this.waitedMs += outcome.throttling?.waitedMs ?? 0;
  }
}
