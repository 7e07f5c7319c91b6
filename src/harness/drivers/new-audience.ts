/**
 * created-audience-is-new: what CreateAudience creates did not exist before. The session knows the audiences
 * of the fixtures and every audience an answer showed it (safe-writes.ts); this check reads the fixtures'
 * audience, creates two audiences and fails when any CreateAudience answer of the session named a known one.
 * Such an ID is never written to, whatever this check says (the guard refuses it).
 */
import { recordOf } from '../../contract/json-values.js';
import { CreateAudience, GetAudience } from '../../contract/operations.js';
import { audienceName } from '../safe-writes.js';
import type { CheckRun } from '../session.js';

export async function checkCreatedAudienceIsNew(run: CheckRun): Promise<void> {
  const builder = run.needed('builder.projectId');
  if (builder.audienceId !== undefined)
    await run.send({ projectId: builder.projectId, audienceId: builder.audienceId }, { op: GetAudience });
  const ids: number[] = [];
  for (const n of [1, 2]) {
    const answer = await run.send(
      { projectId: builder.projectId, name: audienceName(run.config, `created-audience-is-new-${n}`) },
      { op: CreateAudience },
    );
    if (answer.status !== 200) run.skip(`CreateAudience answered ${answer.status}: response-schema judges that answer`);
    const id = recordOf(recordOf(answer.json)?.['audience'])?.['id'];
    if (typeof id === 'number') ids.push(id);
    const reused = [...run.session.audiences.reused];
    if (reused.length > 0) {
      run.fail({
        message:
          'CreateAudience must create a new audience, but it answered the ID of an audience known before the request (nothing was written to it)',
        pointer: '/audience/id',
        expected: 'an audience ID not seen before',
        actual: reused.join(', '),
      });
    }
  }
  if (ids.length === 0) run.skip('CreateAudience answered no audience.id (the document lets a field be absent)');
}
