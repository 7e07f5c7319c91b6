/** The GetAudience checks that read audiences without writing; src/semantics/audience-reading.ts reads the answers. */
import { GetAudience } from '../../contract/operations.js';
import { readingOf } from '../../semantics/audience-reading.js';
import type { CheckRun } from '../session.js';

/**
 * audience-contact-count: every GetAudience answer the check can get without writing — the operation's
 * example and each audience the fixtures name — gives a contactCount equal to the contacts it lists.
 */
export async function checkContactCount(run: CheckRun<typeof GetAudience>): Promise<void> {
  const example = await run.example();
  const answers: { what: string; json: unknown; index: number | undefined }[] = [
    { what: 'the example audience', json: example.json, index: run.lastExchange },
  ];
  const builder = run.config.fixtures.builder;
  const asked = example.body.audienceId;
  if (builder) {
    const named = [...new Set([builder.audienceId, ...(builder.disposableAudienceIds ?? [])])];
    for (const audienceId of named) {
      if (audienceId === undefined || audienceId === asked) continue;
      const answer = await run.send({ projectId: builder.projectId, audienceId }, { op: GetAudience });
      if (answer.status === 200) answers.push({ what: `fixture audience ${audienceId}`, json: answer.json, index: answer.index });
    }
  }
  let judged = 0;
  for (const { what, json, index } of answers) {
    const reading = readingOf(json);
    if (reading.contactCount === undefined) continue;
    judged += 1;
    if (reading.contactCount !== reading.listed) {
      if (index !== undefined) run.adopt(index);
      run.fail({
        message: `${what}: contactCount should be the number of contacts the answer lists`,
        pointer: '/audience/contactCount',
        expected: reading.listed,
        actual: reading.contactCount,
      });
    }
  }
  if (judged === 0) run.skip('no GetAudience answer carried a contactCount (the document lets a field be absent)');
}

/**
 * audience-not-answered-under-other-project: the example audience, asked for under another project (one more
 * than its own), is refused or answered as that project's — never as the audience of the project it is in.
 * Reads only.
 */
export async function checkOtherProject(run: CheckRun<typeof GetAudience>): Promise<void> {
  const { body, json } = await run.example();
  const own = readingOf(json).projectId ?? body.projectId;
  const { audienceId } = body;
  if (typeof own !== 'number' || typeof audienceId !== 'number') run.skip('the example names no numeric project and audience');
  const other = own + 1;
  const answer = await run.send({ projectId: other, audienceId }, { op: GetAudience });
  if (answer.status !== 200) return;
  const reading = readingOf(answer.json);
  if (reading.projectId === undefined) {
    if (reading.id === undefined) return; // an empty answer: no audience under that project
    run.skip(`asked under project ${other}, the audience was answered without a projectId to compare`);
  }
  if (reading.projectId !== other) {
    run.fail({
      message: `audience ${audienceId} of project ${own}, asked for under project ${other}, must not be answered as another project's`,
      pointer: '/audience/projectId',
      expected: other,
      actual: reading.projectId,
    });
  }
}
