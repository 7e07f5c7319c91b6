export { describeOperation } from './describe-operation.js';
export type { Example, ExampleContext, OperationSpec } from './operation-spec.js';
export { discoverFloorOrder, discoverOffer, ownedAudience } from './discovery.js';
export { discoverFloorAnswer, discoverPropertyFilters } from './collection-discovery.js';
export type { CheckRun, CheckSession } from './session.js';
export { assertProperty } from './property.js';
export { deriveSeed } from './seeds.js';
export { NOT_AN_ID } from './safe-writes.js';
export { expectDocumentedShape } from './common-checks.js';
export { Inconclusive, show, Skip, Violation } from '../checks/outcomes.js';

/** An example built from known entities: the server is expected to answer 200. */
export const grounded = <B>(body: B) => ({ body, grounded: true as const });
/** An example on entities nobody said exist: a 4xx answer is allowed. */
export const ungrounded = <B>(body: B, why: string) => ({ body, grounded: false as const, why });
