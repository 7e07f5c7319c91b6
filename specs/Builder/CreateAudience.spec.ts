import { IF, ROUND_TRIP } from '../../src/checks/catalogue-types.js';
import { CreateAudience } from '../../src/contract/index.js';
import { describeOperation, grounded, NOT_AN_ID, ungrounded } from '../../src/harness/index.js';
import { checkAudienceModel } from '../../src/harness/drivers/audience-model.js';
import { checkCreatedAudienceIsNew } from '../../src/harness/drivers/new-audience.js';

describeOperation({
  op: CreateAudience,
  example: ({ session, generated }) => {
    const projectId = session.config.fixtures.builder?.projectId;
    if (projectId === undefined)
      return ungrounded(
        { ...generated(), projectId: NOT_AN_ID },
        'no builder project in the fixtures (audiences are only created in a project the fixtures name)',
      );
    return grounded({ projectId, name: `conformance-${session.config.seed}` });
  },
  // Safe writes: generated audiences go to the fixtures' project, never to a project ID nobody named.
  constrain: (session) => {
    const projectId = session.config.fixtures.builder?.projectId ?? NOT_AN_ID;
    return (body) => ('projectId' in body ? { ...body, projectId } : { ...body });
  },
  checks: [
    {
      id: 'audience-round-trip',
      level: 'MUST',
      area: 'stateful',
      title:
        'An audience created with a name in a project is answered, and read back by GetAudience, with that name and project ID (where the answer gives them)',
      basis: `${ROUND_TRIP}; §Audience: "projectId number, name string" (a field may be absent or null: only a present one is compared)`,
      needs: ['builder.projectId'],
      writes: true,
      run: (run) => checkAudienceModel(run, 'audience-round-trip'),
    },
    {
      id: 'created-audience-is-new',
      level: 'MUST',
      area: 'stateful',
      title:
        "CreateAudience answers a new audience: never the ID of an audience known before it (the fixtures' audiences, one read or created earlier)",
      basis: `${IF} §What the service does: "create an audience (a named contact list inside a project)": what is created did not exist before`,
      needs: ['builder.projectId'],
      writes: true,
      run: checkCreatedAudienceIsNew,
    },
  ],
});
