/**
 * Builder audiences as state, tested model-based (fast-check `commands` + `asyncModelRun`): each run creates
 * an audience in the fixtures' project and reads it back, then plays a short random sequence of reads,
 * removals and repeated removals against what the model expects.
 *
 * One check = one rule: a check runs the model with its rule and judges only that rule, and the model follows
 * what the server answers after every step, so a server that breaks one rule fails exactly one check.
 *
 * Safe writes: the model removes contacts only from audiences this run created, and — for the removal rules —
 * from the audiences the user gave up (fixtures' `disposableAudienceIds`; with --allow-destructive the
 * fixtures' audience too). Those are touched by nothing else that runs concurrently: the round-trip rule (in
 * another spec file) only ever touches audiences it created, and the removal rules either take turns or, when
 * each can have audiences of its own, run side by side on their own shares.
 */
import fc from 'fast-check';
import { recordOf } from '../../contract/json-values.js';
import { CreateAudience, GetAudience, RemoveAudienceContacts } from '../../contract/operations.js';
import { readingOf, type AudienceReading } from '../../semantics/audience-reading.js';
import type { HttpResponse } from '../../transport/http-client.js';
import { Inconclusive, Skip, type ViolationDetail } from '../../checks/outcomes.js';
import { assertProperty } from '../property.js';
import { audienceName, givenRemovableAudiences } from '../safe-writes.js';
import { deriveSeed } from '../seeds.js';
import type { CheckRun } from '../session.js';
import type { RunConfig } from '../../config/run-config.js';

export type AudienceRule = 'audience-round-trip' | RemovalRule;
const REMOVAL_RULES = ['remove-contacts-removes', 'remove-contacts-count', 'remove-contacts-idempotent'] as const;
type RemovalRule = (typeof REMOVAL_RULES)[number];

/**
 * Whether the removal rules can each have audiences of their own, and so run side by side: when the user gave
 * no audience (each rule removes only from those it creates) or at least one per rule (each gets its share).
 * With fewer, the rules share what was given and must take turns.
 */
export function removalRulesSideBySide(config: RunConfig): boolean {
  const given = givenRemovableAudiences(config).length;
  return given === 0 || given >= REMOVAL_RULES.length;
}

/** The given audiences `rule` may remove from: its share when the rules run side by side, else all of them. */
function givenFor(rule: AudienceRule, config: RunConfig): ReturnType<typeof givenRemovableAudiences> {
  if (rule === 'audience-round-trip') return [];
  const given = givenRemovableAudiences(config);
  if (!removalRulesSideBySide(config)) return given;
  const share = REMOVAL_RULES.indexOf(rule);
  return given.filter((_, i) => i % REMOVAL_RULES.length === share);
}

/** Commands per run after the setup (create + read); short, so a counterexample reads at a glance. */
const MAX_COMMANDS = 8;
/** Audiences a run may create besides the setup's: the contract has no way to delete them. */
const MAX_EXTRA_AUDIENCES = 1;

/** What the model knows of one audience. */
interface AudienceState {
  readonly label: string;
  readonly projectId: number;
  readonly audienceId: number;
  /** The name this run gave it; undefined for an audience the user gave. */
  readonly name: string | undefined;
  /** The contacts of the last read (numeric IDs, ascending); undefined before the first. */
  contactIds: readonly number[] | undefined;
  listed: number;
  contactCount: number | undefined;
  /** Contacts this run removed: they stay removed. */
  readonly removed: Set<number>;
  /** The IDs of the last removal answered 200: what a repeated removal sends. */
  lastRemoval: readonly number[] | undefined;
}

interface AudienceModel {
  readonly audiences: AudienceState[];
  extraAudiences: number;
}

/** The system under test as the commands see it: the check's run, and what this run did (for messages). */
interface System {
  readonly run: CheckRun;
  readonly rule: AudienceRule;
  readonly projectId: number;
  readonly steps: string[];
  /** Across all runs of the check: rule judgements made, and whether any audience had contacts to remove. */
  readonly tally: { judged: number; contacts: boolean };
  readonly names: () => string;
}

