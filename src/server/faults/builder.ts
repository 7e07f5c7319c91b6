/**
 * Faults that prove the Builder checks can fail: each breaks one rule of audiences as state.
 *
 * Transform hooks only see one answer at a time, so a fault that breaks a rule across requests (a removal
 * that does not stick, a repeat that is refused) keeps what it has seen in its own closure. Those faults
 * build fresh hooks on every read of `hooks`, so each server started with them starts with an empty memory.
 */
import { recordOf } from '../../contract/json-values.js';
import type { Fault } from './fault.js';
import type { FaultHooks, RequestContext, WireResponse } from '../types.js';
import { answer, onSuccess, parse } from './kit.js';

const CREATE = 'Builder.CreateAudience';
const GET = 'Builder.GetAudience';
const REMOVE = 'Builder.RemoveAudienceContacts';
/** Every fault runs all three operations, so "exactly these checks fail" covers the other Builder checks too. */
const BUILDER = [CREATE, GET, REMOVE] as const;
const ONE = ['polygon'] as const;

type Json = Record<string, unknown>;
const idOf = (contact: unknown): unknown => recordOf(contact)?.['id'];

/** The audience a Builder request names (`projectId:audienceId`) and the contacts it lists. */
function requestOf(ctx: RequestContext): { key: string; contactIds: number[] } {
  const body = recordOf(parse(ctx.rawBody)) ?? {};
  const ids = Array.isArray(body['contactIds']) ? body['contactIds'].filter((id): id is number => typeof id === 'number') : [];
  return { key: `${String(body['projectId'])}:${String(body['audienceId'])}`, contactIds: ids };
}

/** A 200 answer of `operation` with a JSON object body, else undefined. */
function successBody(ctx: RequestContext, response: WireResponse, operation: string): Json | undefined {
  return ctx.operation === operation && response.status === 200 ? recordOf(response.body) : undefined;
}

/** Sets a GetAudience answer's contacts, moving contactCount by as many as were added or taken away. */
function setContacts(body: Json, contacts: unknown[]): void {
  const before = Array.isArray(body['contacts']) ? body['contacts'].length : 0;
  body['contacts'] = contacts;
  const audience = recordOf(body['audience']);
  if (audience && typeof audience['contactCount'] === 'number') audience['contactCount'] += contacts.length - before;
}

const contactsOf = (body: Json): unknown[] => (Array.isArray(body['contacts']) ? [...body['contacts']] : []);

/** Every contact ID a removal named is gone from every GetAudience answer afterwards, whatever audience it is in. */
function removalReachesEveryAudience(): FaultHooks {
  return removalReaches(() => true);
}

/**
 * A removal also takes the contacts it names out of audiences that existed before the run (not out of those
 * CreateAudience made): what a check naming only audiences the run creates never sees.
 */
function removalReachesExistingAudiences(): FaultHooks {
  const created = new Set<string>();
  return removalReaches((ctx, response) => {
    const made = successBody(ctx, response, CREATE);
    const id = recordOf(made?.['audience'])?.['id'];
    if (id !== undefined) created.add(String(id));
    return !created.has(String(recordOf(parse(ctx.rawBody))?.['audienceId']));
  });
}

/** Contact IDs a removal named are gone from the GetAudience answers `reaches` picks (it sees every answer). */
function removalReaches(reaches: (ctx: RequestContext, response: WireResponse) => boolean): FaultHooks {
  const named = new Set<number>();
  return {
    transform: (ctx, response) => {
      if (successBody(ctx, response, REMOVE)) for (const id of requestOf(ctx).contactIds) named.add(id);
      const body = reaches(ctx, response) ? successBody(ctx, response, GET) : undefined;
      if (body)
        setContacts(
          body,
          contactsOf(body).filter((contact) => !named.has(idOf(contact) as number)),
        );
      return response;
    },
  };
}

/** RemoveAudienceContacts answers ok, but GetAudience goes on listing (and counting) what was removed. */
function removalHasNoEffect(): FaultHooks {
  const seen = new Map<string, Map<unknown, unknown>>();
  const removed = new Map<string, Set<number>>();
  return {
    transform: (ctx, response) => {
      const { key, contactIds } = requestOf(ctx);
      if (successBody(ctx, response, REMOVE)) removed.set(key, new Set([...(removed.get(key) ?? []), ...contactIds]));
      const body = successBody(ctx, response, GET);
      if (body) {
        const known = seen.get(key) ?? new Map<unknown, unknown>();
        const contacts = contactsOf(body);
        const listed = new Set(contacts.map(idOf));
        const restored = [...(removed.get(key) ?? [])].filter((id) => !listed.has(id) && known.has(id)).map((id) => known.get(id));
        setContacts(body, [...contacts, ...restored]);
        for (const contact of contactsOf(body)) known.set(idOf(contact), contact);
        seen.set(key, known);
      }
      return response;
    },
  };
}

