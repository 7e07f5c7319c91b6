/**
 * The runner as a library: what the CLI, the project's own tests and the bench call to certify a target.
 * `runConformance(options, io)` runs the checks, writes the report and answers `{ report, exitCode, files }`;
 * it never exits the process and never throws for a broken target (the report says what happened).
 */
export { runConformance, type RunIo, type RunOutcome } from './run.js';
export { parseRunOptions, type PartialRunConfig, type RawRunOptions } from './run-options.js';
