import { IF } from '../../src/checks/catalogue-types.js';
import { RemoveAudienceContacts } from '../../src/contract/index.js';
import { describeOperation, grounded, NOT_AN_ID, ownedAudience, ungrounded } from '../../src/harness/index.js';
import { checkAudienceModel, removalRulesSideBySide } from '../../src/harness/drivers/audience-model.js';
import { checkRemovalStaysInAudience } from '../../src/harness/drivers/removal-isolation.js';

const REMOVAL = `${IF} §What the service does: "remove contacts from an audience"`;

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
  checks: [
    {
      id: 'remove-contacts-removes',
      level: 'MUST',
      area: 'stateful',
      title: 'Removing contacts an audience has is answered 200, and GetAudience no longer lists them (nor later)',
      basis: `${REMOVAL}; §Wire format: "| Success response | HTTP 200, JSON object |"`,
      needs: ['builder.projectId'],
      writes: true,
      run: (run) => checkAudienceModel(run, 'remove-contacts-removes'),
    },
    {
      id: 'remove-contacts-count',
      level: 'SHOULD',
      area: 'stateful',
      title: 'Removing k contacts an audience has lowers contactCount and the contacts listed by exactly k; the others stay',
      basis: `${REMOVAL} states the removal, not the arithmetic of contactCount, whose meaning no sentence gives (§Audience: "contactCount number"); that the removed contacts are gone is remove-contacts-removes (MUST)`,
      needs: ['builder.projectId'],
      writes: true,
      run: (run) => checkAudienceModel(run, 'remove-contacts-count'),
    },
    {
      id: 'remove-contacts-only-named-audience',
      level: 'MUST',
      area: 'stateful',
      title:
        "A removal touches only the audience it names: another audience's contacts named in it stay where they are (the fixtures' bystander audience, named in a removal from an audience the run creates; only with --allow-destructive)",
      basis: `${REMOVAL}: the audience the request names (§RemoveAudienceContacts: "Request: projectId number; audienceId number; contactIds array of number")`,
      needs: ['builder.projectId'],
      writes: true,
      run: checkRemovalStaysInAudience,
    },
    {
      id: 'remove-contacts-idempotent',
      level: 'SHOULD',
      area: 'stateful',
      title: 'Removing the same contacts again is answered 200 and changes nothing',
      basis: `convention: ${IF} §Errors: "Which operation returns which error under which condition: not shown"`,
      needs: ['builder.projectId'],
      writes: true,
      run: (run) => checkAudienceModel(run, 'remove-contacts-idempotent'),
    },
  ],
});
