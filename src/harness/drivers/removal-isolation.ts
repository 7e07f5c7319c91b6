/**
 * remove-contacts-only-named-audience: a removal touches only the audience it names. The check creates two
 * audiences (never a fixture's), names the contacts of the second in a RemoveAudienceContacts call for the
 * first, and reads both again. Only with --allow-destructive: it sends contact IDs of one audience in a removal
 * from another, which a broken server may honour.
 */
import { recordOf } from '../../contract/json-values.js';
import { CreateAudience, GetAudience, type RemoveAudienceContacts } from '../../contract/operations.js';
import { judgeRemovalStaysInAudience, readingOf } from '../../semantics/audience-reading.js';
import type { CheckRun } from '../session.js';
import { settleEach } from './settle-each.js';
import { audienceName } from '../safe-writes.js';

/** Contact IDs named in the removal: a few are enough to see where they go. */
const NAMED_CONTACTS = 3;

export async function checkRemovalStaysInAudience(run: CheckRun<typeof RemoveAudienceContacts>): Promise<void> {
  if (!run.config.allowDestructive)
    run.skip('runs only with --allow-destructive: it names the contacts of one audience in a removal from another');
  const { projectId } = run.needed('builder.projectId');
  const created: number[] = [];
  for (const role of ['named', 'other']) {
    const answer = await run.send({ projectId, name: audienceName(run.config, `removal-${role}`) }, { op: CreateAudience });
    if (answer.status !== 200) run.skip(`CreateAudience answered ${answer.status}: response-schema judges that answer`);
    const id = recordOf(recordOf(answer.json)?.['audience'])?.['id'];
    // Only an audience this run created and read back as its own is written to: the guard of every request
    // (safe-writes.ts) errors the check, writing nothing, for any other.
    if (typeof id !== 'number') run.skip('CreateAudience answered no audience.id');
    created.push(id);
  }
  const [named, other] = created as [number, number];
  const read = async (audienceId: number) => {
    const answer = await run.send({ projectId, audienceId }, { op: GetAudience });
    if (answer.status !== 200) run.skip(`GetAudience answered ${answer.status} for audience ${audienceId}, which this run created`);
    return { contactIds: readingOf(answer.json).contactIds, index: answer.index };
  };
  const otherBefore = (await read(other)).contactIds;
  if (otherBefore.length === 0) run.skip('the audiences this run created have no contacts (the contract has no operation that adds them)');
  const namedBefore = (await read(named)).contactIds;
  const namedIds = otherBefore.slice(0, NAMED_CONTACTS);
  // Refused or answered, the removal must leave the other audience alone: both are read again.
  await run.send({ projectId, audienceId: named, contactIds: namedIds });
  const otherAfter = await read(other);
  const namedAfter = await read(named);
  settleEach(run, [
    {
      index: otherAfter.index,
      judgement: judgeRemovalStaysInAudience({ audienceId: other, before: otherBefore, after: otherAfter.contactIds }, named, namedIds),
    },
    {
      index: namedAfter.index,
      judgement: judgeRemovalStaysInAudience({ audienceId: named, before: namedBefore, after: namedAfter.contactIds }, named, namedIds),
    },
  ]);
}
