import { GetAudience } from '../../src/contract/index.js';
import { describeOperation, grounded, ownedAudience, ungrounded } from '../../src/harness/index.js';

describeOperation({
  op: GetAudience,
  example: async ({ session, generated }) => {
    const builder = session.config.fixtures.builder;
    if (builder?.audienceId !== undefined) return grounded({ projectId: builder.projectId, audienceId: builder.audienceId });
    const owned = await ownedAudience(session);
    if (owned) return grounded({ projectId: owned.projectId, audienceId: owned.audienceId });
    return ungrounded(generated(), 'no builder project and audience in the fixtures');
  },
});
