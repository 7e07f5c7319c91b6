/**
 * Every operation's handler, found by convention rather than listed: `handlers/<Service>/<Method>.ts` exports
 * `handler`, made with `defineHandler` for that operation of the contract. test/recipes.test.ts fails when an
 * operation of src/contract has no handler there.
 */
import { OPERATIONS, operationId, type AnyOperation, type OperationId } from '../../contract/operations.js';
import type { RegisteredHandler } from './handler.js';

const loaded = new Map<OperationId, Promise<RegisteredHandler>>();
/** The handlers whose modules have loaded, for a request to find without waiting a turn of the event loop. */
const ready = new Map<AnyOperation, RegisteredHandler>();

/** The handler of `op`; rejects when its module is missing or does not export the handler of `op`. */
export function handlerOf(op: AnyOperation): Promise<RegisteredHandler> {
  const id = operationId(op);
  let handler = loaded.get(id);
  if (!handler) {
    handler = load(op);
    loaded.set(id, handler);
    handler.then(
      (h) => ready.set(op, h),
      () => undefined,
    );
  }
  return handler;
}

/** The handler of `op` if its module has loaded (handlerOf loads it). */
export function loadedHandler(op: AnyOperation): RegisteredHandler | undefined {
  return ready.get(op);
}

/** Where the handler of an operation lives, relative to this folder. */
export const handlerModuleOf = (op: Pick<AnyOperation, 'service' | 'method'>): string => `./${op.service}/${op.method}.ts`;

async function load(op: AnyOperation): Promise<RegisteredHandler> {
  // A pattern of literal paths (as handlerModuleOf says), so that the command line's bundle can carry every handler.
  const module = (await import(`./${op.service}/${op.method}.ts`)) as { handler?: RegisteredHandler };
  if (module.handler?.op !== op) throw new Error(`${handlerModuleOf(op)} does not export the handler of ${operationId(op)}`);
  return module.handler;
}

/** Loads every handler, so that no first request waits for its module (a server on a socket does this first). */
export async function loadHandlers(): Promise<void> {
  await Promise.all(OPERATIONS.map(handlerOf));
}
