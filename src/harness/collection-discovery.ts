/**
 * What the suite can learn about the fixtures' collection through the contract's own operations, for checks
 * that generate requests over real data: its property filters (Metadata.TokenCollectionFilters, the chain ID
 * as a decimal string standing for the session's network slug) and the orders of its floor collectible
 * (GetFloorOrder). Memoized per session; an answer that is not a 200 JSON body teaches nothing (undefined).
 */
import { isRecord } from '../contract/json-values.js';
import { GetFloorOrder, TokenCollectionFilters } from '../contract/operations.js';
import type { CheckSession } from './session.js';

/** The `filters` of TokenCollectionFilters for the fixtures' collection on the session's network. */
export function discoverPropertyFilters(session: CheckSession): Promise<readonly Readonly<Record<string, unknown>>[] | undefined> {
  return session.memoize('discover-property-filters', async () => {
    const collection = session.fixtures?.collection;
    if (!collection || !session.network) return undefined;
    const body = { chainId: String(session.network.chainId), contractAddress: collection.address };
    const { outcome } = await session.send('response-schema', body, { op: TokenCollectionFilters });
    if (!outcome.ok || outcome.response.status !== 200) return undefined;
    const filters = (outcome.response.json as { filters?: unknown } | undefined)?.filters;
    return Array.isArray(filters) ? filters.filter(isRecord) : [];
  });
}

/** The GetFloorOrder answer for the fixtures' collection on the session's network (its JSON body). */
export function discoverFloorAnswer(session: CheckSession): Promise<unknown> {
  return session.memoize('discover-floor-answer', async () => {
    const collection = session.fixtures?.collection;
    if (!collection) return undefined;
    const { outcome } = await session.send('response-schema', { contractAddress: collection.address }, { op: GetFloorOrder });
    return outcome.ok && outcome.response.status === 200 ? outcome.response.json : undefined;
  });
}
