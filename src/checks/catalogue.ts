/**
 * Every check the suite can report, keyed by a stable id (never renamed; deprecate instead). Each names its
 * level and the sentence of a document it rests on: MUST only where interface.md states the rule, SHOULD for
 * a convention of wire-facts.md that the document does not state. The README's check table is generated
 * from this list (scripts/generate-docs.ts).
 */
export type CheckLevel = 'MUST' | 'SHOULD';
export type CheckArea = 'harness' | 'wire' | 'auth' | 'errors' | 'response' | 'properties' | 'semantics' | 'crypto' | 'stateful';

export interface CheckDef {
  readonly id: string;
  readonly level: CheckLevel;
  readonly area: CheckArea;
  readonly title: string;
  /** The sentence this check rests on, quoted with its source. */
  readonly basis: string;
  /** Needs a known entity from the fixtures file; skipped with this reason without one. */
  readonly needsFixture?: string;
  /** Sends an operation that writes: never run under --read-only. */
  readonly writes?: boolean;
}

const IF = 'interface.md';
const WF = 'wire-facts.md';

const CHECKS = [
  // --- the run itself ---
  { id: 'suite-error', level: 'MUST', area: 'harness', title: 'The checks of an operation ran to completion', basis: 'a check that could not decide is errored, never a silent pass (GUIDE.md example 2)' },
  // --- wire format, every operation ---
  { id: 'response-schema', level: 'MUST', area: 'response', title: 'A valid request is answered 200 with a body of the documented shape', basis: `${IF} §Wire format: "Success response: HTTP 200, JSON object"; §Resources: field types` },
  { id: 'response-conventions', level: 'SHOULD', area: 'response', title: 'Response values follow the wire conventions (addresses, decimal amounts, RFC 3339, known enum values)', basis: `${WF} §2, §5: "Addresses in responses are lower-case hex; timestamps are RFC 3339"` },
  { id: 'response-content-type', level: 'SHOULD', area: 'wire', title: 'Every answer carries Content-Type: application/json', basis: `${WF} §5: "Every answer carries Content-Type: application/json"` },
  { id: 'error-body-schema', level: 'MUST', area: 'errors', title: 'Every 4xx/5xx answer is an error object with error, code, msg and status', basis: `${IF} §Errors: "An error response is a JSON object" (error, code, msg, status required)` },
  { id: 'error-table-agreement', level: 'MUST', area: 'errors', title: "An error's code and status agree with the error table and its HTTP status equals its status field", basis: `${IF} §Errors: "Error names, codes, default messages and statuses" table; "status number (HTTP status)"` },
  { id: 'error-status-class', level: 'MUST', area: 'errors', title: 'A 5xx-set error name comes with a 5xx status, a 4xx-set name with a 4xx status', basis: `${IF} §Errors: "Client errors are returned with 4xx statuses and server errors with 5xx statuses"` },
  { id: 'error-known-name', level: 'SHOULD', area: 'errors', title: "An error's name is one of the table's names", basis: `${WF} §5: "may use access-key codes outside the document's table ... report such answers precisely"` },
  { id: 'error-default-message', level: 'SHOULD', area: 'errors', title: "An error's msg is the table's default message (details go to cause)", basis: `${WF} §5: "msg is the error's default message; details go to cause"` },
  { id: 'auth-missing-key', level: 'MUST', area: 'auth', title: 'A request without X-Access-Key is answered 401 Unauthorized, code 1000', basis: `${IF} §Authentication 3: "A missing or unacceptable key is answered with the Unauthorized error (status 401, code 1000)"` },
  { id: 'auth-invalid-key', level: 'MUST', area: 'auth', title: 'A request with an unacceptable X-Access-Key is answered 401 Unauthorized, code 1000', basis: `${IF} §Authentication 3: "A missing or unacceptable key is answered with the Unauthorized error (status 401, code 1000)"` },
  { id: 'malformed-json', level: 'MUST', area: 'wire', title: 'A body that is not JSON is a client error (4xx with an error object)', basis: `${IF} §Wire format: "Request body: JSON object"; §Errors: "Client errors are returned with 4xx statuses"` },
  { id: 'malformed-json-bad-request', level: 'SHOULD', area: 'wire', title: 'A body that is not JSON gets 400 WebrpcBadRequest', basis: `${WF} §4: "Rejected with 400 WebrpcBadRequest: ... a body that is not JSON"` },
  { id: 'bad-method', level: 'SHOULD', area: 'wire', title: 'A method other than POST gets 405 WebrpcBadMethod with Allow: POST', basis: `${WF} §5: "a method other than POST → 405 WebrpcBadMethod with header Allow: POST"` },
  { id: 'bad-route', level: 'SHOULD', area: 'wire', title: 'An unknown method name gets 404 WebrpcBadRoute', basis: `${WF} §5: "unknown path → 404 WebrpcBadRoute"` },
  { id: 'bad-content-type', level: 'SHOULD', area: 'wire', title: 'A Content-Type other than application/json gets 400 WebrpcBadRequest', basis: `${WF} §5: "a Content-Type other than application/json ... → 400 WebrpcBadRequest"` },
  // --- properties over generated requests ---
  { id: 'valid-request-not-5xx', level: 'MUST', area: 'properties', title: 'Any valid generated request is answered without 5xx, with a body of the documented shape', basis: `${IF} §Errors: "Client errors are returned with 4xx statuses and server errors with 5xx statuses"; §Wire format` },
  { id: 'invalid-request-not-5xx', level: 'MUST', area: 'properties', title: "Any invalid generated request is answered without 5xx, and any error answer is a valid error object", basis: `${IF} §Errors: "Client errors are returned with 4xx statuses" (a client's mistake is not a server error)` },
  { id: 'invalid-request-4xx', level: 'SHOULD', area: 'properties', title: 'A request with a wrong JSON type is refused with 4xx', basis: `${WF} §4: "Rejected with 400 WebrpcBadRequest: ... a wrong JSON type"` },
] as const satisfies readonly CheckDef[];

export type CheckId = (typeof CHECKS)[number]['id'];

export const CHECK_CATALOGUE: readonly CheckDef[] = Object.freeze(assertUnique(CHECKS));

const BY_ID = new Map<string, CheckDef>(CHECK_CATALOGUE.map((c) => [c.id, c]));

export function checkDef(id: string): CheckDef {
  const def = BY_ID.get(id);
  if (!def) throw new Error(`check id not in the catalogue: ${id}`);
  return def;
}

export function isCheckId(id: string): id is CheckId {
  return BY_ID.has(id);
}

function assertUnique<T extends readonly CheckDef[]>(checks: T): T {
  const seen = new Set<string>();
  for (const c of checks) {
    if (seen.has(c.id)) throw new Error(`duplicate check id: ${c.id}`);
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(c.id)) throw new Error(`check id is not kebab-case: ${c.id}`);
    seen.add(c.id);
  }
  return checks;
}
