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
import { checksOf, placeOf, readReportFile } from '../report/report-checks.js';

export type RerunVerdict = 'FIXED' | 'STILL FAILING' | 'ERRORED' | 'NOT RUN';

export interface RerunLine {
  readonly key: string;
  readonly network: string | null;
  readonly level: 'MUST' | 'SHOULD';
  readonly verdict: RerunVerdict;
  readonly detail?: string;
}

/** The flags a re-run takes from the command line; the rest comes from REPORT. */
export type RawRerunOptions = Pick<
  RawRunOptions,
  | 'target'
  | 'marketplaceUrl'
  | 'apiUrl'
  | 'metadataUrl'
  | 'relayerUrl'
  | 'indexerUrl'
  | 'accessKey'
  | 'fixtures'
  | 'timeoutMs'
  | 'reportDir'
  | 'chainRpcUrl'
  | 'allowDestructive'
>;

export const DEFAULT_RERUN_DIR = 'conformance-rerun';

/** REPORT's bases as flags, unless the command line names a target (or REPORT certified the embedded server). */
function targetFlags(report: Report, raw: RawRerunOptions): Partial<RawRunOptions> {
  const given = [raw.target, raw.marketplaceUrl, raw.apiUrl, raw.metadataUrl, raw.relayerUrl, raw.indexerUrl].some(
    (v) => v !== undefined && v !== '',
  );
  if (given || report.run.targets.embedded) return {};
  const t = report.run.targets;
  return { marketplaceUrl: t.marketplace, apiUrl: t.api, metadataUrl: t.metadata, relayerUrl: t.relayer, indexerUrl: t.indexer };
}

export interface RerunPlan {
  readonly report: Report;
  readonly failures: ReturnType<typeof checksOf>;
  readonly raw: RawRunOptions;
  readonly selection: readonly string[];
}

/** Reads REPORT and decides what to run; a usage error when REPORT or the flags are unusable. */
export function planRerun(reportArg: string, raw: RawRerunOptions): RerunPlan {
  const report = readReportFile(reportArg);
  const failures = checksOf(report).filter(isBroken);
  const run: RawRunOptions = {
    ...raw,
    ...targetFlags(report, raw),
    networks: report.run.networks.join(','),
    operations: report.run.operations.join(','),
    seed: String(report.run.seed),
    runs: String(report.run.runs),
    profile: report.run.profile ?? 'full',
    strict: report.run.strict,
    readOnly: report.run.readOnly,
    reportDir: raw.reportDir ?? DEFAULT_RERUN_DIR,
  };
  return { report, failures, raw: run, selection: [...new Set(failures.map(unitOfResult))] };
}

/** Each failure of REPORT judged by the re-run's report. */
export function judgeRerun(failures: RerunPlan['failures'], rerun: Report): RerunLine[] {
  const now = new Map(checksOf(rerun).map((c) => [placeOf(c), c]));
  return failures.map((before) => {
    const after = now.get(placeOf(before));
    const base = { key: before.key, network: before.network, level: before.level };
    if (!after) return { ...base, verdict: 'NOT RUN', detail: 'the re-run did not report this check' };
    if (after.status === 'passed') return { ...base, verdict: 'FIXED' };
    if (after.status === 'skipped') return { ...base, verdict: 'NOT RUN', ...(after.message ? { detail: after.message } : {}) };
    return {
      ...base,
      verdict: after.status === 'failed' ? 'STILL FAILING' : 'ERRORED',
      ...(after.message ? { detail: after.message } : {}),
    };
  });
}

export function rerunLineText(line: RerunLine): string {
  const where = `${line.key} on ${line.network ?? 'global'}`;
  return `${line.verdict.padEnd(13)} ${line.level} ${where}${line.detail ? `: ${line.detail.split(/\r?\n/, 1)[0]}` : ''}`;
}

/** 0 when every failure is fixed; 1 when one still fails, errored or could not be re-run. */
export function rerunExitCode(lines: readonly RerunLine[]): 0 | 1 {
  return lines.every((l) => l.verdict === 'FIXED') ? 0 : 1;
}

export async function rerunCommand(
  reportArg: string,
  raw: RawRerunOptions,
  io: { log: (line: string) => void },
): Promise<{ exitCode: 0 | 1; lines: RerunLine[]; report?: Report }> {
  const plan = planRerun(reportArg, raw);
  if (plan.failures.length === 0) {
    io.log(`${reportArg}: no check failed or errored; nothing to re-run`);
    return { exitCode: 0, lines: [] };
  }
  const options = { ...parseRunOptions(plan.raw), selection: plan.selection };
  io.log(
    `re-running ${plan.failures.length} failure(s) in ${plan.selection.length} operation × network unit(s) with seed ${plan.report.run.seed}`,
  );
  const { runConformance } = await import('../runner/run.js');
  const outcome = await runConformance(options, io);
  const lines = judgeRerun(plan.failures, outcome.report);
  io.log('');
  for (const line of lines) io.log(rerunLineText(line));
  const fixed = lines.filter((l) => l.verdict === 'FIXED').length;
  io.log(`${fixed}/${lines.length} fixed`);
  return { exitCode: rerunExitCode(lines), lines, report: outcome.report };
}
