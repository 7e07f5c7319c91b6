/**
 * Where a run's checks print (--verbose: one line per request). In a thread of their own they print to the
 * thread's stdout, which the engine hands to the terminal; run inline, beside other runs, each run's lines go
 * to its own collector, not to a stdout the runs share.
 */
import type { RunConfig } from '../config/run-config.js';

const printers = new WeakMap<RunConfig, (line: string) => void>();

/** Sends what the checks of `config` print to `print`. */
export function printRunTo(config: RunConfig, print: (line: string) => void): void {
  printers.set(config, print);
}

/** Prints a line of the run of `config`. */
export function printForRun(config: RunConfig, line: string): void {
  const print = printers.get(config);
  if (print) print(line);
  else console.log(line);
}
