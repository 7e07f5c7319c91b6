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
  checks: {
    'audience-round-trip': (run) => checkAudienceModel(run, 'audience-round-trip'),
    'created-audience-is-new': checkCreatedAudienceIsNew,
  },
});
