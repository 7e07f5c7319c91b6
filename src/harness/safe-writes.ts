/**
 * Safe writes (README "Safe writes"): the rules every request of the suite obeys, enforced where requests
 * leave (CheckSession.send), so a check that forgets them cannot break them.
 *
 * - `--read-only`: no request to an operation that writes (CreateAudience, RemoveAudienceContacts) is sent.
 * - RemoveAudienceContacts only names an audience the session created itself, or one the user gave up:
 *   `builder.disposableAudienceIds` in the fixtures file; with `--allow-destructive`, any audience.
 * - CreateAudience only names the fixtures' project (never a project nobody named).
 * Numbers ≤ 0 are never IDs (Go servers read a missing key as 0; unsigned fields refuse negatives), so a
 * request naming one touches nothing and is allowed: it probes the refusal paths.
 *
 * The check reads the payload as a lenient server might (any key case, quoted or fractional numbers,
 * re-encoded or malformed bodies), so a mutated request passes only when every reading is harmless.
 */
import type { RunConfig } from '../config/run-config.js';
import { recordOf, show } from '../contract/json-values.js';
import { CreateAudience, GetAudience, OPERATIONS, operationId, RemoveAudienceContacts, type OperationDef } from '../contract/operations.js';
import { madeOnce } from '../made-once.js';
import type { HttpOutcome } from '../transport/http-client.js';

/**
 * An ID no entity has (≤ 0): where the suite has nothing of its own to name, a request names this, so it can
 * only be refused (a Go server reads a negative into an unsigned field as a 400, a signed one finds nothing).
 */
export const NOT_AN_ID = -1;

/** What the guard needs of a session: its configuration and whether it may write to an audience. */
export interface WriteScope {
  readonly config: RunConfig;
  readonly audiences: Pick<AudienceLedger, 'isOwn'>;
}

/** An audience the user allowed the suite to remove contacts from, though the suite did not create it. */
export interface GivenAudience {
  readonly projectId: number;
  readonly audienceId: number;
  readonly why: 'disposable' | 'fixture audience, --allow-destructive';
}

const CREATE = operationId(CreateAudience);
const REMOVE = operationId(RemoveAudienceContacts);
const GET = operationId(GetAudience);

/** Per service, the methods that write: asked before every request, so looked up without making an id. */
const WRITING_METHODS = new Map<string, Set<string>>();
for (const op of OPERATIONS) if (op.writes) madeOnce(WRITING_METHODS, op.service, () => new Set()).add(op.method);

export function writesOf(op: Pick<OperationDef, 'service' | 'method'>): boolean {
  return WRITING_METHODS.get(op.service)?.has(op.method) ?? false;
}

/**
 * The audiences besides its own the suite may remove contacts from: the disposable ones, and with
 * --allow-destructive the fixtures' audience too. None under --read-only.
 */
export function givenRemovableAudiences(config: RunConfig): GivenAudience[] {
  const builder = config.fixtures.builder;
  if (!builder || config.readOnly) return [];
  const given: GivenAudience[] = (builder.disposableAudienceIds ?? []).map((audienceId) => ({
    projectId: builder.projectId,
    audienceId,
    why: 'disposable',
  }));
  if (config.allowDestructive && builder.audienceId !== undefined && !given.some((g) => g.audienceId === builder.audienceId)) {
    given.push({ projectId: builder.projectId, audienceId: builder.audienceId, why: 'fixture audience, --allow-destructive' });
  }
  return given;
}

/**
 * Why this request must not be sent, or undefined when it may. `payload` is the exact text that would be
 * sent (a raw body, or the JSON of the body).
 */
export function refusalOf(
  scope: WriteScope,
  op: Pick<OperationDef, 'service' | 'method'>,
  payload: string | undefined,
): string | undefined {
  const id = `${op.service}.${op.method}`;
  if (!writesOf(op)) return undefined;
  if (scope.config.readOnly) return `--read-only: ${id} writes, so it is not sent`;
  if (payload === undefined) return undefined;
  if (id === REMOVE) {
    const given = new Set(givenRemovableAudiences(scope.config).map((g) => g.audienceId));
    const foreign = numbersNamed(payload, 'audienceId')
      .filter(({ value }) => value > 0 && !scope.audiences.isOwn(value) && !given.has(value))
      .map(({ text }) => text);
    if (foreign.length > 0) {
      return `safe writes: ${id} would name audience ${foreign.join(', ')}, which this run did not create and prove its own, and the fixtures do not give up (builder.disposableAudienceIds; with --allow-destructive, builder.audienceId)`;
    }
  }
  if (id === CREATE) {
    const project = scope.config.fixtures.builder?.projectId;
    const foreign = numbersNamed(payload, 'projectId')
      .filter(({ value }) => value > 0 && value !== project)
      .map(({ text }) => text);
    if (foreign.length > 0)
      return `safe writes: ${id} would create an audience in project ${foreign.join(', ')}, which the fixtures do not name`;
  }
  return undefined;
}

