/**
 * The shape every operation handler has: the contract's operation, its typed request and response (the
 * contract's Static types, never hand copies), and what a handler may read. One file per operation, named by
 * its wire name, so one grep finds the contract, schema, spec and handler of an operation.
 */
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import type { Network } from '../../contract/networks.js';
import type { AnyOperation, RequestOf, ResponseOf } from '../../contract/operations.js';
import type { BalanceSource } from '../balance-source.js';
import type { BuilderStore } from '../builder-store.js';
import type { SeededWorld } from '../data/world.js';
import { invalidArgument } from '../wire.js';

export interface HandlerContext {
  readonly op: AnyOperation;
  /** From the path (Marketplace, Relayer, Indexer) or from the body's chain ID (API, Metadata); none for Builder. */
  readonly network: Network | undefined;
  readonly world: SeededWorld;
  readonly builder: BuilderStore;
  readonly balances: BalanceSource;
}

type Extra<E extends TProperties> = { [K in keyof E]?: Static<E[K]> };

/** A handler with its types erased, as the pipeline holds it. */
export interface RegisteredHandler {
  readonly op: AnyOperation;
  /** What the body is decoded against: the contract's request schema, plus any extras the handler accepts. */
  readonly requestSchema: TSchema;
  handle(request: unknown, ctx: HandlerContext): Promise<unknown>;
}

/**
 * `extras` are request fields real servers accept though the document does not name them (wire-facts.md §3,
 * e.g. `slippagePercentage` in GetSwapPrices): read when sent, never required.
 */
export function defineHandler<O extends AnyOperation, E extends TProperties = Record<never, never>>(
  op: O,
  handle: (request: RequestOf<O> & Extra<E>, ctx: HandlerContext) => ResponseOf<O> | Promise<ResponseOf<O>>,
  extras?: E,
): RegisteredHandler {
  const base = op.request as unknown as Record<string, unknown>;
  const requestSchema = extras
    ? (Type.Unsafe({ ...base, properties: { ...(base['properties'] as TProperties), ...extras } }) as TSchema)
    : op.request;
  return {
    op,
    requestSchema,
    // The handler's own promise when it returns one: an async wrapper would add a promise and two turns per request.
    handle: (request, ctx) => {
      try {
        return Promise.resolve(handle(request as RequestOf<O> & Extra<E>, ctx));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
  };
}

/** The operation's network; for a chain ID in the body that no supported network has, InvalidArgument. */
export function requireNetwork(ctx: HandlerContext): Network {
  if (ctx.network) return ctx.network;
  const binding = ctx.op.network;
  const field = binding.kind === 'body' ? binding.field : 'network';
  throw invalidArgument(`${field}: not the chain ID of a supported network`);
}
