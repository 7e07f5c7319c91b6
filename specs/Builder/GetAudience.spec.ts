import { IF, ROUND_TRIP } from '../../src/checks/catalogue-types.js';
import { GetAudience } from '../../src/contract/index.js';
import { describeOperation, grounded, ownedAudience, ungrounded } from '../../src/harness/index.js';
import { checkContactCount, checkOtherProject } from '../../src/harness/drivers/audience-reads.js';
import { settle } from '../../src/harness/drivers/settle.js';
import { judgeContactsOfAudience, judgeContractsOfAudience } from '../../src/semantics/audience-reading.js';

describeOperation({
  op: GetAudience,
  example: async ({ session, generated }) => {
    const builder = session.config.fixtures.builder;
    if (builder?.audienceId !== undefined) return grounded({ projectId: builder.projectId, audienceId: builder.audienceId });
    // Creates an audience (not under --read-only): then the example reads what the suite wrote itself.
    const owned = await ownedAudience(session);
    if (owned) return grounded({ projectId: owned.projectId, audienceId: owned.audienceId });
    return ungrounded(generated(), 'no builder project and audience in the fixtures');
  },
  checks: [
    {
      id: 'audience-contact-count',
      level: 'SHOULD',
      area: 'stateful',
      title: "GetAudience's audience.contactCount equals the number of contacts it returns",
      basis: `${IF} §Audience: "contactCount number" — no sentence says what it counts: "read an audience with its contacts" names the contacts, not their count, and §Limits ("size limits ... pagination bounds and time-outs: not shown") lets a server cap the list it returns, so a total above the list is not a broken rule`,
      run: checkContactCount,
    },
    {
      id: 'audience-contacts-of-audience',
      level: 'MUST',
      area: 'stateful',
      title: "Every contact GetAudience returns is a contact of the audience asked for: its audienceId is that audience's id",
      basis: `${ROUND_TRIP}; §Contact: "audienceId number"`,
      async run(run) {
        const { body, json } = await run.example();
        const audienceId = typeof body.audienceId === 'number' ? body.audienceId : run.skip('the example names no numeric audience');
        settle(run, judgeContactsOfAudience(json, audienceId));
      },
    },
    {
      id: 'audience-contracts-of-audience',
      level: 'MUST',
      area: 'stateful',
      title:
        "Every contract GetAudience returns with an audienceId is a contract of the audience asked for: that audienceId is the audience's id (0, a Go server's none, says nothing)",
      basis: `${ROUND_TRIP}; §Contract: "audienceId number"`,
      async run(run) {
        const { body, json } = await run.example();
        const audienceId = typeof body.audienceId === 'number' ? body.audienceId : run.skip('the example names no numeric audience');
        settle(run, judgeContractsOfAudience(json, audienceId));
      },
    },
    {
      id: 'audience-not-answered-under-other-project',
      level: 'MUST',
      area: 'stateful',
      title:
        'GetAudience for an audience under a project it is not in is refused, or answered with that projectId; never as the audience of another project',
      basis: `${ROUND_TRIP}; §GetAudience: "Request: projectId number; audienceId number" (an audience is inside a project, and the request names the project)`,
      run: checkOtherProject,
    },
  ],
});
