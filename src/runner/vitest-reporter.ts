/**
 * The vitest reporter of `conformance run --engine vitest`: hands each test (a unit of work) to the run's
 * collector with the results its meta carries, and turns what vitest knows beyond the tests (a spec file
 * that failed to load, a suite that threw, unhandled errors) into incidents of the report.
 */
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { SerializedError, UserConsoleLog } from 'vitest';
import type { RunCollector } from './collector.js';
// Where the test's meta is given its `conformance` field, which this reporter reads.
import type {} from './vitest-shares/vitest-run-config.js';

export class ConformanceReporter implements Reporter {
  private testsTotal = 0;

  constructor(private readonly collector: RunCollector) {}

  onTestModuleCollected(module: TestModule): void {
    this.testsTotal += [...module.children.allTests()].length;
  }

  onUserConsoleLog(log: UserConsoleLog): void {
    this.collector.line(log.content);
  }

  onTestCaseResult(testCase: TestCase): void {
    const meta = testCase.meta().conformance;
    const result = testCase.result();
    // Without results only when --checks/--skip-checks left none of this test's checks to report.
    const completed = meta && (meta.results.length > 0 || result.state === 'passed');
    if (!completed && (result.state === 'skipped' || result.state === 'pending')) return;
    this.collector.unitFinished({
      suite: testCase.parent.type === 'suite' ? testCase.parent.name : testCase.module.moduleId,
      network: testCase.name === 'global' ? null : testCase.name,
      ...(completed
        ? { outcome: meta }
        : { failure: result.errors?.map((e) => e.message).join('\n') ?? 'the test ended without check results' }),
      durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
      unitsTotal: this.testsTotal,
    });
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const incidents: string[] = [];
    for (const module of testModules) {
      for (const error of module.errors()) incidents.push(`${module.moduleId}: ${error.message}`);
      // A suite that failed outside its tests (a describe block that threw, or held no test) is an incident too.
      for (const suite of module.children.allSuites())
        for (const error of suite.errors()) incidents.push(`${suite.fullName}: ${error.message}`);
    }
    for (const error of unhandledErrors) incidents.push(`unhandled: ${error.message}`);
    this.collector.finish(incidents);
  }
}
