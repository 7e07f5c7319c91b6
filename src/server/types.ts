/**
 * The reference server's public shape, shared by the server, the CLI (`serve`, `run` without a target) and the
 * self-tests. Faults are hooks around a conformant pipeline, so a broken variant differs from the clean
 * server only in what its fault says.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Fixtures } from '../config/fixtures.js';
import type { ServiceName } from '../contract/operations.js';

/** One answer, before it is written. `body` is a JSON value, or `{ raw }` for bytes that are not JSON. */
export interface WireResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** When set, written as is instead of JSON.stringify(body). */
  raw?: string;
}

export interface RequestContext {
  readonly method: string;
  /** The URL path, without the query. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly rawBody: string;
  /** Set once the path is routed to a known service (even for an unknown method name). */
  readonly service?: ServiceName;
  /** `<Service>.<Method>` when the path names one of the 18 operations. */
  readonly operation?: string;
  /** The network slug, from the path (Marketplace, Relayer, Indexer) or the chain ID in the body (API, Metadata). */
  readonly network?: string;
}

export interface FaultHooks {
  /** Runs before routing; an answer (or 'hang': never answer, or 'reset': destroy the socket) replaces the pipeline. */
  readonly intercept?: (ctx: RequestContext) => WireResponse | 'hang' | 'reset' | undefined;
  /**
   * Rewrites the parsed request body before the pipeline reads it (the request as a broken server would read
   * it: an amount it caps, a field it ignores). `ctx` is the same object `transform` sees afterwards.
   */
  readonly rewriteRequest?: (ctx: RequestContext, request: unknown) => unknown;
  /** Accept every request whatever its X-Access-Key. */
  readonly skipAuth?: boolean;
  /**
   * Rewrites the pipeline's answer (a copy: mutate freely). `ctx.network` is known by then. May be async, for a
   * fault that re-judges the request (e.g. re-verifies a signature with one of its tests left out).
   */
  readonly transform?: (ctx: RequestContext, response: WireResponse) => WireResponse | Promise<WireResponse>;
}

export interface ReferenceServerOptions {
  /** The X-Access-Key the server accepts; a random one when absent. */
  readonly accessKey?: string;
  /** A second key the server accepts without rights for LIMITED_KEY_DENIED (403 PermissionDenied); random when absent. */
  readonly limitedAccessKey?: string;
  readonly faults?: readonly FaultHooks[];
  /** Seeds the generated data; the same seed gives the same data. */
  readonly seed?: number;
  /**
   * A chain node's JSON-RPC URL (may contain `{network}`): GetNativeTokenBalance then answers the node's
   * `eth_getBalance(account, "latest")` instead of a seeded balance.
   */
  readonly chainRpcUrl?: string;
  /**
   * Without `chainRpcUrl`: start a chain node in this process (one chain per network) whose genesis holds the
   * server's seeded balances, and answer GetNativeTokenBalance from it. With `networks` (slugs), their chains
   * are made before the server answers; the others on their first request.
   */
  readonly embeddedChainNode?: boolean | { readonly networks: readonly string[] };
  /** Every answer is held this long before it is written: a target far away, for benchmarks and tries. */
  readonly latencyMs?: number;
  /** Requests served per second at most; the others are answered 429 with Retry-After (rate-gate.ts). */
  readonly maxRps?: number;
}

export interface ListenOptions extends ReferenceServerOptions {
  readonly host?: string;
  /** 0 (the default) picks a free ephemeral port. */
  readonly port?: number;
  /** PEM key and certificate (chain): the server speaks HTTPS (node:https) instead of plain HTTP. */
  readonly tls?: { readonly key: string | Buffer; readonly cert: string | Buffer };
}

/** What the Builder state saw, for tests of the suite's safe writes (read-only copies). */
export interface BuilderActivity {
  /** Audiences CreateAudience made, in order (the seeded ones are not among them). */
  readonly createdAudienceIds: readonly number[];
  /** The audienceId of every RemoveAudienceContacts request the server decoded, in order (refused ones too). */
  readonly removalTargets: readonly number[];
  /** Every contact ID a RemoveAudienceContacts request the server decoded listed, in order. */
  readonly removalContactIds: readonly number[];
}

export interface TlsHandshakes {
  readonly full: number;
  readonly resumed: number;
}

export interface RunningReferenceServer {
  readonly origin: string;
  readonly accessKey: string;
  readonly limitedAccessKey: string;
  /** Known entities of the seeded data, in the format of `--fixtures` (schemas/fixtures.schema.json). */
  readonly fixtures: Fixtures;
  /** The chain node started with `embeddedChainNode`: its URL template (with `{network}`) and start-up time. */
  readonly chainNode?: { readonly urlTemplate: string; readonly startupMs: number };
  /** Requests received per `<Service>.<Method>` (and `unrouted`), for tests that count what was sent. */
  requestCounts(): Record<string, number>;
  builderActivity(): BuilderActivity;
  /**
   * With `tls`: the TLS sessions clients opened so far, with a full handshake or resumed from an earlier
   * session (a ticket the server gave), counted as each handshake completes.
   */
  readonly tlsHandshakes?: () => TlsHandshakes;
  close(): Promise<void>;
}
