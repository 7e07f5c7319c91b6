/**
 * What a GetAudience answer says about an audience, read defensively: interface.md §Resources "Unless
 * stated, a field may be absent or null in a response", and wire-facts.md §5 "Empty lists may be emitted as
 * null". Contacts are compared by ID as sets: the document promises no order.
 */
import { recordOf } from '../contract/json-values.js';
import type { Judgement } from './judgement.js';

export interface AudienceReading {
  /** The audience's fields as answered (undefined when absent or null). */
  readonly id: unknown;
  readonly name: unknown;
  readonly projectId: unknown;
  /** `audience.contactCount` when it is a number. */
  readonly contactCount: number | undefined;
  /** How many contacts the answer lists (with or without an ID). */
  readonly listed: number;
  /** The numeric IDs of the listed contacts, ascending. */
  readonly contactIds: readonly number[];
}

const present = (value: unknown): unknown => (value === null ? undefined : value);

export function readingOf(json: unknown): AudienceReading {
  const body = recordOf(json) ?? {};
  const audience = recordOf(body['audience']) ?? {};
  const contacts = Array.isArray(body['contacts']) ? (body['contacts'] as unknown[]) : [];
  const contactIds = contacts
    .map((c) => recordOf(c)?.['id'])
    .filter((id): id is number => typeof id === 'number' && Number.isFinite(id))
    .sort((a, b) => a - b);
  const count = audience['contactCount'];
  return {
    id: present(audience['id']),
    name: present(audience['name']),
    projectId: present(audience['projectId']),
    contactCount: typeof count === 'number' ? count : undefined,
    listed: contacts.length,
    contactIds,
  };
}

/**
 * "read an audience with its contacts": every contact listed is a contact of the audience asked for, so an
 * `audienceId` it carries is that audience's. A contact without one says nothing (a field may be absent).
 */
export function judgeContactsOfAudience(json: unknown, audienceId: number): Judgement {
  return judgeListedOfAudience(json, audienceId, 'contacts');
}

/**
 * Every contract GetAudience lists with an audience is the audience read: "read an audience with its contacts and
 * contracts". A contract without an audienceId, or with the zero value a Go server sends for none (wire-facts.md
 * §5), says nothing.
 */
export function judgeContractsOfAudience(json: unknown, audienceId: number): Judgement {
  return judgeListedOfAudience(json, audienceId, 'contracts');
}

function judgeListedOfAudience(json: unknown, audienceId: number, list: 'contacts' | 'contracts'): Judgement {
  const body = recordOf(json) ?? {};
  const items = Array.isArray(body[list]) ? (body[list] as unknown[]) : [];
  const what = list === 'contacts' ? 'contact' : 'contract';
  let judged = 0;
  for (const [i, item] of items.entries()) {
    const stated = recordOf(item)?.['audienceId'];
    if (stated === undefined || stated === null || (list === 'contracts' && stated === 0)) continue;
    judged += 1;
    if (stated !== audienceId) {
      return {
        finding: {
          message: `${what} ${i} of audience ${audienceId} names another audience; GetAudience reads "an audience with its contacts and contracts" (interface.md)`,
          pointer: `/${list}/${i}/audienceId`,
          expected: audienceId,
          actual: stated,
        },
      };
    }
  }
  if (judged > 0) return 'holds';
  return { undecided: items.length === 0 ? `the audience lists no ${what}` : `no listed ${what} carries an audienceId` };
}

/** One audience read before and after a removal. */
export interface AudienceBeforeAfter {
  readonly audienceId: number;
  readonly before: readonly number[];
  readonly after: readonly number[];
}

/**
 * "remove contacts from an audience": a removal acts on the audience it names. After a removal for `named`
 * that listed `namedIds`, `audience` keeps every contact it had but those IDs when it is the named one, and
 * every contact, those IDs included, when it is another.
 */
export function judgeRemovalStaysInAudience(audience: AudienceBeforeAfter, named: number, namedIds: readonly number[]): Judgement {
  const isNamed = audience.audienceId === named;
  const kept = isNamed ? audience.before.filter((id) => !namedIds.includes(id)) : audience.before;
  const lost = kept.filter((id) => !audience.after.includes(id));
  if (lost.length === 0) return 'holds';
  return {
    finding: {
      message: isNamed
        ? `a RemoveAudienceContacts call for audience ${named} also took contacts ${lost.join(', ')} it did not name`
        : `a RemoveAudienceContacts call for audience ${named} took contacts ${lost.join(', ')} away from audience ${audience.audienceId}; the operation removes "contacts from an audience" (interface.md): the one it names`,
      pointer: '/contacts',
      expected: kept,
      actual: audience.after,
    },
  };
}
