/**
 * remove-contacts-only-named-audience: a removal touches only the audience it names. The contacts of the
 * fixtures' bystander audience (`builder.bystanderAudience`) are named in a RemoveAudienceContacts call for an
 * audience the run creates (and proves its own), and the bystander is read before and after: a conformant
 * server leaves it as it was. Audiences the run creates have no contacts on most servers (the contract has no
 * operation that adds any), so an audience that has some must be given. Only with --allow-destructive: a
 * broken server may delete the bystander's contacts.
 */
import { Inconclusive } from '../../checks/outcomes.js';
import { recordOf } from '../../contract/json-values.js';
import { CreateAudience, GetAudience, type RemoveAudienceContacts } from '../../contract/operations.js';
import { judgeRemovalStaysInAudience, readingOf } from '../../semantics/audience-reading.js';
import type { CheckRun } from '../session.js';
import { settleEach } from './settle-each.js';
import { audienceName, givenRemovableAudiences } from '../safe-writes.js';

/** Contact IDs named in the removal: a few are enough to see where they go. */
const NAMED_CONTACTS = 3;

type Run = CheckRun<typeof RemoveAudienceContacts>;

export async function checkRemovalStaysInAudience(run: Run): Promise<void> {
  const bystander = run.config.fixtures.builder?.bystanderAudience;
  const missing = [
    ...(run.config.allowDestructive ? [] : ['--allow-destructive']),
    ...(bystander ? [] : ['a bystander audience in the fixtures (builder.bystanderAudience)']),
  ];
  if (!bystander || missing.length > 0)
    run.skip(`runs only with ${missing.join(' and ')}: it names that audience's contacts in a removal from an audience the run creates`);
  if (givenRemovableAudiences(run.config).some((given) => given.audienceId === bystander.audienceId))
    run.skip(
      `the bystander audience ${bystander.audienceId} is also one the removal checks may empty (builder.disposableAudienceIds, or builder.audienceId with --allow-destructive): give one they do not`,
    );
  const { projectId } = run.needed('builder.projectId');
  const own = await ownAudience(run, projectId);
  const read = async () => {
    const answer = await run.send(bystander, { op: GetAudience });
    if (answer.status !== 200)
      run.skip(`GetAudience answered ${answer.status} for the fixtures' bystander audience ${bystander.audienceId}`);
    return { contactIds: readingOf(answer.json).contactIds, index: answer.index };
  };
  const before = await read();
  if (before.contactIds.length === 0) run.skip(`the fixtures' bystander audience ${bystander.audienceId} has no contacts to name`);
  const named = before.contactIds.slice(0, NAMED_CONTACTS);
  // Refused or answered, the removal must leave the bystander alone: it is read again either way.
  await run.send({ projectId, audienceId: own, contactIds: named });
  const after = await read();
  // The finding shows the bystander read after the removal; the read before it is what it is compared with.
  run.restOn(before.index);
  settleEach(run, [
    {
      index: after.index,
      judgement: judgeRemovalStaysInAudience(
        { audienceId: bystander.audienceId, before: before.contactIds, after: after.contactIds },
        own,
        named,
      ),
    },
  ]);
}

/** A fresh audience of the run's own, read back: the only kind of audience the removal may name (safe-writes.ts). */
async function ownAudience(run: Run, projectId: number): Promise<number> {
  const created = await run.send({ projectId, name: audienceName(run.config, 'removal-bystander') }, { op: CreateAudience });
  if (created.status !== 200) run.skip(`CreateAudience answered ${created.status}: response-schema judges that answer`);
  const id = recordOf(recordOf(created.json)?.['audience'])?.['id'];
  if (typeof id !== 'number') run.skip('CreateAudience answered no audience.id');
  const read = await run.send({ projectId, audienceId: id }, { op: GetAudience });
  if (!run.session.audiences.isOwn(id)) throw new Inconclusive(run.session.audiences.whyNotOwn(id), read.index);
  return id;
}
