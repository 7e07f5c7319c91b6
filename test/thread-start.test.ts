/**
 * The checks' threads start as the probe goes out, and boot and start their units while its requests are on
 * the way: until the run begins, or the probe finds the target there, they send nothing; cancelled (an
 * unreachable target), they end without sending.
 */
import { mkdtempSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { targetsFromOrigin, type RunConfig } from '../src/config/run-config.js';
import type { RunCollector, UnitFinished } from '../src/runner/collector.js';
import { parseRunOptions } from '../src/runner/run-options.js';
import { startCheckThreads } from '../src/runner/thread-engine.js';
import { checkThreadBundle } from '../src/bundle/current.mjs';
import { startCheckThreadsEarly, takeCheckThreadsStartedEarly } from '../src/bundle/check-threads.mjs';
import { startReferenceServer } from '../src/server/index.js';
import type { RunningReferenceServer } from '../src/server/types.js';

let server: RunningReferenceServer;
let received = 0;
beforeAll(async () => {
  server = await startReferenceServer({
    host: '127.0.0.1',
    port: 0,
    faults: [
      {
        intercept: () => {
          received += 1;
          return undefined;
        },
      },
    ],
  });
});
afterAll(async () => {
  await server.close();
});

const runConfig = (): RunConfig => ({
  ...parseRunOptions({
    networks: 'polygon',
    operations: 'Marketplace.GetFloorOrder,Relayer.FeeOptions',
    runs: '2',
    reportDir: mkdtempSync(join(tmpdir(), 'conformance-report-')),
  }),
  targets: targetsFromOrigin(server.origin),
  accessKey: server.accessKey,
  embedded: false,
  fixtures: server.fixtures,
});

/** Ample for the threads to load and ask for their first unit; whether they did by then changes nothing asserted. */
const aWhile = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 3000));

/** The units of `runConfig()`, each once. */
const RUN_UNITS = ['Marketplace.GetFloorOrder@polygon', 'Relayer.FeeOptions@polygon', 'wire@polygon'];

/** A collector that keeps the units it is told of. */
function collecting(): { finished: UnitFinished[]; collector: RunCollector } {
  const finished: UnitFinished[] = [];
  const collector = { unitFinished: (unit: UnitFinished) => finished.push(unit), line: () => undefined } as unknown as RunCollector;
  return { finished, collector };
}

/** The threads the command line started early and no run has taken yet (src/bundle/check-threads.mjs keeps them here). */
const startedEarly = (): { threads: { worker: Worker }[] } | undefined =>
  (globalThis as Record<symbol, { threads: { worker: Worker }[] } | undefined>)[Symbol.for('rpc-conformance.check-threads-started-early')];

describe('checks threads started ahead of their run', () => {
  it('send nothing until the run begins, then run every unit', async () => {
    received = 0;
    const { finished, collector } = collecting();
    const threads = startCheckThreads(runConfig());
    await aWhile();
    expect(received).toBe(0);
    expect(finished).toEqual([]);
    expect(await threads.run(collector, { onStop: () => undefined })).toEqual([]);
    expect(finished.map((unit) => `${unit.suite}@${unit.network}`).sort()).toEqual(RUN_UNITS);
    expect(finished.every((unit) => unit.failure === undefined)).toBe(true);
    expect(received).toBeGreaterThan(0);
  }, 60_000);

  it('with their slots opened before the run (the target found there), send at once; what they find waits for the run', async () => {
    received = 0;
    const { finished, collector } = collecting();
    const threads = startCheckThreads(runConfig());
    threads.openSlots();
    await vi.waitFor(() => expect(received).toBeGreaterThan(0), { timeout: 30_000 });
    expect(finished).toEqual([]);
    expect(await threads.run(collector, { onStop: () => undefined })).toEqual([]);
    expect(finished.map((unit) => `${unit.suite}@${unit.network}`).sort()).toEqual(RUN_UNITS);
    expect(finished.every((unit) => unit.failure === undefined)).toBe(true);
  }, 60_000);

  it('cancelled before their run, send nothing', async () => {
    received = 0;
    const threads = startCheckThreads(runConfig());
    threads.cancel();
    await aWhile();
    expect(received).toBe(0);
  }, 30_000);

  it("started by the command line before the run, are the run's threads: given the run by message, they run every unit", async () => {
    const bundle = await checkThreadBundle();
    expect(bundle).toBeDefined();
    startCheckThreadsEarly(bundle!);
    // What the threads started early tell the main thread, seen beside the run's own listeners.
    const early = startedEarly();
    expect(early?.threads.length).toBeGreaterThan(0);
    const toldByEarly: string[] = [];
    for (const { worker } of early!.threads) worker.on('message', (message: { type: string }) => toldByEarly.push(message.type));
    // What the run tells them, seen on its way.
    const toldToEarly: string[] = [];
    for (const { worker } of early!.threads) {
      const post = worker.postMessage.bind(worker);
      worker.postMessage = (message: { type: string }) => {
        toldToEarly.push(message.type);
        post(message);
      };
    }
    received = 0;
    const { finished, collector } = collecting();
    const threads = startCheckThreads(runConfig());
    await aWhile();
    expect(received).toBe(0);
    // Their units were handed out and started: they wait for the run to send.
    expect(toldToEarly.filter((type) => type === 'unit').length).toBeGreaterThan(0);
    expect(await threads.run(collector, { onStop: () => undefined })).toEqual([]);
    expect(finished.map((unit) => `${unit.suite}@${unit.network}`).sort()).toEqual(RUN_UNITS);
    expect(toldByEarly.filter((type) => type === 'unit')).toHaveLength(3);
    expect(toldByEarly).toContain('done');
    // Taken once: nothing is left for another run of the process.
    expect(takeCheckThreadsStartedEarly(bundle!, 2)).toEqual([]);
  }, 60_000);

  it('started early for another bundle, are ended and the run starts its own', async () => {
    const bundle = await checkThreadBundle();
    startCheckThreadsEarly(new URL('./elsewhere/check-thread.mjs', bundle!));
    const early = startedEarly()!;
    const exited = early.threads.map(({ worker }) => new Promise((resolve) => worker.once('exit', resolve)));
    const { finished, collector } = collecting();
    const threads = startCheckThreads(runConfig());
    expect(await threads.run(collector, { onStop: () => undefined })).toEqual([]);
    expect(finished).toHaveLength(3);
    await Promise.all(exited);
  }, 60_000);
});
