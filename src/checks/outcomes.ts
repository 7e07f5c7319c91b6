/**
 * How a check ends other than by passing. A Violation is the server breaking a rule (failed); an Inconclusive
 * is the suite unable to decide, e.g. no answer in time (errored); a Skip carries its reason.
 */
import type { ViolationDetail } from '../semantics/judgement.js';

export type { ViolationDetail };
export { show } from '../contract/json-values.js';

export class Violation extends Error {
  constructor(
    readonly detail: ViolationDetail,
    readonly exchangeIndex?: number,
  ) {
    super(detail.message);
    this.name = 'Violation';
  }
}

export class Inconclusive extends Error {
  constructor(
    message: string,
    readonly exchangeIndex?: number,
  ) {
    super(message);
    this.name = 'Inconclusive';
  }
}

export class Skip extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'Skip';
  }
}
