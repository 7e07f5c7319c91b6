/**
 * How a check ends other than by passing. A Violation is the server breaking a rule (failed); an Inconclusive
 * is the suite unable to decide, e.g. no answer in time (errored); a Skip carries its reason.
 */
export interface ViolationDetail {
  readonly message: string;
  readonly pointer?: string;
  readonly expected?: unknown;
  readonly actual?: unknown;
}

export class Violation extends Error {
  constructor(readonly detail: ViolationDetail, readonly exchangeIndex?: number) {
    super(detail.message);
    this.name = 'Violation';
  }
}

export class Inconclusive extends Error {
  constructor(message: string, readonly exchangeIndex?: number) {
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

/** A short, single-line rendering of a value for messages (server strings can be anything). */
export function show(value: unknown, max = 160): string {
  let text: string;
  if (value === undefined) text = 'nothing';
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  text = text.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