type Command = fc.AsyncCommand<AudienceModel, System>;

/**
 * Runs `run.config.runs` model runs for `rule` (seeded from the run's seed) and fails, shrunk to the shortest
 * sequence, on the first step that breaks it; when none of them judged a removal rule, a removal and its repeat
 * are played once. Skips when there is no project to create audiences in, when the server refuses to create
 * one, or when nothing judged the rule (no audience with contacts to remove).
 */
export async function checkAudienceModel(run: CheckRun, rule: AudienceRule): Promise<void> {
  const { projectId } = run.needed('builder.projectId');
  const given = givenFor(rule, run.config);
  const tally = { judged: 0, contacts: false };
  let created = 0;
  const names = () => audienceName(run.config, `${rule}-${++created}`);
  let refused: Skip | undefined;

  const play = async (commands: Iterable<Command>): Promise<void> => {
    if (refused) return;
    const sys: System = { run, rule, projectId, steps: [], tally, names };
    try {
      await fc.asyncModelRun(async () => ({ model: await setup(sys, given), real: sys }), commands);
    } catch (error) {
      if (!(error instanceof Skip)) throw error;
      refused = error;
    }
  };
  await assertProperty(run, fc.commands(commandsFor(rule), { maxCommands: MAX_COMMANDS }), play, {
    seed: deriveSeed(run.config.seed, run.session.operationId, 'audience-model', rule),
    numRuns: run.config.runs,
  });
  // Few drawn runs may make no removal, or never repeat one, which decides nothing: a removal and its repeat
  // are then played once more, as a sequence of their own.
  if (tally.judged === 0 && tally.contacts && rule !== 'audience-round-trip') await play(removalAndRepeat());
  if (tally.judged === 0) run.skip(refused?.reason ?? nothingJudged(rule, tally.contacts));
}

function nothingJudged(rule: AudienceRule, sawContacts: boolean): string {
  if (rule === 'audience-round-trip') return "no answer gave the audience's name or project ID (the document lets a field be absent)";
  if (!sawContacts) {
    return 'no audience with contacts to remove: audiences the suite creates have none on this server; name a disposable audience in the fixtures (builder.disposableAudienceIds)';
  }
  return rule === 'remove-contacts-idempotent' ? 'no removal was answered 200: there was none to repeat' : 'no removal could be made';
}

/** One contact removed from the first audience with contacts, read back, then the same removal sent again. */
const removalAndRepeat = (): Command[] => [new RemoveContacts(0, [0]), new RemoveAgain(0)];

function commandsFor(rule: AudienceRule): fc.Arbitrary<Command>[] {
  const which = fc.nat({ max: 7 });
  const read = which.map((i): Command => new ReadAudience(i));
  const remove = fc
    .tuple(which, fc.array(fc.nat({ max: 15 }), { minLength: 1, maxLength: 3 }))
    .map(([i, picks]): Command => new RemoveContacts(i, picks));
  const again = which.map((i): Command => new RemoveAgain(i));
  if (rule === 'audience-round-trip') return [fc.constant(null).map((): Command => new CreateAnother()), read, remove, again];
  // Removals weighted up: they are what the removal rules are about.
  return [read, remove, remove, again, again];
}

/** Each run: a new audience, created and read back; for the removal rules also the audiences the user gave. */
async function setup(sys: System, given: ReturnType<typeof givenRemovableAudiences>): Promise<AudienceModel> {
  const model: AudienceModel = { audiences: [], extraAudiences: 0 };
  const audience = await create(sys, model);
  sync(sys, audience, await read(sys, audience));
  mustBeOwn(sys, audience);
  for (const g of given) {
    const state = newState(`${g.why} audience ${g.audienceId}`, g.projectId, g.audienceId, undefined);
    const { reading } = await tryRead(sys, state);
    // An audience the fixtures name but the server does not know is left out, not a reason to fail.
    if (reading) {
      sync(sys, state, reading);
      model.audiences.push(state);
    }
  }
  return model;
}

