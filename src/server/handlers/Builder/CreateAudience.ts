/**
 * Creates an audience in an existing project (ProjectNotFound otherwise) and answers it as created:
 * contactCount 0. The reference server then imports a few seeded contacts into it (builder-store.ts), so a
 * suite can remove contacts from an audience of its own.
 */
import { CreateAudience } from '../../../contract/operations.js';
import { toWireAudience } from '../../domain/builder-shapes.js';
import { invalidArgument } from '../../wire.js';
import { defineHandler } from '../handler.js';

export const handler = defineHandler(CreateAudience, (req, ctx) => {
  const name = (req.name ?? '').trim();
  ctx.builder.requireProject(req.projectId ?? 0);
  if (name === '') throw invalidArgument('name: must not be empty');
  const created = ctx.builder.createAudience(req.projectId ?? 0, name);
  return { audience: toWireAudience(created.audience, created.contactCount) };
});
