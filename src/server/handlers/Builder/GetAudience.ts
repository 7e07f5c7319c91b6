/** An audience with its contacts and contracts; contactCount is the number of contacts returned. */
import { GetAudience } from '../../../contract/operations.js';
import { toWireAudience, toWireContact, toWireContract } from '../../domain/builder-shapes.js';
import { defineHandler } from '../handler.js';

export const handler = defineHandler(GetAudience, (req, ctx) => {
  const audience = ctx.builder.requireAudience(req.projectId ?? 0, req.audienceId ?? 0);
  const contacts = ctx.builder.contactsOf(audience.id);
  return {
    audience: toWireAudience(audience, contacts.length),
    contacts: contacts.map(toWireContact),
    contracts: ctx.builder.contractsOf(audience.id).map(toWireContract),
  };
});
