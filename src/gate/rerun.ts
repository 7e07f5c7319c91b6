/**
 * `conformance rerun REPORT`: runs again what failed or errored in REPORT, on its networks, with REPORT's seed
 * and property runs, against the same target (REPORT's bases; a new embedded server when REPORT certified the
 * embedded one) or another one given by flags, and says per failure FIXED / STILL FAILING / ERRORED.
 * The unit re-run is the operation on the network of each failure: the checks of one operation share their
 * requests (the error checks judge the error answers the others collected), so one check alone would not be
 * the check that failed. Only the failures of REPORT are judged and listed.
 */
import { isBroken } from '../report/broken-checks.js';
import type { Report } from '../report/model.js';
import type { RawRunOptions } from '../runner/run-options.js';
import { parseRunOptions } from '../runner/run-options.js';
import { unitOfResult } from '../harness/work.js';
import { checksOf, countsAgainst, failsTheRun, placeOf, readReportFile, reportPath } from '../report/report-checks.js';
import { refuseWritingWhereRead } from '../report/read-write-apart.js';
import { fileInput } from '../runner/input-files.js';
import type { FileInput } from '../report/run-inputs.js';
import { REDACTED } from '../report/redactor.js';
import type { BaseName } from '../contract/services.js';
import { UsageError } from '../config/usage-error.js';

export type RerunVerdict = 'FIXED' | 'STILL FAILING' | 'ERRORED' | 'NOT RUN';

export interface RerunLine {
  readonly key: string;
  readonly network: string | null;
  readonly level: 'MUST' | 'SHOULD';
  readonly verdict: RerunVerdict;
  readonly detail?: string;
  /** Not fixed, and it fails the re-run by the run's rule (MUST, or SHOULD with --strict; expected failures aside). */
  readonly failsTheRun: boolean;
}

/**
 * The flags a re-run takes: every run option but those of the scope (src/runner/run-option-schema.ts's
 * RERUN_SOURCES), which are REPORT's; what REPORT remembers is each one's default.
 */
export type RawRerunOptions = Omit<RawRunOptions, ScopeOption>;
type ScopeOption = 'networks' | 'operations' | 'seed' | 'checks' | 'skipChecks' | 'shard';

export const DEFAULT_RERUN_DIR = 'conformance-rerun';

const BASE_FLAGS = {
  marketplace: 'marketplaceUrl',
  api: 'apiUrl',
  metadata: 'metadataUrl',
  relayer: 'relayerUrl',
  indexer: 'indexerUrl',
} as const satisfies Record<BaseName, keyof RawRerunOptions>;

/**
 * The bases to re-run against: `--target` replaces them all (origin and path); otherwise REPORT's bases, each
 * replaced by its flag when given. A base whose path was secret was never stored: its flag is needed again.
 */
function targetFlags(report: Report, raw: RawRerunOptions): Partial<RawRunOptions> {
  if ((raw.target !== undefined && raw.target !== '') || report.run.targets.embedded) return {};
  const secret = new Set(report.run.inputs?.secretBases ?? []);
  const flags: Partial<RawRunOptions> = {};
  const missing: string[] = [];
  for (const base of Object.keys(BASE_FLAGS) as BaseName[]) {
    const given = raw[BASE_FLAGS[base]];
    const stored = report.run.targets[base];
    if (given !== undefined && given !== '') flags[BASE_FLAGS[base]] = given;
    else if (secret.has(base) || stored.includes(REDACTED)) missing.push(`--${base}-url`);
    else flags[BASE_FLAGS[base]] = stored;
  }
  if (missing.length > 0)
    throw new UsageError(
      `rerun: the report does not store ${missing.length > 1 ? 'these bases' : 'this base'} (a secret path): give ${missing.join(', ')} again, or --target`,
    );
  return flags;
}

/** A file the run read, read again from where it was, unless the command line names another; changes are said. */
function recordedFile(flag: string, given: string | undefined, recorded: FileInput | undefined, notes: string[]): string | undefined {
  if (given !== undefined && given !== '') return given;
  if (!recorded) return undefined;
  if (recorded.piped)
    throw new UsageError(`rerun: the run read ${flag} from a pipe (${recorded.file}), whose text is not kept: give ${flag} again`);
  const now = fileInput(recorded.file);
  if (!now) throw new UsageError(`rerun: the run read ${flag} ${recorded.file}, which cannot be read from here: give ${flag} again`);
  if (now.sha256 !== recorded.sha256)
    notes.push(`note: ${recorded.file} changed since the run (its sha256 differs): the re-run reads it as it is now`);
  return recorded.file;
}

/**
 * What REPORT remembers of the options that shape what is sent and how it is judged, as the flags would give
 * it: the defaults of a re-run, each replaced by its flag when given.
 */
function remembered(report: Report): RawRunOptions {
  const run = report.run;
  const inputs = run.inputs;
  const tls = inputs?.tls;
  return {
    profile: run.profile ?? 'full',
    runs: String(run.runs),
    strict: run.strict,
    readOnly: run.readOnly,
    requireComplete: run.requireComplete === true,
    ...(inputs ? { timeoutMs: String(inputs.timeoutMs) } : {}),
    ...(inputs?.maxRps === undefined ? {} : { maxRps: String(inputs.maxRps) }),
    ...(tls?.caFile === undefined ? {} : { caFile: tls.caFile }),
    ...(tls?.insecure || run.insecure ? { insecure: true } : {}),
    ...(tls?.cert === undefined ? {} : { cert: tls.cert }),
    ...(tls?.key === undefined ? {} : { key: tls.key }),
    ...(inputs?.allowDestructive ? { allowDestructive: true } : {}),
  };
}

