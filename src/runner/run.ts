/**
 * `conformance run`: certifies a target (or, with none given, the embedded reference server) by running the
 * spec files through vitest with the conformance reporter, then prints a summary and decides the exit code.
 * The report is written whatever happens: a run that cannot start, crashes or is stopped (a signal,
 * --max-duration) still leaves one, with the incident named.
 */
import { ReportFolder, ReportFolderError } from '../../reporters/report-folder.js';
import { rehearseReportWriting, REPORT_FILES, writeReport } from '../../reporters/write-report.js';
import { buildReport, type RunMetadata } from '../report/build.js';
import type { CheckResult, Report } from '../report/model.js';
import { notRunResults } from '../report/not-run.js';
import { UNREACHABLE } from '../report/incidents.js';
import { UsageError } from '../config/usage-error.js';
import { armOutputRedactor } from '../report/output-boundary.js';
import { redactionInputsOf } from '../report/redaction-inputs.js';
import { forgetBasesOf } from '../harness/base-health.js';
import { RunCollector } from './collector.js';
import { runChecksInline } from './inline-engine.js';
import { startCheckThreads, type CheckThreads } from './thread-engine.js';
import { CONTRACT_VERSION } from '../contract/index.js';
import { targetsFromOrigin, type RunConfig } from '../config/run-config.js';
import type { Fixtures } from '../config/fixtures.js';
import type { RunningReferenceServer } from '../server/types.js';
import { selectedUnits } from '../harness/work.js';
import { probeTargets } from './probe.js';
import { runTerminal, type RunTerminal } from '../../reporters/terminal/index.js';
import { writesText } from '../../reporters/render/view.js';
import { DEFAULT_MAX_DURATION_MS, type PartialRunConfig } from './run-options.js';
import { RunStopper } from './run-stop.js';
import { TOOL } from './tool.js';
import { recordingConfig, startRecording } from './recorder.js';
import { endCheckThreadsStartedEarly } from '../bundle/check-threads.mjs';

export interface RunOutcome {
  /** 0 pass; 1 fail (or stopped by --max-duration); 130/143 interrupted by SIGINT/SIGTERM. */
  readonly exitCode: number;
  readonly report: Report;
  readonly files: readonly string[];
}

export interface RunIo {
  readonly log: (line: string) => void;
  /** The terminal, when a live display may draw on it; without one, plain lines through `log`. */
  readonly stream?: NodeJS.WriteStream;
  /** Where colour preferences (NO_COLOR, FORCE_COLOR) are read; default: the process's. */
  readonly env?: NodeJS.ProcessEnv;
  /** Who hears the run (its notes, its progress, the findings and verdict at its end); default: the terminal. */
  readonly listener?: RunTerminal;
}

/** How a run ended, for its one `end`. */
interface Ending {
  /** The results of the checks that ran. */
  readonly results: readonly CheckResult[];
  /** What went wrong outside any check, for the report's incident (absent parts are left out). */
  readonly incidents: readonly (string | undefined)[];
  /** The run went to its end: the collector's report, used as it is unless a stop came first. */
  readonly report?: Report;
  /** The operations that did not run are errored with this reason. */
  readonly notRun?: string;
  /** The verdict fails whatever the results say (the runner itself failed). */
  readonly failed?: boolean;
}

/** Said at the start of a run with --insecure, and in every report of one. */
const HOUR_MS = 3_600_000;

export const INSECURE_WARNING = '⚠ --insecure: TLS certificates are not verified; the answers may not come from the target';

const KEY_REFUSED = 'the target refused the access key: every valid request made with it was answered 401 Unauthorized';

export async function runConformance(partial: PartialRunConfig, io: RunIo): Promise<RunOutcome> {
  if (partial.record === undefined) return runOnce(partial, io);
  const recorder = startRecording(partial.record, partial.expectations);
  const outcome = await runOnce(partial, io).finally(() => recorder.stop());
  io.log(`cassette: ${partial.record} (${recorder.write(outcome.report)} exchanges)`);
  return outcome;
}

/**
 * `--engine vitest` runs the spec files through the project's own vitest (an optional peer of the package: a
 * default run never loads it, and a project without it installs some 40 MB less). Without it: a usage error.
 */