/** After a removal that took contacts away, GetAudience stops listing (and counting) one more contact. */
function removalTakesOneMore(): FaultHooks {
  const lastSeen = new Map<string, Set<unknown>>();
  const hidden = new Map<string, Set<unknown>>();
  const pending = new Map<string, Set<unknown>>();
  return {
    transform: (ctx, response) => {
      const { key, contactIds } = requestOf(ctx);
      if (successBody(ctx, response, REMOVE) && contactIds.some((id) => lastSeen.get(key)?.has(id))) pending.set(key, new Set(contactIds));
      const body = successBody(ctx, response, GET);
      if (body) {
        const gone = hidden.get(key) ?? new Set<unknown>();
        let contacts = contactsOf(body).filter((c) => !gone.has(idOf(c)));
        const asked = pending.get(key);
        const extra = asked ? contacts.find((c) => !asked.has(idOf(c))) : undefined;
        if (extra !== undefined) {
          gone.add(idOf(extra));
          contacts = contacts.filter((c) => c !== extra);
        }
        pending.delete(key);
        hidden.set(key, gone);
        setContacts(body, contacts);
        lastSeen.set(key, new Set(contacts.map(idOf)));
      }
      return response;
    },
  };
}

/** A removal naming only contacts an earlier removal already took is refused with NotFound. */
function repeatedRemovalRefused(): FaultHooks {
  const gone = new Map<string, Set<number>>();
  return {
    transform: (ctx, response) => {
      if (!successBody(ctx, response, REMOVE)) return response;
      const { key, contactIds } = requestOf(ctx);
      const before = gone.get(key) ?? new Set<number>();
      if (contactIds.length > 0 && contactIds.every((id) => before.has(id))) return answer('NotFound');
      gone.set(key, new Set([...before, ...contactIds]));
      return response;
    },
  };
}

/** GetAudience finds an audience by its ID alone: under any project it answers what it once answered. */
function audienceIgnoresProject(): FaultHooks {
  const answered = new Map<unknown, WireResponse>();
  return {
    transform: (ctx, response) => {
      if (ctx.operation !== GET) return response;
      const audienceId = recordOf(parse(ctx.rawBody))?.['audienceId'];
      if (response.status === 200) answered.set(audienceId, structuredClone(response));
      // Only the operation's own refusals (an audience not in that project); wire and key refusals stand.
      else if (answered.has(audienceId) && ['NotFound', 'ProjectNotFound'].includes(String(recordOf(response.body)?.['error']))) {
        return structuredClone(answered.get(audienceId)!);
      }
      return response;
    },
  };
}

const editAudience = (operation: string, edit: (audience: Json) => void) =>
  onSuccess(operation, (body) => {
    const audience = recordOf(body['audience']);
    if (audience) edit(audience);
  });

/** The reference server numbers its seeded audiences from 1: its own fixtures name audience 1 (builder.audienceId). */
const SEEDED_AUDIENCE_ID = 1;

