/**
 * What a Step is (interface.md §What the service does: "the steps (on-chain transactions, signature requests,
 * or calls to post)") and whether it is complete for that. A step may be several things at once (a signature
 * whose result is posted); each part present must be complete, and a step must be at least one of them.
 * Blank values (null, "", 0, empty lists and objects — the zero values webrpc servers emit for unset fields)
 * count as absent. A `signEIP191` step is a message to sign, not a transaction (wire-facts.md §5), and the
 * EIP-712 `types` and `value` are free JSON (`any` in the public clients): a string holding JSON is read.
 */
import { isRecord } from '../contract/json-values.js';
import { CONVENTIONS } from '../contract/schema-kit.js';
import type { Judgement } from './judgement.js';

export type StepKind = 'transaction' | 'message' | 'signature' | 'post';

/** wire-facts.md §5: "A `signEIP191` step carries the message to sign in `data` (plain UTF-8 text or hex) and `to: ""`". */
const MESSAGE_STEP = 'signEIP191';

export interface StepProblem {
  /** JSON pointer relative to the step. */
  readonly pointer: string;
  readonly message: string;
  readonly expected: string;
  readonly actual: unknown;
}

type Fields = Readonly<Record<string, unknown>>;

export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === 0 || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) return Object.values(value).every(isBlank);
  return false;
}

export function stepKinds(step: Fields): StepKind[] {
  const kinds: StepKind[] = [];
  if (step['id'] === MESSAGE_STEP) kinds.push('message');
  else if (!isBlank(step['to']) || !isBlank(step['data'])) kinds.push('transaction');
  if (!isBlank(step['signature'])) kinds.push('signature');
  if (!isBlank(step['post'])) kinds.push('post');
  return kinds;
}

/** Everything incomplete about a step, in the order of its parts. */
export function stepProblems(step: Fields): StepProblem[] {
  const kinds = stepKinds(step);
  if (kinds.length === 0) {
    return [
      {
        pointer: '',
        message: 'a step carries neither a transaction (to, data), a signature request (signature) nor a call to post (post)',
        expected: 'to and data, signature, or post',
        actual: step,
      },
    ];
  }
  return [
    ...(kinds.includes('transaction') ? transactionProblems(step) : []),
    ...(kinds.includes('message') ? messageProblems(step) : []),
    ...(kinds.includes('signature') ? signatureProblems(step['signature']) : []),
    ...(kinds.includes('post') ? postProblems(step['post']) : []),
  ];
}

function transactionProblems(step: Fields): StepProblem[] {
  const problems: StepProblem[] = [];
  const { to, data } = step;
  if (typeof to !== 'string' || !CONVENTIONS.address.pattern.test(to)) {
    problems.push({
      pointer: '/to',
      message: 'a transaction step needs the address it is sent to',
      expected: CONVENTIONS.address.meaning,
      actual: to,
    });
  }
  if (typeof data !== 'string' || !CONVENTIONS['hex-data'].pattern.test(data)) {
    problems.push({
      pointer: '/data',
      message: 'a transaction step needs its call data',
      expected: CONVENTIONS['hex-data'].meaning,
      actual: data,
    });
  }
  return problems;
}

function messageProblems(step: Fields): StepProblem[] {
  const data = step['data'];
  if (typeof data === 'string' && data !== '') return [];
  return [
    {
      pointer: '/data',
      message: `a ${MESSAGE_STEP} step carries the message to sign in data`,
      expected: 'the message: text or hex',
      actual: data,
    },
  ];
}

