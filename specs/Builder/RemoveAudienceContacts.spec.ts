import { RemoveAudienceContacts } from '../../src/contract/index.js';
import { describeOperation, grounded, ownedAudience, ungrounded } from '../../src/harness/index.js';

describeOperation({
  op: RemoveAudienceContacts,
  // Safe writes: only an audience the suite created itself is touched.
  example: async ({ session, generated }) => {
    const owned = await ownedAudience(session);
    if (!owned) return ungrounded({ ...generated(), contactIds: [] }, 'no builder project in the fixtures to create an audience in');
    return grounded({ projectId: owned.projectId, audienceId: owned.audienceId, contactIds: owned.contactIds.slice(0, 1) });
  },
  constrain: async (body, session, mutatedPath) => {
    // A server that reads a mangled audience ID leniently (1.5 as 1) could remove someone else's contacts:
    // such a request is not sent at all.
    if (mutatedPath === '/projectId' || mutatedPath === '/audienceId') return undefined;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
    const owned = await ownedAudience(session);
    const record = body as Record<string, unknown>;
    // Without an audience of its own the suite removes nothing: the IDs point nowhere (-1 is never an ID).
    const target = owned ? { projectId: owned.projectId, audienceId: owned.audienceId } : { audienceId: -1 };
    const rewritten: Record<string, unknown> = { ...record };
    for (const [key, value] of Object.entries(target)) if (typeof record[key] === 'number') rewritten[key] = value;
    return rewritten;
  },
});