export const BUILDER_FAULTS: readonly Fault[] = [
  {
    name: 'create-answers-existing-audience',
    description: 'CreateAudience answers the ID of the seeded audience the fixtures name, not of the audience it created',
    hooks: {
      transform: onSuccess(CREATE, (body) => {
        const audience = recordOf(body['audience']);
        if (audience) audience['id'] = SEEDED_AUDIENCE_ID;
      }),
    },
    operations: BUILDER,
    networks: ONE,
    // The checks that follow an audience they created end errored: the answer is not an audience this run made.
    trips: [
      { check: 'created-audience-is-new', operation: CREATE },
      { check: 'audience-round-trip', operation: CREATE },
      { check: 'remove-contacts-removes', operation: REMOVE },
      { check: 'remove-contacts-count', operation: REMOVE },
      { check: 'remove-contacts-idempotent', operation: REMOVE },
    ],
  },
  {
    name: 'audience-name-dropped',
    description: "audiences are kept without their name: CreateAudience and GetAudience answer name ''",
    hooks: {
      transform: (ctx, response) => {
        const audience = recordOf((successBody(ctx, response, CREATE) ?? successBody(ctx, response, GET))?.['audience']);
        if (audience) audience['name'] = '';
        return response;
      },
    },
    operations: BUILDER,
    networks: ONE,
    // Without its name the audience cannot be proved the one this run created: nothing is removed from it.
    trips: [
      { check: 'audience-round-trip', operation: CREATE },
      { check: 'remove-contacts-removes', operation: REMOVE },
      { check: 'remove-contacts-count', operation: REMOVE },
      { check: 'remove-contacts-idempotent', operation: REMOVE },
    ],
  },
  {
    name: 'audience-other-project',
    description: 'GetAudience answers the audience under another project ID than the one it was created in',
    hooks: {
      transform: editAudience(GET, (audience) => {
        if (typeof audience['projectId'] === 'number') audience['projectId'] += 1;
      }),
    },
    operations: BUILDER,
    networks: ONE,
    // Read back in another project, the audience is not proved the one this run created: nothing is removed.
    trips: [
      { check: 'audience-round-trip', operation: CREATE },
      { check: 'remove-contacts-removes', operation: REMOVE },
      { check: 'remove-contacts-count', operation: REMOVE },
      { check: 'remove-contacts-idempotent', operation: REMOVE },
    ],
  },
  {
    name: 'audience-ignores-project',
    description: "GetAudience ignores projectId: an audience is answered, as its own project's, under any project",
    get hooks() {
      return audienceIgnoresProject();
    },
    operations: BUILDER,
    networks: ONE,
    trips: [{ check: 'audience-not-answered-under-other-project', operation: GET }],
  },
  {
    name: 'contact-count-off-by-one',
    description: 'GetAudience reports a contactCount one higher than the contacts it lists',
    hooks: {
      transform: editAudience(GET, (audience) => {
        if (typeof audience['contactCount'] === 'number') audience['contactCount'] += 1;
      }),
    },
    operations: BUILDER,
    networks: ONE,
    trips: [{ check: 'audience-contact-count', operation: GET }],
  },
  {
    name: 'contracts-of-another-audience',
    description: "GetAudience lists contracts whose audienceId is another audience's",
    hooks: {
      transform: onSuccess(GET, (body) => {
        for (const contract of Array.isArray(body['contracts']) ? (body['contracts'] as unknown[]) : []) {
          const record = recordOf(contract);
          if (record && typeof record['audienceId'] === 'number' && record['audienceId'] !== 0) record['audienceId'] += 1;
        }
      }),
    },
    operations: [GET],
    networks: ONE,
    trips: [{ check: 'audience-contracts-of-audience', operation: GET }],
  },
  {
    name: 'contacts-of-another-audience',
    description: "GetAudience lists contacts whose audienceId is another audience's",
    hooks: {
      transform: onSuccess(GET, (body) => {
        for (const contact of contactsOf(body)) {
          const record = recordOf(contact);
          if (record && typeof record['audienceId'] === 'number') record['audienceId'] += 1;
        }
      }),
    },
    operations: BUILDER,
    networks: ONE,
    // An audience read back with contacts of another is not proven the run's own: nothing is written to it, so
    // the checks that would write are errored with that reason too.
    trips: [
      { check: 'audience-contacts-of-audience', operation: GET },
      { check: 'audience-round-trip', operation: CREATE },
      { check: 'remove-contacts-removes', operation: REMOVE },
      { check: 'remove-contacts-count', operation: REMOVE },
      { check: 'remove-contacts-idempotent', operation: REMOVE },
    ],
  },
  {
    name: 'removal-reaches-other-audience',
    description: 'RemoveAudienceContacts takes the contacts it names out of every audience, not only the one it names',
    get hooks() {
      return removalReachesEveryAudience();
    },
    operations: BUILDER,
    networks: ONE,
    allowDestructive: true,
    trips: [{ check: 'remove-contacts-only-named-audience', operation: REMOVE }],
  },
  {
    name: 'removal-reaches-existing-audience',
    description:
      'RemoveAudienceContacts also takes the contacts it names out of the audiences that existed before the run, not out of new ones',
    get hooks() {
      return removalReachesExistingAudiences();
    },
    operations: BUILDER,
    networks: ONE,
    allowDestructive: true,
    trips: [{ check: 'remove-contacts-only-named-audience', operation: REMOVE }],
  },
  {
    name: 'removal-has-no-effect',
    description: 'RemoveAudienceContacts answers ok, but GetAudience still lists and counts the removed contacts',
    get hooks() {
      return removalHasNoEffect();
    },
    operations: BUILDER,
    networks: ONE,
    trips: [
      { check: 'remove-contacts-removes', operation: REMOVE },
      { check: 'remove-contacts-count', operation: REMOVE },
    ],
  },
  {
    name: 'removal-takes-one-more',
    description: 'RemoveAudienceContacts also takes away one contact it was not asked to remove',
    get hooks() {
      return removalTakesOneMore();
    },
    operations: BUILDER,
    networks: ONE,
    trips: [{ check: 'remove-contacts-count', operation: REMOVE }],
  },
  {
    name: 'repeated-removal-refused',
    description: 'removing contacts that are already gone is answered 400 NotFound',
    get hooks() {
      return repeatedRemovalRefused();
    },
    operations: BUILDER,
    networks: ONE,
    trips: [{ check: 'remove-contacts-idempotent', operation: REMOVE }],
  },
];
