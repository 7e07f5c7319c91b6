/**
 * `certify(options)`: a conformance run from another project's code (its own vitest tests, a script), the
 * same run as `conformance run`: the options are the command's flags, checked by the same parser, and the
 * report files are written as the command writes them. It resolves to the report; a usage mistake rejects
 * with the message the command would print.
 */
import { parseRunOptions, type RawRunOptions } from '../runner/run-options.js';
import type { Report } from '../report/model.js';

export interface CertifyOptions {
  /** Origin of a server with the reference layout; omit everything to certify the embedded reference server. */
  readonly target?: string | undefined;
  readonly marketplaceUrl?: string | undefined;
  readonly apiUrl?: string | undefined;
  readonly metadataUrl?: string | undefined;
  /** May contain `{network}`. */
  readonly relayerUrl?: string | undefined;
  /** May contain `{network}`. */
  readonly indexerUrl?: string | undefined;
  /** The X-Access-Key to send; required with a target. */
  readonly accessKey?: string | undefined;
  /** Network slugs (default: all 39). */
  readonly networks?: readonly string[] | undefined;
  /** `Service.Method` ids (default: all 18). */
  readonly operations?: readonly string[] | undefined;
  readonly seed?: number | undefined;
  readonly runs?: number | undefined;
  readonly timeoutMs?: number | undefined;
  /** Where report.json, report.md, report.html and junit.xml go (default: conformance-report/). */
  readonly reportDir?: string | undefined;
  /** Path of a fixtures file (schemas/fixtures.schema.json). */
  readonly fixtures?: string | undefined;
  readonly chainRpcUrl?: string | undefined;
  readonly strict?: boolean | undefined;
  readonly readOnly?: boolean | undefined;
  readonly allowDestructive?: boolean | undefined;
  /** Progress lines (one per network, the summary); silent when omitted. */
  readonly log?: ((line: string) => void) | undefined;
}

/** The options as the command line would have given them, so one parser validates both. */
function asFlags(options: CertifyOptions): RawRunOptions {
  const raw: RawRunOptions = {};
  const text = (value: string | number | readonly string[] | undefined): string | undefined =>
    value === undefined ? undefined : Array.isArray(value) ? value.join(',') : String(value);
  const entries: [keyof RawRunOptions, string | undefined][] = [
    ['target', options.target],
    ['marketplaceUrl', options.marketplaceUrl],
    ['apiUrl', options.apiUrl],
    ['metadataUrl', options.metadataUrl],
    ['relayerUrl', options.relayerUrl],
    ['indexerUrl', options.indexerUrl],
    ['accessKey', options.accessKey],
    ['networks', text(options.networks)],
    ['operations', text(options.operations)],
    ['seed', text(options.seed)],
    ['runs', text(options.runs)],
    ['timeoutMs', text(options.timeoutMs)],
    ['reportDir', options.reportDir],
    ['fixtures', options.fixtures],
    ['chainRpcUrl', options.chainRpcUrl],
  ];
  for (const [key, value] of entries) if (value !== undefined) (raw as Record<string, unknown>)[key] = value;
  if (options.networks?.length === 0) throw new TypeError('certify: networks is empty; omit it for all networks');
  if (options.operations?.length === 0) throw new TypeError('certify: operations is empty; omit it for all operations');
  if (options.strict !== undefined) raw.strict = options.strict;
  if (options.readOnly !== undefined) raw.readOnly = options.readOnly;
  if (options.allowDestructive !== undefined) raw.allowDestructive = options.allowDestructive;
  return raw;
}

export async function certify(options: CertifyOptions = {}): Promise<Report> {
  const partial = parseRunOptions(asFlags(options));
  const { runConformance } = await import('../runner/run.js');
  const outcome = await runConformance(partial, { log: options.log ?? (() => undefined) });
  return outcome.report;
}
