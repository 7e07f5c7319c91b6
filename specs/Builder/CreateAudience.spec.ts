import { CreateAudience } from '../../src/contract/index.js';
import { describeOperation, grounded, ungrounded } from '../../src/harness/index.js';

describeOperation({
  op: CreateAudience,
  example: ({ session, generated }) => {
    const projectId = session.config.fixtures.builder?.projectId;
    if (projectId === undefined) return ungrounded(generated(), 'no builder project in the fixtures');
    return grounded({ projectId, name: `conformance-${session.config.seed}` });
  },
  // Generated audiences go to the fixtures' project, never to a project ID nobody named.
  // A mutated projectId is left as the mutation made it: creating nothing, or in no project, harms no one.
  constrain: (body, session, mutatedPath) =>
    mutatedPath === '/projectId' ? body : withProject(body, session.config.fixtures.builder?.projectId),
});

function withProject(body: unknown, projectId: number | undefined): unknown {
  if (projectId === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  return typeof record['projectId'] === 'number' ? { ...record, projectId } : body;
}
