/** What a spec file says about its operation: how to make a request that should succeed, and its own checks. */
import type { CheckDefinition } from '../checks/definition.js';
import type { NetworkOf, OperationDef, RequestOf } from '../contract/operations.js';
import type { RunConfig } from '../config/run-config.js';
import type { CheckSession } from './session.js';

export interface Example<Body> {
  readonly body: Body;
  /**
   * True when the request names entities known to exist (fixtures, or data the suite made itself), so the
   * document's "Success response: HTTP 200" is expected. A request on unknown entities may fairly be refused.
   */
  readonly grounded: boolean;
  /** Why the example is not grounded (shown when the server refuses it). */
  readonly why?: string;
  /**
   * The same request with a field real servers may require though the document does not list it (wire-facts.md
   * §3): sent once when the documented request is refused, and judged instead when it is answered.
   */
  readonly completed?: { readonly field: string; readonly body: Body };
}

export interface ExampleContext<O extends OperationDef> {
  readonly session: CheckSession;
  /** The session's network: always one for an operation that is per network. */
  readonly network: NetworkOf<O>;
  /** A generated valid request for this operation and network (seeded): the fallback without fixtures. */
  generated(): RequestOf<O>;
}

/** Rewrites a generated request body (a JSON object) so that it only names what the suite may touch. */
export type SafeRewrite = (body: Readonly<Record<string, unknown>>) => Record<string, unknown>;

export interface OperationSpec<O extends OperationDef> {
  readonly op: O;
  readonly example: (ctx: ExampleContext<O>) => Promise<Example<RequestOf<O>>> | Example<RequestOf<O>>;
  /**
   * Safe writes, for an operation that writes (README "Safe writes"): resolved once per session (inside a
   * check: it may create the audience it points to) into a rewrite that makes a generated valid request name
   * only what the suite may touch. Invalid requests are derived from rewritten valid ones, so whatever a
   * lenient server makes of a mutated, malformed or re-encoded body, the IDs in it are the suite's own; a
   * generated request that still names anything else (a mutation that replaced an ID) is not sent
   * (safe-writes.ts decides, and CheckSession.send enforces it).
   */
  readonly constrain?: (session: CheckSession) => Promise<SafeRewrite> | SafeRewrite;
  /** Checks particular to this operation, run after the common ones, in order. */
  readonly checks?: readonly CheckDefinition<NoInfer<O>>[];
  /**
   * True when, in this run, the checks above touch only state of their own each, so they may run side by side
   * (against a distant target, one after another they would be the run's long tail).
   */
  readonly checksSideBySide?: (config: RunConfig) => boolean;
}