/** The reason every write check gives when the server answered an audience that is not the run's own. */
export const NOT_CREATED_BY_THIS_RUN = 'the server answered an audience this run did not create; nothing written';

/**
 * A name no audience had before this run: the run's seed, its id (drawn per run; a replay takes the recorded
 * run's, so it sends the same names) and what it is for.
 */
export function audienceName(config: Pick<RunConfig, 'seed' | 'runId'>, purpose: string): string {
  return `conformance-${config.seed}-${config.runId}-${purpose}`;
}

/** How a run's writes are reported: how many were sent, to which audiences, each one the run's own. */
export interface WriteTally {
  /** CreateAudience requests sent. */
  readonly created: number;
  /** RemoveAudienceContacts requests sent that named an audience (not the probes that name none). */
  readonly removals: number;
  /** The audiences those removals named, each one this run created and proved, or one the user gave up. */
  readonly audienceIds: readonly string[];
}

interface Made {
  readonly name: string;
  readonly projectId: number;
}

const audienceIdOf = (json: unknown): unknown => recordOf(recordOf(json)?.['audience'])?.['id'];
const isId = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0;

/**
 * What a session knows of audiences, from what it sent and what was answered: which it made and proved its
 * own, which existed before. An audience is the run's own only when (1) a CreateAudience request of this
 * session, naming a name unique to the run, was answered with an ID nobody had shown before (not the
 * fixtures', not in an earlier answer, not answered twice, not another project's, an exact integer), and (2)
 * GetAudience then answered that ID with that name, in that project, with contacts that belong to it. Only
 * then may it be written to (besides audiences the user gave up, givenRemovableAudiences).
 */
export class AudienceLedger {
  /** IDs shown before they could be this session's: the fixtures', any other Builder answer's. */
  private readonly known = new Set<number>();
  /** IDs a CreateAudience answer of this session gave, first time seen, with what it was created as. */
  private readonly made = new Map<number, Made>();
  private readonly proven = new Set<number>();
  /** Why an audience a CreateAudience answer named is not the run's own. */
  private readonly doubts = new Map<string, string>();
  /** CreateAudience answers that named an audience known before (or twice): reported, never written to. */
  readonly reused = new Set<string>();
  private created = 0;
  private removals = 0;
  private readonly written = new Set<string>();

  constructor(config: RunConfig) {
    const builder = config.fixtures.builder;
    for (const id of [builder?.audienceId, ...(builder?.disposableAudienceIds ?? []), builder?.bystanderAudience?.audienceId])
      if (id !== undefined) this.known.add(id);
  }

  /** Whether this session created the audience and proved it its own (see the class). */
  isOwn(id: number): boolean {
    return this.proven.has(id);
  }

  /** Why the audience is not (or not yet) the run's own, for the errored check's message. */
  whyNotOwn(id: unknown): string {
    const doubt = this.doubts.get(String(id));
    return `${NOT_CREATED_BY_THIS_RUN} (audience ${String(id)}: ${doubt ?? 'not read back as the audience this run created'})`;
  }

  tally(): WriteTally {
    return { created: this.created, removals: this.removals, audienceIds: [...this.written] };
  }

