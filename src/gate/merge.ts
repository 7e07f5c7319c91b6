/**
 * `conformance merge DIR… --report-dir OUT`: the partial reports of `run --shard i/n` put together into one
 * report, written in all four formats. Each unit of work ran in exactly one shard, so the merged results are
 * the union of the shards' results, and the report is built from them by the same `buildReport` an unsharded
 * run uses: verdict, checks and counts come out the same. Shards of different seeds, targets, contract
 * versions or selections are refused, and a missing or repeated shard is named.
 */
import { refuseWritingWhereRead } from '../report/read-write-apart.js';
import { verdictWords } from '../report/coverage.js';
import { buildReport } from '../report/build.js';
import type { Report } from '../report/model.js';
import { UsageError } from '../config/usage-error.js';
import { mergedNotes } from '../transport/notes.js';
import { writeReport } from '../../reporters/write-report.js';
import { checksOf, findReportFiles, readReportFile } from '../report/report-checks.js';

/** What must be equal across the shards of one run, with the word the refusal uses for it. */
const SAME: readonly [string, (r: Report) => unknown][] = [
  ['contract version', (r) => r.contractVersion],
  ['seed', (r) => r.run.seed],
  // The embedded server listens on a new port in each shard: the same server, so only that it was embedded counts.
  ['targets', (r) => (r.run.targets.embedded ? 'the embedded reference server' : r.run.targets)],
  ['networks', (r) => r.run.networks],
  ['operations', (r) => r.run.operations],
  ['property runs', (r) => r.run.runs],
  ['profile', (r) => r.run.profile ?? 'full'],
  ['strict mode', (r) => r.run.strict],
  ['read-only mode', (r) => r.run.readOnly],
];

export function mergeReports(shards: readonly { file: string; report: Report }[]): Report {
  if (shards.length === 0) throw new UsageError('merge: no shard reports given');
  for (const { file, report } of shards) {
    if (!report.run.shard) throw new UsageError(`merge: ${file} is not a shard's report (it was not written by run --shard i/n)`);
  }
  const [first, ...rest] = shards;
  for (const [what, read] of SAME) {
    const expected = JSON.stringify(read(first!.report));
    const other = rest.find((s) => JSON.stringify(read(s.report)) !== expected);
    if (other) {
      throw new UsageError(
        `merge: ${first!.file} and ${other.file} differ in ${what} (${expected} vs ${JSON.stringify(read(other.report))}): they are not shards of one run`,
      );
    }
  }
  const count = first!.report.run.shard!.count;
  const byIndex = new Map<number, string>();
  for (const { file, report } of shards) {
    const shard = report.run.shard!;
    if (shard.count !== count) throw new UsageError(`merge: ${first!.file} is a shard of ${count}, ${file} a shard of ${shard.count}`);
    const twice = byIndex.get(shard.index);
    if (twice) throw new UsageError(`merge: shard ${shard.index}/${count} given twice: ${twice} and ${file}`);
    byIndex.set(shard.index, file);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0)
    throw new UsageError(`merge: shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} missing`);

  const reports = [...shards].sort((a, b) => a.report.run.shard!.index - b.report.run.shard!.index).map((s) => s.report);
  const starts = reports.map((r) => Date.parse(r.run.startedAt));
  const start = Math.min(...starts);
  const end = Math.max(...reports.map((r, i) => starts[i]! + r.run.durationMs));
  const incidents = reports.flatMap((r) => (r.run.incident ? [`shard ${r.run.shard!.index}/${count}: ${r.run.incident}`] : []));
  const {
    shard: _shard,
    incident: _incident,
    requests: _requests,
    throttling: _throttling,
    writes: _writes,
    transport: _transport,
    ...run
  } = first!.report.run;
  const transport = mergedNotes(reports.map((r) => r.run.transport));
  const throttled = reports.flatMap((r) => (r.run.throttling ? [r.run.throttling] : []));
  const wrote = reports.flatMap((r) => (r.run.writes ? [r.run.writes] : []));
  return buildReport({
    tool: first!.report.tool,
    contractVersion: first!.report.contractVersion,
    run: {
      ...run,
      startedAt: new Date(start).toISOString(),
      durationMs: end - start,
      requests: sum(reports.map((r) => r.run.requests)),
      ...(incidents.length > 0 ? { incident: incidents.join('\n') } : {}),
      // What each shard was held back and wrote, added up: the whole run's.
      ...(throttled.length > 0
        ? { throttling: { throttled: sum(throttled.map((t) => t.throttled)), waitedMs: sum(throttled.map((t) => t.waitedMs)) } }
        : {}),
      ...(transport ? { transport } : {}),
      ...(wrote.length > 0
        ? {
            writes: {
              createAudience: sum(wrote.map((w) => w.createAudience)),
              removeAudienceContacts: sum(wrote.map((w) => w.removeAudienceContacts)),
              audienceIds: [...new Set(wrote.flatMap((w) => w.audienceIds))],
            },
          }
        : {}),
    },
    results: reports.flatMap(checksOf),
  });
}

const sum = (xs: readonly number[]): number => xs.reduce((total, x) => total + x, 0);

/** `conformance merge DIR… --report-dir OUT`: 0 when the merged verdict is pass, 1 when it is fail. */
export function mergeCommand(paths: readonly string[], reportDir: string): { exitCode: 0 | 1; report: Report; files: string[] } {
  const files = findReportFiles(paths, 'merge');
  for (const file of files) refuseWritingWhereRead('merge', reportDir, file, 'shard report');
  const shards = files.map((file) => ({ file, report: readReportFile(file, 'shard report') }));
  const report = mergeReports(shards);
  return { exitCode: report.verdict === 'pass' ? 0 : 1, report, files: writeReport(report, reportDir) };
}

export function mergedSummary(merged: ReturnType<typeof mergeCommand>): string[] {
  const c = merged.report.counts;
  return [
    `merged ${merged.report.run.networks.length} networks × ${merged.report.run.operations.length} operations from the shards; seed ${merged.report.run.seed}`,
    `${merged.report.verdict === 'pass' ? '✔' : '✘'} ${verdictWords(merged.report)} — ${c.passed} passed, ${c.mustFailed} MUST failed/errored, ${c.shouldFailed} SHOULD findings, ${c.skipped} skipped`,
    `report: ${merged.files.join(', ')}`,
  ];
}
