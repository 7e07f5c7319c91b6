import { GetAudience } from '../../src/contract/index.js';
import { describeOperation, grounded, ownedAudience, ungrounded } from '../../src/harness/index.js';
import { checkContactCount, checkOtherProject } from '../../src/harness/drivers/audience-reads.js';

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
  checks: {
    'audience-contact-count': checkContactCount,
    'audience-not-answered-under-other-project': checkOtherProject,
  },
});
