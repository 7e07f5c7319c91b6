/** What a pure judge of an answer concludes. How a check acts on it is the harness's (drivers/settle.ts). */

/** What a broken rule is reported with: where in the answer, what the rule wanted and what was there. */
export interface ViolationDetail {
  readonly message: string;
  readonly pointer?: string;
  readonly expected?: unknown;
  readonly actual?: unknown;
}

/** A finding (the rule is broken), a reason the judge cannot tell, or 'holds'. */
export type Judgement = { readonly finding: ViolationDetail } | { readonly undecided: string } | 'holds';
