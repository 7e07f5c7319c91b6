/**
 * The reference server as a request listener, for in-process use (supertest, a custom server) and for
 * listen.ts. One app = one seeded world, one Builder state, one set of counters.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Fixtures } from '../config/fixtures.js';
import { chainNodeBalanceSource, seededBalanceSource, type BalanceSource } from './balance-source.js';
import { readBody } from './body.js';
import { BuilderStore } from './builder-store.js';
import { SeededWorld } from './data/world.js';
import { combineHooks } from './hooks.js';
import { describeFixtures } from './own-fixtures.js';
import { runPipeline, type PipelineDeps } from './pipeline.js';
import { describeRequest } from './request-context.js';
import type { BuilderActivity, ReferenceServerOptions, WireResponse } from './types.js';
import { RateGate } from './rate-gate.js';
import { encodeAnswer, jsonAnswer } from './wire.js';

/** The seed when none is given: runs are reproducible by default. */
export const DEFAULT_SEED = 1;

export interface ReferenceAppOptions extends ReferenceServerOptions {
  /** Where GetNativeTokenBalance reads balances: the chain node of `chainRpcUrl`, or seeded from the seed. */
  readonly balanceSource?: BalanceSource;
}

export interface ReferenceApp {
  readonly handler: RequestListener;
  readonly accessKey: string;
  readonly limitedAccessKey: string;
  readonly fixtures: Fixtures;
  requestCounts(): Record<string, number>;
  builderActivity(): BuilderActivity;
  /** Destroys the sockets of requests an intercept 'hang' holds (they would otherwise never end). */
  releaseHanging(): void;
}

export function createReferenceApp(options: ReferenceAppOptions = {}): ReferenceApp {
  const seed = options.seed ?? DEFAULT_SEED;
  const accessKey = options.accessKey ?? randomBytes(16).toString('hex');
  const limitedAccessKey = options.limitedAccessKey ?? randomBytes(16).toString('hex');
  const hooks = combineHooks(options.faults ?? []);
  const world = new SeededWorld(seed);
  const builder = new BuilderStore(seed);
  const deps: PipelineDeps = {
    accessKey,
    limitedAccessKey,
    skipAuth: hooks.skipAuth,
    world,
    builder,
    balances: options.balanceSource ?? (options.chainRpcUrl ? chainNodeBalanceSource(options.chainRpcUrl) : seededBalanceSource(seed)),
  };
  const fixtures = describeFixtures(world, builder);
  const counts: Record<string, number> = {};
  const hanging = new Set<ServerResponse>();
  const latencyMs = options.latencyMs ?? 0;
  const gate = options.maxRps === undefined ? undefined : new RateGate(options.maxRps);

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const retryAfter = gate?.refuse();
    if (retryAfter !== undefined) return write(res, rateLimited(retryAfter));
    const incoming = describeRequest(req, body);
    const key = incoming.ctx.operation ?? 'unrouted';
    counts[key] = (counts[key] ?? 0) + 1;

    const intercepted = hooks.intercept(incoming.ctx);
    if (intercepted === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (intercepted === 'reset') {
      req.socket.destroy();
      return;
    }
    let response = intercepted;
    if (!response) {
      const read =
        hooks.rewriteRequest && incoming.parsed.ok
          ? { ...incoming, parsed: { ok: true as const, value: hooks.rewriteRequest(incoming.ctx, incoming.parsed.value) } }
          : incoming;
      response = await runPipeline(deps, read);
      if (hooks.transform) response = await hooks.transform(incoming.ctx, response);
    }
    if (latencyMs > 0) await sleep(latencyMs);
    write(res, response);
  }

  return {
    handler: (req, res) => {
      serve(req, res).catch(() => {
        // Only reading the body can fail here (the client went away): there is no one left to answer.
        if (!res.headersSent) res.destroy();
      });
    },
    accessKey,
    limitedAccessKey,
    fixtures,
    requestCounts: () => ({ ...counts }),
    builderActivity: () => builder.activity(),
    releaseHanging: () => {
      for (const res of hanging) res.destroy();
      hanging.clear();
    },
  };
}

/** The access-key layer's answer to a request over the rate: RateLimited, 1007, 429 (wire-facts). */
function rateLimited(retryAfterSeconds: number): WireResponse {
  const answer = jsonAnswer({ error: 'RateLimited', code: 1007, msg: 'Too many requests', status: 429 }, 429);
  return { ...answer, headers: { ...answer.headers, 'retry-after': String(retryAfterSeconds) } };
}

function write(res: ServerResponse, response: WireResponse): void {
  const text = encodeAnswer(response);
  res.writeHead(response.status, { ...response.headers, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
