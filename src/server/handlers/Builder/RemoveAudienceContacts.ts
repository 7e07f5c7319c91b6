/**
 * Removes the listed contacts from the audience; IDs that are not contacts of it are ignored (removal is
 * idempotent), so contactCount drops by exactly the number of listed contacts that were there.
 */
import { RemoveAudienceContacts } from '../../../contract/operations.js';
import { defineHandler } from '../handler.js';

export const handler = defineHandler(RemoveAudienceContacts, (req, ctx) => {
  ctx.builder.noteRemoval(req.audienceId ?? 0, req.contactIds ?? []);
  const audience = ctx.builder.requireAudience(req.projectId ?? 0, req.audienceId ?? 0);
  ctx.builder.removeContacts(audience, req.contactIds ?? []);
  return { ok: true };
});
