/**
 * How a wallet-utility answer reads as a verdict on the proof it was given. IsValidETHAuthProof may refuse a
 * proof by answering `isValid: false` or with a client error; GetLinkedWallets refuses with a client error.
 * A 5xx is never a refusal: "Client errors are returned with 4xx statuses" (interface.md §Errors).
 */
import { recordOf } from '../contract/json-values.js';
import type { Judgement } from './judgement.js';

/** What a verdict is read from: an HTTP answer's status and parsed body. */
export interface ProofAnswer {
  readonly status: number;
  readonly json: unknown;
}

export type ProofVerdict = 'accepted' | 'refused' | 'server-error' | 'unexpected';

const bodyField = (answer: ProofAnswer, key: string): unknown => recordOf(answer.json)?.[key];

export function isValidVerdict(answer: ProofAnswer): ProofVerdict {
  if (answer.status === 200) return bodyField(answer, 'isValid') === true ? 'accepted' : 'refused';
  return statusVerdict(answer);
}

export function linkedWalletsVerdict(answer: ProofAnswer): ProofVerdict {
  return answer.status === 200 ? 'accepted' : statusVerdict(answer);
}

function statusVerdict(answer: ProofAnswer): ProofVerdict {
  if (answer.status >= 400 && answer.status < 500) return 'refused';
  return answer.status >= 500 ? 'server-error' : 'unexpected';
}

const statusLine = (answer: ProofAnswer): string => {
  const error = bodyField(answer, 'error');
  return `${answer.status}${typeof error === 'string' ? ` ${error}` : ''}${answer.status === 200 ? ` ${JSON.stringify(answer.json)?.slice(0, 120) ?? ''}` : ''}`;
};

/**
 * A proof the server must not accept: anything but a refusal is a finding. `acceptedAt` is the pointer that
 * shows an acceptance ('/isValid', or '' when the whole 200 answer is the acceptance).
 */
export function judgeRefusal(verdict: ProofVerdict, answer: ProofAnswer, what: string, refusal: string, acceptedAt: string): Judgement {
  if (verdict === 'refused') return 'holds';
  const message =
    verdict === 'accepted'
      ? `${what} was accepted`
      : verdict === 'server-error'
        ? `${what} got a server error: a bad proof is the client's mistake, refused with 4xx`
        : `${what} got neither an answer nor a client error`;
  return { finding: { message, pointer: verdict === 'accepted' ? acceptedAt : '', expected: refusal, actual: statusLine(answer) } };
}
