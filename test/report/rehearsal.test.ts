/**
 * A run against a target of its own makes and renders its report once halfway, and drops it, so that the
 * report written after its last answer is made by compiled code. The rehearsal must change nothing: the
 * collector keeps no report before the end, the report model is left as it was, and nothing is written.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rehearseReportWriting, REPORT_FILES, writeReport } from '../../reporters/write-report.js';
import { RunCollector } from '../../src/runner/collector.js';
import type { ProgressListener } from '../../reporters/progress-events.js';
import { check, fixture, largeReport } from '../support/report-fixtures.js';

const quiet: ProgressListener = { testFinished: () => undefined, networkFinished: () => undefined };

function collector(halfway: () => void): RunCollector {
  return new RunCollector({
    tool: { name: 'rpc-conformance', version: '0.0.0' },
    contractVersion: '1',
    metadata: () => ({ ...fixture().run }),
    expectedPerNetwork: new Map([['polygon', 4]]),
    accessKey: ['a-key-nobody-uses'],
    progress: quiet,
    halfway,
  });
}

const unit = (index: number) => ({
  suite: `Marketplace.Op${index}`,
  network: 'polygon',
  durationMs: 1,
  unitsTotal: 4,
  outcome: { results: [check(`Marketplace.Op${index}`, 'polygon', { checkId: 'response-schema', status: 'passed' })] },
});

describe('the report rehearsed halfway through a run', () => {
  it('is told once, when half the units have finished', () => {
    let told = 0;
    const collecting = collector(() => (told += 1));
    collecting.unitFinished(unit(0) as never);
    expect(told).toBe(0);
    collecting.unitFinished(unit(1) as never);
    expect(told).toBe(1);
    collecting.unitFinished(unit(2) as never);
    collecting.unitFinished(unit(3) as never);
    expect(told).toBe(1);
  });

  it('is made from the results so far, and the collector keeps no report until the run ends', () => {
    const collecting = collector(() => undefined);
    collecting.unitFinished(unit(0) as never);
    collecting.unitFinished(unit(1) as never);
    const soFar = collecting.reportSoFar();
    expect(soFar.counts.passed).toBe(2);
    expect(collecting.report).toBeUndefined();
    collecting.unitFinished(unit(2) as never);
    expect(collecting.finish([]).counts.passed).toBe(3);
    expect(collecting.report?.counts.passed).toBe(3);
  });

  it('writes nothing and leaves the report as it was: the files written after are those written without it', async () => {
    const report = largeReport();
    const before = structuredClone(report);
    const cwd = readdirSync(process.cwd());
    await rehearseReportWriting(report);
    expect(report).toEqual(before);
    expect(readdirSync(process.cwd())).toEqual(cwd);
    const rehearsed = mkdtempSync(join(tmpdir(), 'rehearsed-'));
    const plain = mkdtempSync(join(tmpdir(), 'plain-'));
    writeReport(report, rehearsed);
    writeReport(before, plain);
    for (const file of REPORT_FILES) expect(readFileSync(join(rehearsed, file), 'utf8')).toBe(readFileSync(join(plain, file), 'utf8'));
  });
});