/** Free JSON as sent: a string holding JSON is read as the JSON it holds. */
function freeJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function signatureProblems(signature: unknown): StepProblem[] {
  if (!isRecord(signature))
    return [{ pointer: '/signature', message: 'a signature request is an object', expected: 'an object', actual: signature }];
  const problems: StepProblem[] = [];
  const { domain, primaryType, value } = signature;
  const types = freeJson(signature['types']);
  if (!isRecord(domain) || isBlank(domain)) {
    problems.push({
      pointer: '/signature/domain',
      message: 'an EIP-712 signature request needs its domain',
      expected: 'a domain object',
      actual: domain,
    });
  }
  if (typeof primaryType !== 'string' || primaryType === '') {
    problems.push({
      pointer: '/signature/primaryType',
      message: 'an EIP-712 signature request names its primary type',
      expected: 'a type name',
      actual: primaryType,
    });
  } else if (!isRecord(types) || !Array.isArray(types[primaryType])) {
    problems.push({
      pointer: '/signature/types',
      message: `an EIP-712 signature request's types define its primary type ${primaryType}`,
      expected: `types.${primaryType}: a list of members`,
      actual: signature['types'],
    });
  }
  if (isBlank(freeJson(value))) {
    problems.push({
      pointer: '/signature/value',
      message: 'an EIP-712 signature request carries the message to sign',
      expected: 'the message: free JSON, not empty',
      actual: value,
    });
  }
  return problems;
}

function postProblems(post: unknown): StepProblem[] {
  if (!isRecord(post)) return [{ pointer: '/post', message: 'a call to post is an object', expected: 'an object', actual: post }];
  const problems: StepProblem[] = [];
  if (typeof post['endpoint'] !== 'string' || post['endpoint'] === '') {
    problems.push({
      pointer: '/post/endpoint',
      message: 'a call to post names its endpoint',
      expected: 'a non-empty string',
      actual: post['endpoint'],
    });
  }
  if (typeof post['method'] !== 'string' || !/^[A-Za-z]+$/.test(post['method'])) {
    problems.push({
      pointer: '/post/method',
      message: 'a call to post names its HTTP method',
      expected: 'a method name such as POST',
      actual: post['method'],
    });
  }
  return problems;
}

/** The EIP-712 domain chain ID of a signature request, when the step has one (a blank one is absent). */
export function signatureChainId(step: Fields): unknown {
  const signature = step['signature'];
  if (!isRecord(signature) || !isRecord(signature['domain'])) return undefined;
  const chainId = signature['domain']['chainId'];
  return isBlank(chainId) ? undefined : chainId;
}

/** The steps of a GenerateSellTransaction / GenerateCancelTransaction answer, with their pointers. */
export function stepsInAnswer(json: unknown): { readonly pointer: string; readonly step: Fields }[] {
  const steps = (json as { steps?: unknown } | null | undefined)?.steps;
  if (!Array.isArray(steps)) return [];
  return steps.flatMap((step, i) => (isRecord(step) ? [{ pointer: `/steps/${i}`, step }] : []));
}

/** Every step is complete for what it is. */
export function judgeStepsWellFormed(json: unknown): Judgement {
  const steps = stepsInAnswer(json);
  if (steps.length === 0) return { undecided: 'the answer holds no step' };
  for (const { pointer, step } of steps) {
    const problem = stepProblems(step)[0];
    if (problem)
      return {
        finding: { message: problem.message, pointer: `${pointer}${problem.pointer}`, expected: problem.expected, actual: problem.actual },
      };
  }
  return 'holds';
}

/** Every signature request's domain chain ID (a number or decimal string) is the network's. */
export function judgeSignatureChainIds(json: unknown, chainId: number): Judgement {
  let judged = 0;
  for (const { pointer, step } of stepsInAnswer(json)) {
    const value = signatureChainId(step);
    const stated = typeof value === 'number' ? value : typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : undefined;
    if (stated === undefined) continue;
    judged += 1;
    if (stated !== chainId) {
      return {
        finding: {
          message: "an EIP-712 signature request's domain chainId is the chain of the network in the path",
          pointer: `${pointer}/signature/domain/chainId`,
          expected: chainId,
          actual: value,
        },
      };
    }
  }
  return judged > 0 ? 'holds' : { undecided: 'no step is a signature request with a domain chainId' };
}