class CreateAnother implements Command {
  check(m: Readonly<AudienceModel>): boolean {
    return m.extraAudiences < MAX_EXTRA_AUDIENCES;
  }

  async run(m: AudienceModel, sys: System): Promise<void> {
    m.extraAudiences += 1;
    await create(sys, m);
  }

  toString(): string {
    return 'create';
  }
}

class ReadAudience implements Command {
  constructor(private readonly which: number) {}

  check(m: Readonly<AudienceModel>): boolean {
    return m.audiences.length > 0;
  }

  async run(m: AudienceModel, sys: System): Promise<void> {
    const audience = m.audiences[this.which % m.audiences.length]!;
    sync(sys, audience, await read(sys, audience));
  }

  toString(): string {
    return `read(${this.which})`;
  }
}

class RemoveContacts implements Command {
  constructor(
    private readonly which: number,
    private readonly picks: readonly number[],
  ) {}

  check(m: Readonly<AudienceModel>): boolean {
    return withContacts(m).length > 0;
  }

  async run(m: AudienceModel, sys: System): Promise<void> {
    const candidates = withContacts(m);
    const audience = candidates[this.which % candidates.length]!;
    const before = audience.contactIds!;
    const ids = [...new Set(this.picks.map((p) => before[p % before.length]!))];
    const k = ids.length;
    const answer = await removal(sys, audience, ids);
    judge(sys, 'remove-contacts-removes', answer.status === 200, {
      message: `removing ${k} contact(s) the audience has must be answered 200`,
      pointer: '',
      expected: 200,
      actual: statusOf(answer),
    });
    const after = await read(sys, audience);
    if (answer.status === 200) {
      const still = ids.filter((id) => after.contactIds.includes(id));
      judge(sys, 'remove-contacts-removes', still.length === 0, {
        message: `after RemoveAudienceContacts answered 200, GetAudience must no longer list the removed contacts`,
        pointer: '/contacts',
        expected: `none of the IDs ${ids.join(', ')}`,
        actual: `still listed: ${still.join(', ')}`,
      });
      const kept = before.filter((id) => !ids.includes(id));
      const lost = kept.filter((id) => !after.contactIds.includes(id));
      judge(sys, 'remove-contacts-count', lost.length === 0, {
        message: `removing contact(s) ${ids.join(', ')} should leave the audience's other contacts listed`,
        pointer: '/contacts',
        expected: `still listed: ${lost.join(', ')}`,
        actual: 'no longer listed',
      });
      judge(sys, 'remove-contacts-count', after.listed === audience.listed - k, {
        message: `removing ${k} listed contact(s) should shorten the contacts by exactly ${k}`,
        pointer: '/contacts',
        expected: `${audience.listed - k} contacts`,
        actual: `${after.listed} contacts`,
      });
      if (audience.contactCount !== undefined && after.contactCount !== undefined) {
        judge(sys, 'remove-contacts-count', after.contactCount === audience.contactCount - k, {
          message: `removing ${k} contact(s) should lower contactCount by exactly ${k}`,
          pointer: '/audience/contactCount',
          expected: audience.contactCount - k,
          actual: after.contactCount,
        });
      }
      for (const id of ids) audience.removed.add(id);
      audience.lastRemoval = ids;
    }
    sync(sys, audience, after);
  }

  toString(): string {
    return `remove(${this.which}, [${this.picks.join(',')}])`;
  }
}

class RemoveAgain implements Command {
  constructor(private readonly which: number) {}

  check(m: Readonly<AudienceModel>): boolean {
    return repeatable(m).length > 0;
  }

