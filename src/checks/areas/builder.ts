/**
 * Checks of Builder audiences as state: round trips, counts, removals. The stateful ones run a
 * fast-check model (src/harness/drivers/audience-model.ts) over CreateAudience, GetAudience and
 * RemoveAudienceContacts; each check asserts only its own rule, so a server that breaks one rule fails one
 * check. MUST only where the document's summary of the Builder operations states the effect; what it leaves
 * out (what contactCount counts, what a repeated removal answers) is SHOULD.
 */
import type { CheckDef } from '../catalogue-types.js';

import { IF } from '../catalogue-types.js';

const ROUND_TRIP = `${IF} §What the service does: "create an audience (a named contact list inside a project), read an audience with its contacts and contracts"`;
const REMOVAL = `${IF} §What the service does: "remove contacts from an audience"`;

export const BUILDER_CHECKS = [
  {
    id: 'audience-round-trip',
    level: 'MUST',
    area: 'stateful',
    title:
      'An audience created with a name in a project is answered, and read back by GetAudience, with that name and project ID (where the answer gives them)',
    basis: `${ROUND_TRIP}; §Audience: "projectId number, name string" (a field may be absent or null: only a present one is compared)`,
    needsFixture: 'builder.projectId',
    writes: true,
  },
  {
    id: 'created-audience-is-new',
    level: 'MUST',
    area: 'stateful',
    title:
      "CreateAudience answers a new audience: never the ID of an audience known before it (the fixtures' audiences, one read or created earlier)",
    basis: `${IF} §What the service does: "create an audience (a named contact list inside a project)": what is created did not exist before`,
    needsFixture: 'builder.projectId',
    writes: true,
  },
  {
    id: 'audience-contact-count',
    level: 'SHOULD',
    area: 'stateful',
    title: "GetAudience's audience.contactCount equals the number of contacts it returns",
    basis: `${IF} §Audience: "contactCount number" — no sentence says what it counts: "read an audience with its contacts" names the contacts, not their count, and §Limits ("size limits ... pagination bounds: not shown") lets a server cap the list it returns, so a total above the list is not a broken rule`,
  },
  {
    id: 'audience-not-answered-under-other-project',
    level: 'MUST',
    area: 'stateful',
    title:
      'GetAudience for an audience under a project it is not in is refused, or answered with that projectId; never as the audience of another project',
    basis: `${ROUND_TRIP}; §GetAudience: "Request: projectId number; audienceId number" (an audience is inside a project, and the request names the project)`,
  },
  {
    id: 'remove-contacts-removes',
    level: 'MUST',
    area: 'stateful',
    title: 'Removing contacts an audience has is answered 200, and GetAudience no longer lists them (nor later)',
    basis: `${REMOVAL}; §Wire format: "Success response: HTTP 200"`,
    needsFixture: 'builder.projectId',
    writes: true,
  },
  {
    id: 'remove-contacts-count',
    level: 'SHOULD',
    area: 'stateful',
    title: 'Removing k contacts an audience has lowers contactCount and the contacts listed by exactly k; the others stay',
    basis: `${REMOVAL} states the removal, not the arithmetic of contactCount, whose meaning no sentence gives (§Audience: "contactCount number"); that the removed contacts are gone is remove-contacts-removes (MUST)`,
    needsFixture: 'builder.projectId',
    writes: true,
  },
  {
    id: 'remove-contacts-idempotent',
    level: 'SHOULD',
    area: 'stateful',
    title: 'Removing the same contacts again is answered 200 and changes nothing',
    basis: `convention: ${IF} §Errors: "Which operation returns which error under which condition: not shown"`,
    needsFixture: 'builder.projectId',
    writes: true,
  },
] as const satisfies readonly CheckDef[];
