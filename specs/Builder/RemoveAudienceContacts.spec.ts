import { RemoveAudienceContacts } from '../../src/contract/index.js';
import { describeOperation, grounded, NOT_AN_ID, ownedAudience, ungrounded } from '../../src/harness/index.js';
import { checkAudienceModel, removalRulesSideBySide } from '../../src/harness/drivers/audience-model.js';

describeOperation({
  op: RemoveAudienceContacts,
  // Safe writes: requests name an audience the suite created itself (or none at all).
  example: async ({ session, generated }) => {
    const owned = await ownedAudience(session);
    if (!owned)
      return ungrounded(
        { ...generated(), audienceId: NOT_AN_ID, contactIds: [] },
        'no builder project in the fixtures to create an audience in',
      );
    return grounded({ projectId: owned.projectId, audienceId: owned.audienceId, contactIds: owned.contactIds.slice(0, 1) });
  },
  constrain: async (session) => {
    const owned = await ownedAudience(session);
    const target = owned ? { projectId: owned.projectId, audienceId: owned.audienceId } : { audienceId: NOT_AN_ID };
    return (body) => ({ ...body, ...target });
  },
  // The model's removals also reach the fixtures' disposable audiences (and, with --allow-destructive, the
  // fixtures' audience): nothing else removes from those, and these checks share them in turn unless each can
  // have a share of its own.
  checksSideBySide: removalRulesSideBySide,
  checks: {
    'remove-contacts-removes': (run) => checkAudienceModel(run, 'remove-contacts-removes'),
    'remove-contacts-count': (run) => checkAudienceModel(run, 'remove-contacts-count'),
    'remove-contacts-idempotent': (run) => checkAudienceModel(run, 'remove-contacts-idempotent'),
  },
});
