/**
 * Entities a request needs but no fixture names, found through other operations of the contract: the floor
 * order of a known collection gives an order ID and its maker; CreateAudience gives an audience the suite
 * owns. Memoized per session, so each costs one request.
 */
import { orderAt } from '../contract/order-places.js';
import type { OrderT } from '../contract/resources.js';
import { CreateAudience, GetAudience, GetFloorOrder } from '../contract/operations.js';
import { audienceName } from './safe-writes.js';
import type { CheckSession } from './session.js';

export interface OwnedAudience {
  readonly projectId: number;
  readonly audienceId: number;
  readonly contactIds: readonly number[];
}

/** The floor listing of the fixtures' collection on the session's network, when the server gives one. */
export function discoverFloorOrder(session: CheckSession): Promise<OrderT | undefined> {
  return session.memoize('discover-floor-order', async () => {
    const collection = session.fixtures?.collection;
    if (!collection) return undefined;
    const { outcome } = await session.send('response-schema', { contractAddress: collection.address }, { op: GetFloorOrder });
    if (!outcome.ok || outcome.response.status !== 200) return undefined;
    const json = outcome.response.json;
    const found = (orderAt(json, 'floorOrder') ?? orderAt(json, 'floorListing')) as OrderT | undefined;
    return found && typeof found.orderId === 'string' ? found : undefined;
  });
}

/** The highest offer the floor collectible carries, when the server gives one (for selling into it). */
export function discoverOffer(session: CheckSession): Promise<OrderT | undefined> {
  return session.memoize('discover-offer', async () => {
    const collection = session.fixtures?.collection;
    if (!collection) return undefined;
    const { outcome } = await session.send('response-schema', { contractAddress: collection.address }, { op: GetFloorOrder });
    if (!outcome.ok || outcome.response.status !== 200) return undefined;
    const offer = orderAt(outcome.response.json, 'floorOffer') as OrderT | undefined;
    return offer && typeof offer.orderId === 'string' ? offer : undefined;
  });
}

/**
 * An audience this session created (so removing its contacts touches only the suite's own data), with the
 * contacts the server gave it. Undefined without a project to create it in, or under --read-only.
 */
export function ownedAudience(session: CheckSession): Promise<OwnedAudience | undefined> {
  return session.memoize('owned-audience', async () => {
    const projectId = session.config.fixtures.builder?.projectId;
    if (projectId === undefined || session.config.readOnly) return undefined;
    const name = audienceName(session.config, session.operationId);
    const created = await session.send('response-schema', { projectId, name }, { op: CreateAudience });
    if (!created.outcome.ok || created.outcome.response.status !== 200) return undefined;
    const audienceId = (created.outcome.response.json as { audience?: { id?: unknown } | null })?.audience?.id;
    // An ID the run knew before is not an audience it created (safe-writes.ts): nothing is written to it.
    if (typeof audienceId !== 'number' || session.audiences.reused.has(String(audienceId))) return undefined;
    const read = await session.send('response-schema', { projectId, audienceId }, { op: GetAudience });
    // Only an audience read back as the one this run made is written to (safe-writes.ts).
    if (!session.audiences.isOwn(audienceId)) return undefined;
    const contacts = read.outcome.ok ? ((read.outcome.response.json as { contacts?: { id?: unknown }[] | null })?.contacts ?? []) : [];
    return { projectId, audienceId, contactIds: contacts.map((c) => c.id).filter((id): id is number => typeof id === 'number') };
  });
}