  /**
   * Follows one exchange the session had (sent or not). `toOperation`: it went to the operation's own route (a
   * request to a URL of its own is a wire check of an unknown route, which writes nothing).
   */
  note(op: Pick<OperationDef, 'service' | 'method'>, outcome: HttpOutcome, toOperation: boolean): void {
    if (op.service !== 'Builder') return;
    const id = `${op.service}.${op.method}`;
    const sent = toOperation && !('unsent' in outcome && outcome.unsent);
    const asked = recordOf(parsedOrUndefined(outcome.request.body));
    if (id === CREATE && sent) this.created += 1;
    // Every removal sent is counted, those that name no audience (the refusal paths' probes) too; only real IDs are listed.
    if (id === REMOVE && sent) {
      this.removals += 1;
      if (isId(asked?.['audienceId'])) this.written.add(String(asked['audienceId']));
    }
    if (!outcome.ok || outcome.response.status !== 200) return;
    const json = outcome.response.json;
    if (id === CREATE) this.noteCreated(asked, json);
    else if (id === GET) this.noteReadBack(asked, json);
    const shown = audienceIdOf(json);
    if (id !== CREATE && isId(shown)) this.known.add(shown);
  }

  private noteCreated(asked: Record<string, unknown> | undefined, json: unknown): void {
    const answered = recordOf(recordOf(json)?.['audience']);
    const id = answered?.['id'];
    if (id === undefined || id === null) return;
    const doubt = (why: string) => {
      this.doubts.set(String(id), why);
      this.reused.add(String(id));
      if (typeof id === 'number') {
        this.made.delete(id);
        this.proven.delete(id);
      }
    };
    if (!isId(id)) {
      this.doubts.set(String(id), 'not an ID the suite writes to (only whole numbers below 2^53 are)');
      return;
    }
    if (this.made.has(id)) return doubt('answered to two CreateAudience requests');
    if (this.known.has(id) || this.reused.has(String(id))) return doubt('an audience known before the request');
    const name = asked?.['name'];
    const projectId = asked?.['projectId'];
    if (typeof name !== 'string' || typeof projectId !== 'number') return;
    if (answered?.['projectId'] !== undefined && answered['projectId'] !== null && answered['projectId'] !== projectId)
      return doubt(`answered as an audience of project ${show(answered['projectId'])}, not of project ${projectId}`);
    this.known.add(id);
    this.made.set(id, { name, projectId });
  }

  /** A GetAudience answer for an audience this session made proves it its own, or takes that back. */
  private noteReadBack(asked: Record<string, unknown> | undefined, json: unknown): void {
    const id = asked?.['audienceId'];
    if (typeof id !== 'number') return;
    const made = this.made.get(id);
    if (!made) return;
    const why = mismatchOf(id, made, json);
    if (why === undefined) this.proven.add(id);
    else {
      this.proven.delete(id);
      this.doubts.set(String(id), why);
    }
  }
}

/** What a read-back shows that the audience this run made would not, or undefined when it is that audience. */
function mismatchOf(id: number, made: Made, json: unknown): string | undefined {
  const body = recordOf(json);
  const audience = recordOf(body?.['audience']);
  if (!audience) return 'GetAudience answered no audience';
  const answeredId = audience['id'];
  if (answeredId !== undefined && answeredId !== null && answeredId !== id) return `GetAudience answered audience ${show(answeredId)}`;
  if (audience['name'] !== made.name) return `GetAudience answered the name ${show(audience['name'])}, not the name this run gave it`;
  const projectId = audience['projectId'];
  if (projectId !== undefined && projectId !== null && projectId !== made.projectId)
    return `GetAudience answered project ${show(projectId)}, not project ${made.projectId}`;
  const contacts = Array.isArray(body?.['contacts']) ? (body['contacts'] as unknown[]) : [];
  const strangers = contacts.map((c) => recordOf(c)?.['audienceId']).filter((a) => a !== undefined && a !== null && a !== id);
  if (strangers.length > 0) return `GetAudience listed contacts of audience ${show(strangers[0])}`;
  return undefined;
}

function parsedOrUndefined(body: string | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/**
 * Every number a lenient reader could take for `key` in the payload: any letter case (webrpc matches keys
 * ignoring case), behind escaped quotes (a body re-encoded as a string), as a quoted or fractional number
 * (read as its integer part).
 */
function numbersNamed(payload: string, key: string): { text: string; value: number }[] {
  const pattern = new RegExp(`${key}\\\\?["']?\\s*:\\s*\\\\?["']?\\s*(-?\\d+(?:\\.\\d*)?(?:[eE][+-]?\\d+)?)`, 'gi');
  // The number as sent (every digit), and as a reader would take it: an ID beyond 2^53 is nobody's to write.
  return [...payload.matchAll(pattern)].map((m) => ({ text: m[1]!, value: Math.trunc(Number(m[1])) }));
}
