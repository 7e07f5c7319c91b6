/**
 * The engine for a run inside a program that is itself the harness (the project's own tests, a tsx script
 * calling the library many times): the checks run in this thread, so no worker has to boot and load the
 * spec files again for every run. Their memory is the caller's: nothing bounds it as the thread engine does.
 */
import type { RunConfig } from '../config/run-config.js';
import { printRunTo } from '../harness/run-output.js';
import { stopRun } from '../harness/stop-signal.js';
import type { RunCollector } from './collector.js';
import { runChecks } from './run-checks.js';
import type { EngineControl } from './engine-control.js';

/** Runs the checks of `config` in this thread; answers the incidents met outside any unit. */
export async function runChecksInline(config: RunConfig, collector: RunCollector, control: EngineControl): Promise<string[]> {
  let stopped = false;
  printRunTo(config, (line) => collector.line(line));
  control.onStop((why) => {
    stopped = true;
    stopRun(config, why);
  });
  return runChecks(config, collector, { stopped: () => stopped, slots: undefined });
}
