/**
 * What a check may need before it can run, beyond a target: an entity of the fixtures file, a second key, a
 * chain node. A check declares its needs; the session skips it with the need's reason before its body runs,
 * and `conformance checks` lists them.
 */
import { swapPairOf, type SwapPair } from '../config/fixtures.js';
import type { RunConfig } from '../config/run-config.js';
import type { NetworkFixtures } from '../config/fixtures.js';

/** Where a need is looked up: the run's configuration and the network's fixtures. */
export interface NeedContext {
  readonly config: RunConfig;
  readonly fixtures: NetworkFixtures | undefined;
}

interface NeedDef<T> {
  /** How `conformance checks` names it. */
  readonly says: string;
  /** Why a check that needs it is skipped without it. */
  readonly missing: string;
  readonly value: (ctx: NeedContext) => T | undefined;
}

const need = <T>(def: NeedDef<T>): NeedDef<T> => def;

export const NEEDS = {
  collection: need({
    says: 'fixture: collection',
    missing: 'no collection in the fixtures for this network',
    value: (ctx) => ctx.fixtures?.collection,
  }),
  'collection.listedTokenId': need({
    says: 'fixture: collection.listedTokenId',
    missing: 'no collection with a listed token in the fixtures for this network',
    value: (ctx) => {
      const collection = ctx.fixtures?.collection;
      return collection?.listedTokenId === undefined ? undefined : { address: collection.address, listedTokenId: collection.listedTokenId };
    },
  }),
  'swap-pair': need<SwapPair>({
    says: 'fixture: swap (a pair)',
    missing: 'no swap pair in the fixtures for this network',
    value: (ctx) => swapPairOf(ctx.fixtures),
  }),
  'swap.illiquidCurrencyAddress': need({
    says: 'fixture: swap.illiquidCurrencyAddress',
    missing: 'the fixtures name no swap.illiquidCurrencyAddress for this network',
    value: (ctx) => ctx.fixtures?.swap?.illiquidCurrencyAddress,
  }),
  'builder.projectId': need({
    says: 'fixture: builder.projectId',
    missing: 'no builder.projectId in the fixtures: the suite has no project to create audiences in',
    value: (ctx) => ctx.config.fixtures.builder,
  }),
  'limited-key': need({
    says: 'a limited key (--limited-access-key)',
    missing: 'no limited key given (--limited-access-key or CONFORMANCE_LIMITED_ACCESS_KEY)',
    value: (ctx) => ctx.config.limitedAccessKey,
  }),
  'limitedKey.deniedOperations': need({
    says: 'fixture: limitedKey.deniedOperations',
    missing: 'the fixtures name no limitedKey.deniedOperations',
    value: (ctx) => ctx.config.fixtures.limitedKey?.deniedOperations,
  }),
  'chain-node': need({
    says: 'a chain node (--chain-rpc-url)',
    missing: 'no --chain-rpc-url given: there is no chain node to compare with',
    value: (ctx) => ctx.config.chainRpcUrl,
  }),
};

export type CheckNeed = keyof typeof NEEDS;
export type NeedValue<N extends CheckNeed> = NonNullable<ReturnType<(typeof NEEDS)[N]['value']>>;

/** The reason of the first need that `ctx` does not meet, in the order declared. */
export function unmetNeed(needs: readonly CheckNeed[] | undefined, ctx: NeedContext): string | undefined {
  for (const n of needs ?? []) if (NEEDS[n].value(ctx) === undefined) return NEEDS[n].missing;
  return undefined;
}