async function loadVitestEngine(): Promise<typeof import('./vitest-engine.js')> {
  try {
    return await import('./vitest-engine.js');
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (code === 'ERR_MODULE_NOT_FOUND' && /['"]vitest['"/]/.test(String(message))) {
      throw new UsageError('--engine vitest: vitest is not installed in this project (npm install --save-dev vitest@4)');
    }
    throw error;
  }
}

async function runOnce(partial: PartialRunConfig, io: RunIo): Promise<RunOutcome> {
  const started = new Date();
  const terminal = io.listener ?? runTerminal(partial, io.log, io.stream, io.env);
  armOutputRedactor(redactionInputsOf(partial, partial.limitedAccessKey));
  // Before anything is sent: a report folder that cannot be used is refused (exit 2), not found out at the end.
  const folder = ReportFolder.claim(partial.reportDir, REPORT_FILES);
  const vitestEngine = partial.engine === 'vitest' ? await loadVitestEngine() : undefined;
  // Made once the target answered; what it gathered (the writes sent) is in every report, an interrupted one's too.
  let collector: RunCollector | undefined;
  let stopRunNow: (why: string) => void = () => {};
  const stopper = new RunStopper(partial.maxDurationMs ?? DEFAULT_MAX_DURATION_MS, (cause) => {
    terminal.note(`✘ ${cause.reason}: sending stopped, writing the report`);
    collector?.runStopping();
    stopRunNow(cause.reason);
  });
  stopper.arm();
  let server: RunningReferenceServer | undefined;
  let threads: CheckThreads | undefined;
  try {
    let config: RunConfig;
    if (partial.targets && partial.accessKey) {
      config = { ...partial, targets: partial.targets, accessKey: partial.accessKey, embedded: false };
    } else {
      // The embedded server reads a chain node as a real indexer would: the one given with --chain-rpc-url, or
      // else its own, seeded with its balances, which the checks then compare with.
      // Loaded only for the embedded run: the server and its chain node's EVM library are most of the
      // command line's code, which a run against a target of its own need not parse.
      const { startReferenceServer } = await import('../server/index.js');
      server = await startReferenceServer({
        host: '127.0.0.1',
        port: 0,
        ...(partial.chainRpcUrl ? { chainRpcUrl: partial.chainRpcUrl } : { embeddedChainNode: { networks: partial.networks } }),
      });
      const chainRpcUrl = partial.chainRpcUrl ?? server.chainNode?.urlTemplate;
      config = {
        ...partial,
        ...(chainRpcUrl ? { chainRpcUrl } : {}),
        targets: targetsFromOrigin(server.origin),
        accessKey: server.accessKey,
        limitedAccessKey: server.limitedAccessKey,
        embedded: true,
        fixtures: mergeFixtures(server.fixtures, partial.fixtures),
        // The embedded server is made for this run and gone with it: nothing on it is anyone's data, so the checks
        // that wait for --allow-destructive run too, and the default certification is complete.
        allowDestructive: !partial.readOnly,
      };
      // The server's keys, and any key the user gave, though the embedded server never receives it.
      armOutputRedactor(
        redactionInputsOf(
          { ...config, givenUrls: partial.givenUrls },
          partial.accessKey,
          server.limitedAccessKey,
          partial.limitedAccessKey,
        ),
      );
      terminal.note(`certifying the embedded reference server at ${server.origin}`);
      if (server.chainNode) {
        terminal.note(`embedded chain node at ${server.chainNode.urlTemplate} (started in ${Math.round(server.chainNode.startupMs)} ms)`);
      }
    }
    // Every proof of the run is issued at the start of the hour it started in (a replay gives the recorded one).
    if (config.claimsAt === undefined) config = { ...config, claimsAt: Math.floor(started.getTime() / HOUR_MS) * HOUR_MS };
    recordingConfig(config);
    if (config.tls?.insecure) terminal.note(INSECURE_WARNING);
    terminal.note(
      `seed ${config.seed} · ${config.networks.length} networks · ${config.operations.length} operations · ${config.runs} property runs${config.profile === 'quick' ? ' · quick profile' : ''}`,
    );
    const metadata = (incident?: string): RunMetadata => ({
      startedAt: started.toISOString(),
      durationMs: Date.now() - started.getTime(),
      seed: config.seed,
      runId: config.runId,
      runs: config.runs,
      profile: config.profile ?? 'full',
      strict: config.strict,
      readOnly: config.readOnly,
      ...(config.requireComplete ? { requireComplete: true } : {}),
      targets: { embedded: config.embedded, ...config.targets },
      networks: [...config.networks],
      operations: [...config.operations],
      ...(config.checks ? { checks: [...config.checks] } : {}),
      ...(config.shard ? { shard: { ...config.shard } } : {}),
      ...(config.tls?.insecure ? { insecure: true as const } : {}),
      ...(incident ? { incident } : {}),
      ...(partial.inputs ? { inputs: partial.inputs } : {}),
      ...(collector?.writesSent ? { writes: collector.writesSent } : {}),
    });
    let outcome: RunOutcome | undefined;
    /**
     * The one way a run ends, whatever ended it: builds the report (the collector's own when the run went to its
     * end; otherwise from what ran, each operation not run errored with why), writes it once, prints the summary.
     */
    const end = (how: Ending): RunOutcome => {
      if (outcome) return outcome;
      const stopped = stopper.cause?.reason;
      let report = how.report && !stopped ? how.report : undefined;
      if (!report) {
        const notRunWhy = stopped ?? how.notRun;
        const results = notRunWhy
          ? [...how.results, ...notRunResults(config.operations, config.networks, how.results, notRunWhy)]
          : how.results;
        const incident = [stopped, ...how.incidents].filter(Boolean).join('\n') || undefined;
        report = buildReport({
          tool: TOOL,
          contractVersion: CONTRACT_VERSION,
          run: { ...metadata(incident), ...(stopped ? { interrupted: stopped } : {}) },
          results,
        });
        if (how.failed) report = { ...report, verdict: 'fail' };
      }
      try {
        outcome = summarize(report, writeReport(report, config.reportDir, folder), terminal, stopper.cause?.exitCode);
      } catch (error) {
        if (!(error instanceof ReportFolderError)) throw error;
        // A full disk costs the files, not the verdict: it is printed, with where the writing failed (exit 2).
        outcome = { ...summarize(report, [], terminal, stopper.cause?.exitCode), exitCode: 2 };
        terminal.note(`✘ ${error.message}`);
      }
      return outcome;
    };

    // The probe (and the inline engine) run on this thread: what an earlier run learnt of this target does not carry over.
    forgetBasesOf(Object.values(config.targets));
    // The checks' threads start now and boot while the probe's requests are out: against a distant target the
    // probe is a round trip that the threads' start need not wait for.
    if (partial.engine !== 'inline' && partial.engine !== 'vitest') threads = startCheckThreads(config);
    else endCheckThreadsStartedEarly();
    // A target whose TLS sessions are made is there: the threads send from then on, not a round trip later.
    const unreachable = await probeTargets(config, () => threads?.openSlots());
    if (stopper.cause) return end({ results: [], incidents: [] });
    if (unreachable) {
      terminal.note(`✘ the target is unreachable: ${unreachable}`);
      return end({ results: [], incidents: [`${UNREACHABLE}${unreachable}`] });
    }

    const progress = terminal.progress(config.networks.length);
    const rehearseReport = (): void => void rehearseReportWriting(collector!.reportSoFar()).catch(() => undefined);
    collector = new RunCollector({
      tool: TOOL,
      contractVersion: CONTRACT_VERSION,
      metadata: () => metadata(),
      expectedPerNetwork: expectedUnitsPerNetwork(config),
      accessKey: [config.accessKey, config.limitedAccessKey],
      progress,
      ...(partial.expectations ? { expectations: partial.expectations } : {}),
      // Halfway, while this thread only waits for the checks' threads, the report is made and rendered once from
      // the results so far and dropped: the end of the run then writes it with code already compiled. Not where
      // this thread is busy otherwise (answering as the embedded server, or running the checks itself).
      ...(threads && !config.embedded ? { halfway: () => setImmediate(rehearseReport) } : {}),
    });
    let runnerFailure: string | undefined;
    try {
      if (vitestEngine) {
        await vitestEngine.runVitest(config, collector, {
          takeSignals: () => stopper.takeSignals(),
          onStop: (stop) => (stopRunNow = stop),
        });
      } else {
        const control = { onStop: (stop: (why: string) => void) => (stopRunNow = stop) };
        collector.finish(await (threads ? threads.run(collector, control) : runChecksInline(config, collector, control)));
      }
    } catch (error) {
      runnerFailure = `the runner failed: ${(error as Error).message}`;
    }
    progress.stop();
    const written = writesText(collector.writesSent);
    if (written) terminal.note(`writes sent: ${written}`);
    const keyRefused = collector.keyRefused ? KEY_REFUSED : undefined;
    if (keyRefused) terminal.note(`✘ ${keyRefused}`);
    const ran = collector.collected;
    if (stopper.cause) return end({ results: ran, incidents: [keyRefused, runnerFailure, collector.report?.run.incident] });
    if (runnerFailure) {
      terminal.note(`✘ ${runnerFailure}`);
      // What ran is kept; every operation and network the runner did not get to is errored with why.
      return end({ results: ran, incidents: [runnerFailure], notRun: runnerFailure, failed: true });
    }
    if (!collector.report) return end({ results: [], incidents: ['the runner ended without results'] });
    if (keyRefused) return end({ results: ran, incidents: [keyRefused, collector.report.run.incident] });
    return end({ report: collector.report, results: ran, incidents: [] });
  } finally {
    // A run that ended before its checks (an unreachable target, a stop, a usage error of the probe) ends its threads.
    threads?.cancel();
    endCheckThreadsStartedEarly();
    stopper.disarm();
    folder.release();
    await server?.close();
  }
}

function summarize(report: Report, files: readonly string[], terminal: RunTerminal, stoppedExitCode: number | undefined): RunOutcome {
  if (report.run.interrupted) terminal.note(`✘ INTERRUPTED — ${report.run.interrupted}; the operations not run are reported errored`);
  terminal.summary(report, files);
  return { exitCode: stoppedExitCode ?? (report.verdict === 'pass' ? 0 : 1), report, files };
}

function expectedUnitsPerNetwork(config: RunConfig): Map<string, number> {
  const units = selectedUnits(config);
  return new Map(config.networks.map((slug) => [slug, units.filter((u) => u.network === slug).length] as const).filter(([, n]) => n > 0));
}

/** The server's own fixtures, with any the user gave taking precedence network by network. */
function mergeFixtures(own: Fixtures, given: Fixtures): Fixtures {
  return {
    networks: { ...own.networks, ...given.networks },
    ...((given.builder ?? own.builder) ? { builder: given.builder ?? own.builder! } : {}),
    ...((given.limitedKey ?? own.limitedKey) ? { limitedKey: given.limitedKey ?? own.limitedKey! } : {}),
  };
}