  async run(m: AudienceModel, sys: System): Promise<void> {
    const candidates = repeatable(m);
    const audience = candidates[this.which % candidates.length]!;
    const ids = audience.lastRemoval!;
    const answer = await removal(sys, audience, ids);
    judge(sys, 'remove-contacts-idempotent', answer.status === 200, {
      message: 'removing contacts that are already gone should be answered 200: there is nothing left to do, which is not an error',
      pointer: '',
      expected: 200,
      actual: statusOf(answer),
    });
    const after = await read(sys, audience);
    if (answer.status === 200) {
      judge(sys, 'remove-contacts-idempotent', sameIds(after.contactIds, audience.contactIds ?? []), {
        message: 'removing the same contacts again should change nothing',
        pointer: '/contacts',
        expected: `contact IDs ${(audience.contactIds ?? []).join(', ') || 'none'}`,
        actual: `contact IDs ${after.contactIds.join(', ') || 'none'}`,
      });
      if (audience.contactCount !== undefined && after.contactCount !== undefined) {
        judge(sys, 'remove-contacts-idempotent', after.contactCount === audience.contactCount, {
          message: 'removing the same contacts again should leave contactCount as it was',
          pointer: '/audience/contactCount',
          expected: audience.contactCount,
          actual: after.contactCount,
        });
      }
    }
    sync(sys, audience, after);
  }

  toString(): string {
    return `removeAgain(${this.which})`;
  }
}

const withContacts = (m: Readonly<AudienceModel>) => m.audiences.filter((a) => (a.contactIds?.length ?? 0) > 0);
const repeatable = (m: Readonly<AudienceModel>) => m.audiences.filter((a) => a.lastRemoval !== undefined && a.lastRemoval.length > 0);

function newState(label: string, projectId: number, audienceId: number, name: string | undefined): AudienceState {
  return {
    label,
    projectId,
    audienceId,
    name,
    contactIds: undefined,
    listed: 0,
    contactCount: undefined,
    removed: new Set(),
    lastRemoval: undefined,
  };
}

function sync(sys: System, audience: AudienceState, reading: AudienceReading): void {
  if (reading.contactIds.length > 0) sys.tally.contacts = true;
  audience.contactIds = reading.contactIds;
  audience.listed = reading.listed;
  audience.contactCount = reading.contactCount;
}

/** Creates an audience with a fresh name in the fixtures' project; judges the answer's name and project ID. */
async function create(sys: System, model: AudienceModel): Promise<AudienceState> {
  const name = sys.names();
  const answer = await sys.run.send({ projectId: sys.projectId, name }, { op: CreateAudience });
  sys.steps.push(`CreateAudience "${name}" → ${statusOf(answer)}`);
  if (answer.status !== 200) {
    throw new Skip(
      `CreateAudience in project ${sys.projectId} answered ${statusOf(answer)}: there is no audience to follow (response-schema judges that answer)`,
    );
  }
  const audience = recordOf(recordOf(answer.json)?.['audience']);
  const id = audience?.['id'];
  if (id === undefined || id === null)
    throw new Skip('CreateAudience answered no audience.id (the document lets a field be absent): the audience cannot be read back');
  const ledger = sys.run.session.audiences;
  // Not an audience this run made (known before, answered twice, another project's, not exact): nothing more
  // is sent about it, not even a read (created-audience-is-new reports the answer).
  if (typeof id !== 'number' || ledger.reused.has(String(id)) || !Number.isSafeInteger(id))
    throw new Inconclusive(ledger.whyNotOwn(id), sys.run.lastExchange);
  compareRoundTrip(sys, { name, projectId: sys.projectId }, audience?.['name'], audience?.['projectId'], '/audience', 'CreateAudience');
  const state = newState(`created audience ${id}`, sys.projectId, id, name);
  model.audiences.push(state);
  return state;
}

/** Reads an audience and judges what every read of it must show; a read that fails ends the run (undecidable). */
async function read(sys: System, audience: AudienceState): Promise<AudienceReading> {
  const { reading, status } = await tryRead(sys, audience);
  if (reading) return reading;
  if (audience.name !== undefined) {
    judge(sys, 'audience-round-trip', false, {
      message: 'an audience this run created must be readable with GetAudience',
      pointer: '',
      expected: 200,
      actual: status,
    });
  }
  throw new Inconclusive(`GetAudience of ${audience.label} answered ${status}: the model cannot follow the audience`, sys.run.lastExchange);
}

