/**
 * The vitest reporter of a conformance run: collects the check results each test carries in its meta, shows
 * a progress line per network as networks complete, and at the end builds the one report model and writes
 * report.json, report.md, report.html and junit.xml. A test that died without results becomes an errored
 * check, and a spec file that failed to load becomes an incident: nothing is silently a pass.
 */
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { SerializedError } from 'vitest';
import { buildReport, countResults, type RunMetadata } from '../src/report/build.js';
import type { CheckResult, Report } from '../src/report/model.js';
import { redactSecret } from '../src/report/redact.js';
import { writeReport } from './write-report.js';
import { applyExpectations, type Expectation } from '../src/gate/expectations.js';

export interface ConformanceReporterOptions {
  readonly reportDir: string;
  readonly tool: Report['tool'];
  readonly contractVersion: string;
  /** Metadata known only when the run ends (duration). */
  readonly metadata: () => RunMetadata;
  /** Test names per network expected, so the progress can say when a network is complete. */
  readonly expectedPerNetwork: ReadonlyMap<string, number>;
  readonly accessKey: string;
  readonly log: (line: string) => void;
  /** Known failures: results they list are marked expected (or, when they pass, unexpected passes). */
  readonly expectations?: readonly Expectation[];
}

export class ConformanceReporter implements Reporter {
  private readonly results: CheckResult[] = [];
  private readonly donePerNetwork = new Map<string, number>();
  private readonly failingNetworks = new Set<string>();
  report: Report | undefined;
  files: string[] = [];

  constructor(private readonly options: ConformanceReporterOptions) {}

  onTestCaseResult(testCase: TestCase): void {
    const results = applyExpectations(this.resultsOf(testCase), this.options.expectations ?? []);
    this.results.push(...results);
    const network = testCase.name === 'global' ? null : testCase.name;
    if (!network) return;
    const own = countResults(results);
    if (own.mustFailed > 0 || (own.unexpectedPasses ?? 0) > 0) this.failingNetworks.add(network);
    const done = (this.donePerNetwork.get(network) ?? 0) + 1;
    this.donePerNetwork.set(network, done);
    if (done === this.options.expectedPerNetwork.get(network)) {
      const counts = countResults(this.results.filter((r) => r.network === network));
      const finished = [...this.donePerNetwork.entries()].filter(([slug, n]) => n === this.options.expectedPerNetwork.get(slug)).length;
      const mark = this.failingNetworks.has(network) ? '✘' : '✔';
      this.options.log(
        `${mark} ${network.padEnd(26)} ${String(counts.passed).padStart(4)} passed ${String(counts.mustFailed).padStart(3)} MUST failed ${String(counts.shouldFailed).padStart(3)} SHOULD ${String(counts.skipped).padStart(3)} skipped  [${finished}/${this.options.expectedPerNetwork.size}]`,
      );
    }
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const incidents: string[] = [];
    for (const module of testModules) {
      for (const error of module.errors()) incidents.push(`${module.moduleId}: ${error.message}`);
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
    this.files = writeReport(this.report, this.options.reportDir);
  }

  /** A test's check results; a test that ended without any (it crashed) is one errored result. */
  private resultsOf(testCase: TestCase): CheckResult[] {
    const fromMeta = testCase.meta().conformance?.results;
    if (fromMeta && fromMeta.length > 0) return fromMeta;
    const result = testCase.result();
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