export interface RerunPlan {
  readonly report: Report;
  readonly failures: ReturnType<typeof checksOf>;
  readonly raw: RawRunOptions;
  readonly selection: readonly string[];
  /** What the user should know before the re-run starts: files changed, a limited key not given again. */
  readonly notes: readonly string[];
}

/** Reads REPORT and decides what to run; a usage error when REPORT or the flags are unusable. */
export function planRerun(reportArg: string, raw: RawRerunOptions): RerunPlan {
  const report = readReportFile(reportArg);
  const reportDir = raw.reportDir === undefined || raw.reportDir === '' ? DEFAULT_RERUN_DIR : raw.reportDir;
  refuseWritingWhereRead('rerun', reportDir, reportPath(reportArg), 'report');
  const failures = checksOf(report).filter(isBroken);
  const inputs = report.run.inputs;
  const notes: string[] = [];
  const fixtures = recordedFile('--fixtures', raw.fixtures, inputs?.fixtures, notes);
  const expectations = recordedFile('--expectations', raw.expectations, inputs?.expectations, notes);
  if (inputs?.limitedKey && !report.run.targets.embedded && !raw.limitedAccessKey)
    notes.push(
      'note: the run had a limited key, which is never stored: set CONFORMANCE_LIMITED_ACCESS_KEY (or --limited-access-key) to re-run its checks',
    );
  if (inputs?.chainNode && !raw.chainRpcUrl)
    notes.push('note: the run cross-checked a chain node, whose URL is never stored: give --chain-rpc-url again to re-run those checks');
  const given = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined && value !== '')) as RawRerunOptions;
  const run: RawRunOptions = {
    ...remembered(report),
    ...given,
    ...targetFlags(report, raw),
    ...(fixtures === undefined ? {} : { fixtures }),
    ...(expectations === undefined ? {} : { expectations }),
    networks: report.run.networks.join(','),
    operations: report.run.operations.join(','),
    ...(report.run.checks ? { checks: report.run.checks.join(',') } : {}),
    seed: String(report.run.seed),
    reportDir,
  };
  return { report, failures, raw: run, selection: [...new Set(failures.map(unitOfResult))], notes };
}

/** Each failure of REPORT judged by the re-run's report. */
export function judgeRerun(failures: RerunPlan['failures'], before: Report, rerun: Report): RerunLine[] {
  const now = new Map(checksOf(rerun).map((c) => [placeOf(c), c]));
  return failures.map((was) => {
    const after = now.get(placeOf(was));
    const base = { key: was.key, network: was.network, level: was.level };
    // A failure the re-run could not decide is not fixed: it keeps the weight it had in REPORT.
    const undecided = { ...base, failsTheRun: countsAgainst(was, before) };
    if (!after) return { ...undecided, verdict: 'NOT RUN', detail: 'the re-run did not report this check' };
    if (after.status === 'skipped') return { ...undecided, verdict: 'NOT RUN', ...(after.message ? { detail: after.message } : {}) };
    const weight = { ...base, failsTheRun: failsTheRun(rerun, after) };
    if (after.status === 'passed') return { ...weight, verdict: 'FIXED', ...(after.expectation ? { detail: after.message } : {}) };
    return {
      ...weight,
      verdict: after.status === 'failed' ? 'STILL FAILING' : 'ERRORED',
      ...(after.message ? { detail: after.message } : {}),
    };
  });
}

export function rerunLineText(line: RerunLine): string {
  const where = `${line.key} on ${line.network ?? 'global'}`;
  const weight = line.verdict !== 'FIXED' && !line.failsTheRun ? ' (does not fail the run)' : '';
  return `${line.verdict.padEnd(13)} ${line.level} ${where}${weight}${line.detail ? `: ${line.detail.split(/\r?\n/, 1)[0]}` : ''}`;
}

/**
 * The run's rule: 1 when a failure still fails the run (a MUST one, a SHOULD one only with --strict, an
 * expected failure never) or an expected failure now passes; 0 otherwise.
 */
export function rerunExitCode(lines: readonly RerunLine[]): 0 | 1 {
  return lines.some((l) => l.failsTheRun) ? 1 : 0;
}

export async function rerunCommand(
  reportArg: string,
  raw: RawRerunOptions,
  io: { log: (line: string) => void },
): Promise<{ exitCode: 0 | 1; lines: RerunLine[]; report?: Report }> {
  // Nothing to re-run needs none of the run's inputs: a report from another machine says so as it is.
  if (!checksOf(readReportFile(reportArg)).some(isBroken)) {
    io.log(`${reportArg}: no check failed or errored; nothing to re-run`);
    return { exitCode: 0, lines: [] };
  }
  const plan = planRerun(reportArg, raw);
  const options = { ...parseRunOptions(plan.raw), selection: plan.selection };
  for (const note of plan.notes) io.log(note);
  io.log(
    `re-running ${plan.failures.length} failure(s) in ${plan.selection.length} operation × network unit(s) with seed ${plan.report.run.seed}`,
  );
  const { runConformance } = await import('../runner/run.js');
  const outcome = await runConformance(options, io);
  const lines = judgeRerun(plan.failures, plan.report, outcome.report);
  io.log('');
  for (const line of lines) io.log(rerunLineText(line));
  const fixed = lines.filter((l) => l.verdict === 'FIXED').length;
  const failing = lines.filter((l) => l.failsTheRun).length;
  io.log(`${fixed}/${lines.length} fixed${failing > 0 ? `; ${failing} still fail the run` : ''}`);
  return { exitCode: rerunExitCode(lines), lines, report: outcome.report };
}
