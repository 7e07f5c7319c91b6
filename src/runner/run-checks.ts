/**
 * The engine of a run: loads the selected spec files, and runs every unit of their suites (an operation on a
 * network) in this thread, many at once, handing each unit's findings to the collector as
 * it ends. The transport's run-wide limit, not this pool, decides how many requests are in flight: the pool
 * only keeps enough sessions ready that a freed request slot always finds one waiting to send.
 */
import type { RunConfig } from '../config/run-config.js';
import type { Network } from '../contract/networks.js';
import { loadSpecFiles } from './spec-loader.js';
import type { Suite } from '../harness/suites.js';
import { selectedUnits } from '../harness/work.js';
import { unitsAllStarted } from '../harness/schedule.js';
import { configureTransport } from '../transport/configure.js';
import type { SharedSlots } from '../transport/shared-slots.js';
import { takeTransportNotes, type TransportNotes } from '../transport/notes.js';
import type { UnitFinished } from './collector.js';
import type { ListedUnit } from './unit-order.js';

/**
 * Sessions under way at once, per request slot: enough that a slot freed by one session's answer finds
 * another session ready to send, few enough that the run does not hold every session's exchanges at once.
 */
const SESSIONS_PER_SLOT = 2;

/** Where the findings of each unit go as it ends: the run's collector, or a message to it from a worker thread. */
export interface UnitSink {
  unitFinished(unit: UnitFinished): void;
}

export interface RunChecksControl {
  /** Once true, no further unit starts (the sessions under way stop sending on their own). */
  readonly stopped: () => boolean;
  /**
   * Hands out the next unit to run, by its place in the run's order of units. Several threads sharing a run
   * draw from one counter, so a thread that runs ahead takes more units and none waits on the other's share.
   * Absent: this thread runs every unit.
   */
  readonly nextUnit?: () => number | Promise<number>;
  /** Told the run's units in its order (the places `nextUnit` hands out), before the first is drawn. */
  readonly listUnits?: (units: readonly ListedUnit[]) => void;
  /** Whether this thread reports the spec files that did not load (of several threads sharing a run, one does). */
  readonly reportsLoadFailures?: boolean;
  /**
   * The request slots the run's threads share, `config.concurrency` being this thread's share; undefined when
   * this thread runs every unit. Required, so that no caller forgets the threads' shared slots.
   */
  readonly slots: SharedSlots | undefined;
}

/** Runs the units `config` selects; answers the incidents met outside any unit (a spec file that did not load). */
export async function runChecks(config: RunConfig, collector: UnitSink, control: RunChecksControl): Promise<string[]> {
  configureTransport(config, control.slots);
  const { suites, failures } = await loadSpecFiles(config.operations);
  const units = runOrder(suites.map((suite) => suite.units(config, true).map((network) => ({ suite, network }))));
  const unitsTotal = units.length + failures.length;
  const reportsLoadFailures = control.reportsLoadFailures ?? true;
  // A spec file that did not load: each of its units is errored with why, the other files still run.
  for (const failure of reportsLoadFailures ? failures : []) {
    for (const unit of selectedUnits(config).filter((u) => u.file === failure.file)) {
      collector.unitFinished({ suite: failure.suite, network: unit.network, failure: failure.message, durationMs: 0, unitsTotal });
    }
  }
  control.listUnits?.(units.map(({ suite, network }) => ({ suite: suite.name, network: network?.slug ?? null })));
  let next = 0;
  const nextUnit = control.nextUnit ?? (() => next++);
  const runNext = async (): Promise<void> => {
    while (!control.stopped()) {
      const index = await nextUnit();
      if (index >= units.length) {
        unitsAllStarted(config);
        control.slots?.borrowFromNowOn();
      }
      if (index >= units.length || control.stopped()) break;
      const { suite, network } = units[index]!;
      const started = performance.now();
      const finished = { suite: suite.name, network: network?.slug ?? null, unitsTotal };
      try {
        const outcome = await suite.run(network, config);
        collector.unitFinished({ ...finished, outcome, durationMs: Math.round(performance.now() - started), ...transportNotes() });
      } catch (error) {
        collector.unitFinished({
          ...finished,
          failure: (error as Error).message ?? String(error),
          durationMs: Math.round(performance.now() - started),
          ...transportNotes(),
        });
      }
    }
  };
  const width = Math.max(1, Math.min(units.length, config.concurrency * SESSIONS_PER_SLOT));
  await Promise.all(Array.from({ length: width }, runNext));
  return reportsLoadFailures ? failures.map((f) => f.message) : [];
}

/** What the transport met since the last unit ended, to go with this one (the report adds them up). */
function transportNotes(): { transport?: TransportNotes } {
  const transport = takeTransportNotes();
  return transport ? { transport } : {};
}

type Unit = { readonly suite: Suite; readonly network: Network | null };

/**
 * The order units start in. Those not per network come first: each is its operation's whole work (the
 * Builder's stateful sequences among them), so started last they would be the run's long tail against a
 * distant target. The per-network units then take the operations in turn, network by network: operations
 * differ in what they cost the server (a wallet proof's signature is recovered, a listing is only looked up),
 * and all of one operation's networks in a row made the server the bottleneck for a stretch of the run
 * (the wallet operations last made the reference server's thread the critical path for its last few seconds).
 */
function runOrder(unitsBySuite: readonly (readonly Unit[])[]): Unit[] {
  const global = unitsBySuite.flatMap((units) => units.filter((u) => u.network === null));
  const perNetwork = unitsBySuite.map((units) => units.filter((u) => u.network !== null));
  const interleaved: Unit[] = [];
  const rounds = Math.max(0, ...perNetwork.map((units) => units.length));
  for (let round = 0; round < rounds; round += 1) {
    for (const units of perNetwork) {
      const unit = units[round];
      if (unit) interleaved.push(unit);
    }
  }
  return [...global, ...interleaved];
}
