/**
 * Invalid requests for one operation: a named mutation applied to a valid request. Valid requests come both
 * as the walk makes them and "full" (every optional field present, arrays non-empty), so a mutation that
 * needs a particular field (a required one inside an optional filter, say) always finds one.
 */
import fc from 'fast-check';
import type { OperationDef } from '../src/contract/operations.js';
import { published } from './json-schema.js';
import { pruningShrink } from './pruning-shrink.js';
import { MUTATIONS, MUTATION_NAMES, type InvalidRequest, type MutationName } from './mutations/index.js';
import { validRequest, type RequestContext } from './valid-request.js';

export interface InvalidRequestConstraints {
  /** The mutations to draw from; default every one that applies to the operation. */
  readonly mutations?: readonly MutationName[];
  /**
   * Applied to each valid request before it is mutated (safe writes: the IDs of an operation that writes
   * are rewritten to the suite's own first, so raw and re-encoded variants carry them too).
   */
  readonly rewriteBase?: (body: Body) => Body;
}

type Body = Readonly<Record<string, unknown>>;

export function invalidRequest(
  op: OperationDef,
  context: RequestContext = {},
  constraints: InvalidRequestConstraints = {},
): fc.Arbitrary<InvalidRequest> {
  const applicable = applicableMutations(op);
  const chosen = (constraints.mutations ?? MUTATION_NAMES).filter((name) => applicable.includes(name));
  if (chosen.length === 0) {
    throw new Error(`none of [${(constraints.mutations ?? []).join(', ')}] applies to ${op.service}.${op.method}`);
  }
  const valid = fc.oneof({ withCrossShrink: true }, validRequest(op, context), fullRequest(op, context)) as fc.Arbitrary<Body>;
  const rewrite = constraints.rewriteBase;
  const bases = rewrite ? valid.map((body) => rewrite(body)) : valid;
  return pruningShrink(fc.oneof(...chosen.map((name) => mutated(op, name, bases))), published(op.request));
}

/** Bodies the mutation can act on, mutated; bodies without a place for it are passed over. */
function mutated(op: OperationDef, name: MutationName, bases: fc.Arbitrary<Body>): fc.Arbitrary<InvalidRequest> {
  const schema = published(op.request);
  return bases
    .map((body) => MUTATIONS[name].mutate(body, schema))
    .filter((arbitrary): arbitrary is fc.Arbitrary<InvalidRequest> => arbitrary !== undefined)
    .chain((arbitrary) => arbitrary);
}

function fullRequest(op: OperationDef, context: RequestContext): fc.Arbitrary<unknown> {
  return validRequest(op, context, { optionalFields: 'always', minArrayLength: 1 });
}

const applicability = new Map<string, readonly MutationName[]>();

/**
 * The mutations that can act on some valid request of `op`. A full request holds every place a mutation can
 * act on (every field, every array with an item), so one of them decides for all.
 */
export function applicableMutations(op: OperationDef): readonly MutationName[] {
  const key = op.request.$id ?? `${op.service}.${op.method}`;
  let names = applicability.get(key);
  if (!names) {
    const [full] = fc.sample(fullRequest(op, {}), { numRuns: 1, seed: 0 }) as Body[];
    const schema = published(op.request);
    names = MUTATION_NAMES.filter((name) => full !== undefined && MUTATIONS[name].mutate(full, schema) !== undefined);
    applicability.set(key, names);
  }
  return names;
}
