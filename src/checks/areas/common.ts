/** The checks every operation gets: wire format, authentication, errors, properties. */
import type { CheckDef } from '../catalogue-types.js';

import { IF, WF } from '../catalogue-types.js';

export const COMMON_CHECKS = [
  // --- the run itself ---
  {
    id: 'suite-error',
    level: 'MUST',
    area: 'harness',
    title: 'The checks of an operation ran to completion',
    basis: 'a check that could not decide is errored, never a silent pass (GUIDE.md example 2)',
  },
  // --- wire format, every operation ---
  {
    id: 'response-schema',
    level: 'MUST',
    area: 'response',
    title: 'A valid request is answered 200 with a body of the documented shape',
    basis: `${IF} §Wire format: "Success response: HTTP 200, JSON object"; §Resources: field types`,
  },
  {
    id: 'response-conventions',
    level: 'SHOULD',
    area: 'response',
    title: 'Response values follow the wire conventions (addresses, decimal amounts, RFC 3339, known enum values)',
    basis: `${WF} §2, §5: "Addresses in responses are lower-case hex; timestamps are RFC 3339"`,
  },
  {
    id: 'response-content-type',
    level: 'SHOULD',
    area: 'wire',
    title: 'Every answer carries Content-Type: application/json',
    basis: `${WF} §5: "Every answer carries Content-Type: application/json"`,
  },
  {
    id: 'error-body-schema',
    level: 'MUST',
    area: 'errors',
    title: 'Every 4xx/5xx answer is an error object with error, code, msg and status',
    basis: `${IF} §Errors: "An error response is a JSON object" (error, code, msg, status required)`,
  },
  {
    id: 'error-table-agreement',
    level: 'MUST',
    area: 'errors',
    title: "An error's code and status agree with the error table and its HTTP status equals its status field",
    basis: `${IF} §Errors: "Error names, codes, default messages and statuses" table; "status number (HTTP status)"`,
  },
  {
    id: 'error-status-class',
    level: 'MUST',
    area: 'errors',
    title: 'A 5xx-set error name comes with a 5xx status, a 4xx-set name with a 4xx status',
    basis: `${IF} §Errors: "Client errors are returned with 4xx statuses and server errors with 5xx statuses"`,
  },
  {
    id: 'error-known-name',
    level: 'SHOULD',
    area: 'errors',
    title: "An error's name is one of the table's names",
    basis: `${WF} §5: "may use access-key codes outside the document's table ... report such answers precisely"`,
  },
  {
    id: 'error-default-message',
    level: 'SHOULD',
    area: 'errors',
    title: "An error's msg is the table's default message (details go to cause)",
    basis: `${WF} §5: "msg is the error's default message; details go to cause"`,
  },
  {
    id: 'auth-missing-key',
    level: 'MUST',
    area: 'auth',
    title: 'A request without X-Access-Key is answered 401 Unauthorized, code 1000',
    basis: `${IF} §Authentication 3: "A missing or unacceptable key is answered with the Unauthorized error (status 401, code 1000)"`,
  },
  {
    id: 'auth-invalid-key',
    level: 'MUST',
    area: 'auth',
    title: 'A request with an unacceptable X-Access-Key is answered 401 Unauthorized, code 1000',
    basis: `${IF} §Authentication 3: "A missing or unacceptable key is answered with the Unauthorized error (status 401, code 1000)"`,
  },
  {
    id: 'limited-key-permission-denied',
    level: 'MUST',
    area: 'auth',
    title:
      'With the limited key (--limited-access-key), the operations of fixtures limitedKey.deniedOperations answer 403 PermissionDenied, code 1001; the others do not refuse it',
    basis: `${IF} §Authentication 3: "a key without rights for the operation with PermissionDenied (status 403, code 1001)"`,
    needsFixture: 'limitedKey',
  },
  {
    id: 'malformed-json',
    level: 'MUST',
    area: 'wire',
    title: 'A body that is not JSON is a client error (4xx with an error object)',
    basis: `${IF} §Wire format: "Request body: JSON object"; §Errors: "Client errors are returned with 4xx statuses"`,
  },
  {
    id: 'malformed-json-bad-request',
    level: 'SHOULD',
    area: 'wire',
    title: 'A body that is not JSON gets 400 WebrpcBadRequest',
    basis: `${WF} §4: "Rejected with 400 WebrpcBadRequest: ... a body that is not JSON"`,
  },
  {
    id: 'bad-method',
    level: 'SHOULD',
    area: 'wire',
    title: 'A method other than POST gets 405 WebrpcBadMethod with Allow: POST',
    basis: `${WF} §5: "a method other than POST → 405 WebrpcBadMethod with header Allow: POST"`,
  },
  {
    id: 'bad-route',
    level: 'SHOULD',
    area: 'wire',
    title: 'An unknown method name gets 404 WebrpcBadRoute',
    basis: `${WF} §5: "unknown path → 404 WebrpcBadRoute"`,
  },
  {
    id: 'bad-content-type',
    level: 'SHOULD',
    area: 'wire',
    title: 'A Content-Type other than application/json gets 400 WebrpcBadRequest',
    basis: `${WF} §5: "a Content-Type other than application/json ... → 400 WebrpcBadRequest"`,
  },
  {
    id: 'wrong-request-not-5xx',
    level: 'MUST',
    area: 'wire',
    title:
      'Every deliberately wrong request (wrong Content-Type, non-POST, unknown method, missing or wrong key, malformed body) is answered without 5xx, whatever its own check expects',
    basis: `${IF} §Errors: "Client errors are returned with 4xx statuses and server errors with 5xx statuses" (which 4xx is a convention; that a client's mistake is not a 5xx is the document's)`,
  },
  // --- properties over generated requests ---
  {
    id: 'valid-request-not-5xx',
    level: 'MUST',
    area: 'properties',
    title: 'Any valid generated request is answered without 5xx, with a body of the documented shape',
    basis: `${IF} §Errors: "Client errors are returned with 4xx statuses and server errors with 5xx statuses"; §Wire format`,
  },
  {
    id: 'invalid-request-not-5xx',
    level: 'MUST',
    area: 'properties',
    title: 'Any invalid generated request is answered without 5xx, and any error answer is a valid error object',
    basis: `${IF} §Errors: "Client errors are returned with 4xx statuses" (a client's mistake is not a server error)`,
  },
  {
    id: 'invalid-request-4xx',
    level: 'SHOULD',
    area: 'properties',
    title: 'A request with a wrong JSON type is refused with 4xx',
    basis: `${WF} §4: "Rejected with 400 WebrpcBadRequest: ... a wrong JSON type"`,
  },
] as const satisfies readonly CheckDef[];
