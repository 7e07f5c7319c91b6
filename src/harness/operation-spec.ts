/** What a spec file says about its operation: how to make a request that should succeed, and its own checks. */
import type { CheckId } from '../checks/catalogue.js';
import type { RequestOf, OperationDef } from '../contract/operations.js';
import type { CheckRun, CheckSession } from './session.js';

export interface Example<Body> {
  readonly body: Body;
  /**
   * True when the request names entities known to exist (fixtures, or data the suite made itself), so the
   * document's "Success response: HTTP 200" is expected. A request on unknown entities may fairly be refused.
   */
  readonly grounded: boolean;
  /** Why the example is not grounded (shown when the server refuses it). */
  readonly why?: string;
}

export interface ExampleContext<O extends OperationDef> {
  readonly session: CheckSession;
  /** A generated valid request for this operation and network (seeded): the fallback without fixtures. */
  generated(): RequestOf<O>;
}

export type SpecificCheck = (run: CheckRun) => Promise<void>;

export interface OperationSpec<O extends OperationDef> {
  readonly op: O;
  readonly example: (ctx: ExampleContext<O>) => Promise<Example<RequestOf<O>>> | Example<RequestOf<O>>;
  /**
   * Rewrites a generated request of an operation that writes so it only touches what the suite may touch
   * (see "safe writes" in the README); also applied to invalid requests, with the pointer of the mutated
   * field so a rewrite does not undo the mutation. `undefined`: the request is not safe to send at all.
   */
  readonly constrain?: (body: unknown, session: CheckSession, mutatedPath?: string) => Promise<unknown> | unknown;
  /** Checks particular to this operation, run after the common ones, in order. */
  readonly checks?: Partial<Record<CheckId, SpecificCheck>>;
}
