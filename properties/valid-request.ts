/**
 * Valid requests for one operation: the schema walk, plus what makes a request land somewhere real.
 * - The network's chain ID goes in the body field the operation's `network` binding names (interface.md
 *   §Base addresses: "Chain is given in the body where needed"), as a number or a decimal string.
 * - Known entities from the fixtures file are used some of the time, so requests hit real data; the rest of
 *   the time the walk's own values probe the unknown-entity paths.
 */
import fc from 'fast-check';
import { swapPairOf, type NetworkFixtures } from '../src/config/fixtures.js';
import type { Network } from '../src/contract/networks.js';
import type { OperationDef, RequestOf } from '../src/contract/operations.js';
import { madeOnce } from '../src/made-once.js';
import { chainIdFor } from './chain-id-for.js';
import { published, type JsonSchema } from './json-schema.js';
import { requestFromSchema, type RequestFromSchemaConstraints } from './request-from-schema.js';

export interface RequestContext {
  /** The network the request is for; any of the 39 when absent. */
  readonly network?: Network;
  /** Known entities on that network. */
  readonly fixtures?: NetworkFixtures;
}

export type ValidRequestConstraints = RequestFromSchemaConstraints;

type Body = Record<string, unknown>;
/** Fields to lay over a generated body. */
type Overlay = Readonly<Record<string, unknown>>;

/**
 * Arbitraries made, by operation, fixtures, network and constraints. A session asks for the same one more than
 * once (its example, the valid property, the invalid one's bases), and an arbitrary holds no state: what it
 * draws depends only on the random source it is given, so sharing one changes no value.
 */
const validRequests = new WeakMap<OperationDef, WeakMap<NetworkFixtures, Map<Network | undefined, Map<string, fc.Arbitrary<unknown>>>>>();
const NO_FIXTURES: NetworkFixtures = {};

export function validRequest<O extends OperationDef>(
  op: O,
  context: RequestContext = {},
  constraints: ValidRequestConstraints = {},
): fc.Arbitrary<RequestOf<O>> {
  const byFixtures = madeOnce(validRequests, op, () => new WeakMap());
  const byNetwork = madeOnce(byFixtures, context.fixtures ?? NO_FIXTURES, () => new Map());
  const byConstraints = madeOnce(byNetwork, context.network, () => new Map());
  const key = `${constraints.optionalFields} ${constraints.minArrayLength} ${constraints.maxArrayLength}`;
  return madeOnce(byConstraints, key, () => walkWithOverlays(op, context, constraints)) as fc.Arbitrary<RequestOf<O>>;
}

function walkWithOverlays<O extends OperationDef>(
  op: O,
  context: RequestContext,
  constraints: ValidRequestConstraints,
): fc.Arbitrary<RequestOf<O>> {
  const schema = published(op.request);
  const base = requestFromSchema(schema, constraints) as fc.Arbitrary<Body>;
  const overlays = [chainIdOverlay(op, context.network), ...fixtureOverlays(schema, context.fixtures)];
  // The cast is the walk's promise, checked by valid-request.test.ts against both validators.
  return fc.tuple(base, ...overlays).map(([body, ...layers]) => Object.assign({}, body, ...layers) as RequestOf<O>);
}

/** The chain ID where the binding names a body field; nothing for path-, host- and un-bound operations. */
function chainIdOverlay(op: OperationDef, network: Network | undefined): fc.Arbitrary<Overlay> {
  const binding = op.network;
  if (binding.kind !== 'body') return fc.constant({});
  return chainIdFor(network, { encoding: binding.encoding }).map((id) => ({ [binding.field]: id }));
}

/**
 * Each fixture entity feeds the top-level fields that carry it, when the request has them:
 * - the collection goes where a collection is named (`collectionAddress`, else `contractAddress`), with its
 *   listed token as `tokenId`;
 * - the swap pair goes into the swap fields of the same names;
 * - the account goes into `accountAddress`.
 * An entity is used half the time, so the same run also exercises addresses the server has never seen.
 */
function fixtureOverlays(schema: JsonSchema, fixtures: NetworkFixtures | undefined): readonly fc.Arbitrary<Overlay>[] {
  if (!fixtures) return [];
  // The same for the walk's two forms (as generated, and full): made once for both.
  return madeOnce(
    madeOnce(overlaysByFixtures, fixtures, () => new WeakMap()),
    schema,
    () => overlaysOf(schema, fixtures),
  );
}

const overlaysByFixtures = new WeakMap<NetworkFixtures, WeakMap<JsonSchema, readonly fc.Arbitrary<Overlay>[]>>();
const USE_ENTITY = fc.boolean();

function overlaysOf(schema: JsonSchema, fixtures: NetworkFixtures): fc.Arbitrary<Overlay>[] {
  const fields = new Set(Object.keys(schema.properties ?? {}));
  const candidates: Overlay[] = [];
  if (fixtures.collection) {
    const target = fields.has('collectionAddress') ? 'collectionAddress' : 'contractAddress';
    const { address, listedTokenId } = fixtures.collection;
    candidates.push({ [target]: address, ...(listedTokenId === undefined ? {} : { tokenId: listedTokenId }) });
  }
  const pair = swapPairOf(fixtures);
  if (pair) candidates.push({ ...pair });
  if (fixtures.account !== undefined) candidates.push({ accountAddress: fixtures.account });
  return candidates
    .map((overlay) => Object.fromEntries(Object.entries(overlay).filter(([key]) => fields.has(key))))
    .filter((overlay) => Object.keys(overlay).length > 0)
    .map((overlay) => USE_ENTITY.map((use) => (use ? overlay : {})));
}
