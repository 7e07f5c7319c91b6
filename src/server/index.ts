/**
 * The embedded reference server: a conformant implementation of all 18 operations over seeded data, with
 * fault hooks for the suite's self-tests. See app.ts (in-process) and listen.ts (on a socket).
 */
export { createReferenceApp, DEFAULT_SEED, type ReferenceApp, type ReferenceAppOptions } from './app.js';
export { startReferenceServer } from './listen.js';
export { chainNodeBalanceSource, seededBalanceSource, type BalanceSource } from './balance-source.js';
export { IMPORTED_CONTACTS_PER_NEW_AUDIENCE } from './builder-store.js';
export { MAX_BODY_BYTES } from './body.js';
export { WEBRPC_HEADER } from './wire.js';
export type {
  BuilderActivity,
  FaultHooks,
  ListenOptions,
  ReferenceServerOptions,
  RequestContext,
  RunningReferenceServer,
  TlsHandshakes,
  WireResponse,
} from './types.js';