async function tryRead(sys: System, audience: AudienceState): Promise<{ reading: AudienceReading | undefined; status: string }> {
  const answer = await sys.run.send({ projectId: audience.projectId, audienceId: audience.audienceId }, { op: GetAudience });
  const status = statusOf(answer);
  sys.steps.push(`GetAudience ${audience.label} → ${status}`);
  if (answer.status !== 200 || recordOf(answer.json) === undefined) return { reading: undefined, status };
  const reading = readingOf(answer.json);
  if (audience.name !== undefined) {
    compareRoundTrip(
      sys,
      { name: audience.name, projectId: audience.projectId },
      reading.name,
      reading.projectId,
      '/audience',
      'GetAudience',
    );
    if (reading.id !== undefined) {
      judge(sys, 'audience-round-trip', reading.id === audience.audienceId, {
        message: 'GetAudience must answer the audience it was asked for',
        pointer: '/audience/id',
        expected: audience.audienceId,
        actual: reading.id,
      });
    }
  }
  if (audience.removed.size > 0) {
    const back = reading.contactIds.filter((id) => audience.removed.has(id));
    judge(sys, 'remove-contacts-removes', back.length === 0, {
      message: 'contacts removed earlier in this run must stay removed',
      pointer: '/contacts',
      expected: `none of the removed IDs ${[...audience.removed].join(', ')}`,
      actual: `listed again: ${back.join(', ')}`,
    });
  }
  return { reading, status };
}

function compareRoundTrip(
  sys: System,
  given: { name: string; projectId: number },
  name: unknown,
  projectId: unknown,
  at: string,
  where: string,
): void {
  if (name !== undefined) {
    judge(sys, 'audience-round-trip', name === given.name, {
      message: `${where} must answer the name the audience was created with`,
      pointer: `${at}/name`,
      expected: given.name,
      actual: name,
    });
  }
  if (projectId !== undefined) {
    judge(sys, 'audience-round-trip', projectId === given.projectId, {
      message: `${where} must answer the project the audience was created in`,
      pointer: `${at}/projectId`,
      expected: given.projectId,
      actual: projectId,
    });
  }
}

/**
 * An audience this run created is written to only once read back as the one it made (safe-writes.ts): else
 * the check ends errored, nothing sent. The guard refuses such a write anyway; this says why, as a verdict.
 */
function mustBeOwn(sys: System, audience: AudienceState): void {
  if (audience.name === undefined) return;
  const ledger = sys.run.session.audiences;
  if (!ledger.isOwn(audience.audienceId)) throw new Inconclusive(ledger.whyNotOwn(audience.audienceId), sys.run.lastExchange);
}

async function removal(sys: System, audience: AudienceState, ids: readonly number[]): Promise<HttpResponse & { index: number }> {
  mustBeOwn(sys, audience);
  const answer = await sys.run.send(
    { projectId: audience.projectId, audienceId: audience.audienceId, contactIds: ids },
    { op: RemoveAudienceContacts },
  );
  sys.steps.push(`RemoveAudienceContacts ${audience.label} [${ids.join(', ')}] → ${statusOf(answer)}`);
  return answer;
}

/** Fails the check when `rule` is the one it tests and the rule does not hold; other rules are not judged. */
function judge(sys: System, rule: AudienceRule, holds: boolean, detail: ViolationDetail): void {
  if (rule !== sys.rule) return;
  sys.tally.judged += 1;
  if (holds) return;
  const steps = sys.steps.length > 8 ? ['…', ...sys.steps.slice(-8)] : sys.steps;
  sys.run.fail({ ...detail, message: `${detail.message} (steps: ${steps.join('; ')})` });
}

function statusOf(answer: HttpResponse): string {
  const error = recordOf(answer.json)?.['error'];
  return `${answer.status}${typeof error === 'string' ? ` ${error}` : ''}`;
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
