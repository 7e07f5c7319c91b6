/**
 * `certify(options)`: a conformance run from another project's code (its own tests, a script), the same run as
 * `conformance run`: the options are the run's typed options (src/runner/run-option-schema.ts, where the
 * command's flags come from too), checked by the same parser with the same messages, and the report files are
 * written as the command writes them. It resolves to the report; a usage mistake rejects with the message the
 * command would print.
 */
import { UsageError } from '../config/usage-error.js';
import { namedList } from '../config/shown-values.js';
import { parseRunOptions } from '../runner/run-options.js';
import { RunOptionsSchema, type RunOptions } from '../runner/run-option-schema.js';
import { runConformance } from '../runner/run.js';
import type { Report } from '../report/model.js';

export interface CertifyOptions extends RunOptions {
  /** Progress lines (one per network, the summary); silent when omitted. */
  readonly log?: ((line: string) => void) | undefined;
}

const KNOWN = new Set<string>([...Object.keys(RunOptionsSchema.properties), 'log']);

export async function certify(options: CertifyOptions = {}): Promise<Report> {
  const { log, ...run } = options;
  const unknown = Object.keys(run).filter((name) => !KNOWN.has(name));
  if (unknown.length > 0) throw new UsageError(`certify: ${namedList(unknown, ['unknown option', 'unknown options'])}`);
  if (options.networks?.length === 0) throw new UsageError('--networks: empty; name at least one network slug, or omit it for all');
  if (options.operations?.length === 0) throw new UsageError('--operations: empty; name at least one operation, or omit it for all');
  const outcome = await runConformance(parseRunOptions(run), { log: log ?? (() => undefined) });
  return outcome.report;
}
