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
import { CreateAudience, findOperation, operationId, RemoveAudienceContacts, type OperationDef } from '../contract/operations.js';
import type { HttpOutcome } from '../transport/http-client.js';

/**
 * An ID no entity has (≤ 0): where the suite has nothing of its own to name, a request names this, so it can
 * only be refused (a Go server reads a negative into an unsigned field as a 400, a signed one finds nothing).
 */
export const NOT_AN_ID = -1;

/** What the guard needs of a session: its configuration and the audiences it created. */
export interface WriteScope {
  readonly config: RunConfig;
  readonly createdAudienceIds: ReadonlySet<number>;
}

/** An audience the user allowed the suite to remove contacts from, though the suite did not create it. */
export interface GivenAudience {
  readonly projectId: number;
  readonly audienceId: number;
  readonly why: 'disposable' | 'fixture audience, --allow-destructive';
}

const CREATE = operationId(CreateAudience);
const REMOVE = operationId(RemoveAudienceContacts);

export function writesOf(op: Pick<OperationDef, 'service' | 'method'>): boolean {
  return findOperation(`${op.service}.${op.method}`)?.writes ?? false;
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
  if (id === REMOVE && !scope.config.allowDestructive) {
    const given = new Set(givenRemovableAudiences(scope.config).map((g) => g.audienceId));
    const foreign = numbersNamed(payload, 'audienceId').filter((n) => n > 0 && !scope.createdAudienceIds.has(n) && !given.has(n));
    if (foreign.length > 0) {
      return `safe writes: ${id} would name audience ${foreign.join(', ')}, which this run did not create and the fixtures do not list as disposable (--allow-destructive allows it)`;
    }
  }
  if (id === CREATE) {
    const project = scope.config.fixtures.builder?.projectId;
    const foreign = numbersNamed(payload, 'projectId').filter((n) => n > 0 && n !== project);
    if (foreign.length > 0)
      return `safe writes: ${id} would create an audience in project ${foreign.join(', ')}, which the fixtures do not name`;
  }
  return undefined;
}

/** What the guard records of a session's Builder answers. */
export interface AudienceLedger {
  readonly createdAudienceIds: Set<number>;
  readonly knownAudienceIds: Set<number>;
  readonly reusedAudienceIds: Set<number>;
}

const audienceIdOf = (json: unknown): unknown => (json as { audience?: { id?: unknown } | null } | undefined)?.audience?.id;
const isId = (id: unknown): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0;

/**
 * Keeps the ID a CreateAudience answer reports created, so the session may remove its contacts — unless the
 * run knew that audience before (the fixtures', one read earlier, one already created): a server that answers
 * an existing ID did not create a new audience, and what the suite would write there is not its own.
 */
export function noteCreated(ledger: AudienceLedger, op: Pick<OperationDef, 'service' | 'method'>, outcome: HttpOutcome): void {
  if (`${op.service}.${op.method}` !== CREATE || !outcome.ok || outcome.response.status !== 200) return;
  const id = audienceIdOf(outcome.response.json);
  if (!isId(id)) return;
  if (ledger.knownAudienceIds.has(id)) {
    ledger.reusedAudienceIds.add(id);
    ledger.createdAudienceIds.delete(id);
    return;
  }
  ledger.knownAudienceIds.add(id);
  ledger.createdAudienceIds.add(id);
}

/** Every audience ID another Builder answer shows is known from then on: a later create may not claim it. */
export function noteAnswered(known: Set<number>, op: Pick<OperationDef, 'service' | 'method'>, outcome: HttpOutcome): void {
  if (op.service !== 'Builder' || `${op.service}.${op.method}` === CREATE || !outcome.ok || outcome.response.status !== 200) return;
  const id = audienceIdOf(outcome.response.json);
  if (isId(id)) known.add(id);
}

/**
 * Every number a lenient reader could take for `key` in the payload: any letter case (webrpc matches keys
 * ignoring case), behind escaped quotes (a body re-encoded as a string), as a quoted or fractional number
 * (read as its integer part).
 */
function numbersNamed(payload: string, key: string): number[] {
  const pattern = new RegExp(`${key}\\\\?["']?\\s*:\\s*\\\\?["']?\\s*(-?\\d+(?:\\.\\d*)?(?:[eE][+-]?\\d+)?)`, 'gi');
  return [...payload.matchAll(pattern)].map((m) => Math.trunc(Number(m[1])));
}
