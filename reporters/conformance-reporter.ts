/**
 * The vitest reporter of a conformance run: collects the check results each test carries in its meta, tells
 * its progress listener as tests and networks complete, and at the end builds the one report model (the CLI
 * publishes it). A test that died without results becomes an errored check, and a spec file that failed to
 * load becomes an incident: nothing is silently a pass. Personal values the checks took out of answers go
 * to the output redactor, never into the report.
 */
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { SerializedError, UserConsoleLog } from 'vitest';
import { buildReport, countResults, type RunMetadata } from '../src/report/build.js';
import type { CheckResult, Report } from '../src/report/model.js';
import { redactSecret, type Secrets } from '../src/report/redact.js';
import { outputRedactor } from '../src/report/output-boundary.js';
import type { ProgressListener } from './progress-events.js';
import { applyExpectations, type Expectation } from '../src/gate/expectations.js';

export interface ConformanceReporterOptions {
  readonly tool: Report['tool'];
  readonly contractVersion: string;
  /** Metadata known only when the run ends (duration). */
  readonly metadata: () => RunMetadata;
  /** Test names per network expected, so the progress can say when a network is complete. */
  readonly expectedPerNetwork: ReadonlyMap<string, number>;
  readonly accessKey: Secrets;
  readonly progress: ProgressListener;
  /** Known failures: results they list are marked expected (or, when they pass, unexpected passes). */
  readonly expectations?: readonly Expectation[];
}

export class ConformanceReporter implements Reporter {
  private readonly results: CheckResult[] = [];
  private readonly donePerNetwork = new Map<string, number>();
  private readonly failingNetworks = new Set<string>();
  private testsDone = 0;
  private testsTotal = 0;
  private readonly keyAnswers = { refused: 0, accepted: 0 };
  report: Report | undefined;

  /** Every valid request made with the run's key was refused (401), and there was at least one. */
  get keyRefused(): boolean {
    return this.keyAnswers.refused > 0 && this.keyAnswers.accepted === 0;
  }

  /** The results so far (an interrupted run reports these). */
  get collected(): readonly CheckResult[] {
    return this.results;
  }

  constructor(private readonly options: ConformanceReporterOptions) {}

  onTestModuleCollected(module: TestModule): void {
    this.testsTotal += [...module.children.allTests()].length;
  }

  onUserConsoleLog(log: UserConsoleLog): void {
    for (const line of log.content.split('\n')) if (line !== '') this.options.progress.workerLine?.(redactSecret(line, this.options.accessKey));
  }

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().conformance;
    if (meta?.personal) outputRedactor().learnPersonal(meta.personal);
    this.keyAnswers.refused += meta?.keyAnswers?.refused ?? 0;
    this.keyAnswers.accepted += meta?.keyAnswers?.accepted ?? 0;
    const results = applyExpectations(this.resultsOf(testCase), this.options.expectations ?? []);
    this.results.push(...results);
    this.testsDone += 1;
    const network = testCase.name === 'global' ? null : testCase.name;
    const operation = testCase.parent.type === 'suite' ? testCase.parent.name : testCase.module.moduleId;
    const durationMs = Math.round(testCase.diagnostic()?.duration ?? 0);
    this.options.progress.testFinished({ operation, network, results, durationMs, testsDone: this.testsDone, testsTotal: Math.max(this.testsTotal, this.testsDone) });
    if (!network) return;
    const own = countResults(results);
    if (own.mustFailed > 0 || (own.unexpectedPasses ?? 0) > 0) this.failingNetworks.add(network);
    const done = (this.donePerNetwork.get(network) ?? 0) + 1;
    this.donePerNetwork.set(network, done);
    if (done === this.options.expectedPerNetwork.get(network)) {
      const counts = countResults(this.results.filter((r) => r.network === network));
      const finished = [...this.donePerNetwork.entries()].filter(([slug, n]) => n === this.options.expectedPerNetwork.get(slug)).length;
      this.options.progress.networkFinished({
        network,
        counts,
        failing: this.failingNetworks.has(network),
        networksDone: finished,
        networksTotal: this.options.expectedPerNetwork.size,
      });
    }
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const incidents: string[] = [];
    for (const module of testModules) {
      for (const error of module.errors()) incidents.push(`${module.moduleId}: ${error.message}`);
      // A suite that failed outside its tests (a describe block that threw, or held no test) is an incident too.
      for (const suite of module.children.allSuites()) for (const error of suite.errors()) incidents.push(`${suite.fullName}: ${error.message}`);
    }
    for (const error of unhandledErrors) incidents.push(`unhandled: ${error.message}`);
    const metadata = this.options.metadata();
    const incident = [metadata.incident, ...incidents].filter(Boolean).join('\n');
    this.report = buildReport({
      tool: this.options.tool,
      contractVersion: this.options.contractVersion,
      run: { ...metadata, ...(incident ? { incident: redactSecret(incident, this.options.accessKey) } : {}) },
      results: this.results,
    });
  }

  /** A test's check results; a test that ended without any (it crashed) is one errored result. */
  private resultsOf(testCase: TestCase): CheckResult[] {
    const fromMeta = testCase.meta().conformance?.results;
    const result = testCase.result();
    // Empty only when --checks/--skip-checks left none of this test's checks to report.
    if (fromMeta && (fromMeta.length > 0 || result.state === 'passed')) return fromMeta;
    if (result.state === 'skipped' || result.state === 'pending') return [];
    const operation = testCase.parent.type === 'suite' ? testCase.parent.name : testCase.module.moduleId;
    const message = result.errors?.map((e) => e.message).join('\n') ?? 'the test ended without check results';
    return [
      {
        key: `${operation}:suite-error`,
        checkId: 'suite-error',
        operation,
        network: testCase.name === 'global' ? null : testCase.name,
        level: 'MUST',
        status: 'errored',
        title: 'The checks of this operation could not run',
        message: redactSecret(`${operation} on ${testCase.name} [suite-error]: ${message}`, this.options.accessKey),
        requests: 0,
        durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
      },
    ];
  }
}
