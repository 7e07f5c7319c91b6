/** The terminal's own parts: colour rules, inert server strings, grouped findings, the progress lines. */
import { describe, expect, it } from 'vitest';
import { inert, type TerminalOutput } from '../../reporters/terminal/output.js';
import { progressView } from '../../reporters/terminal/progress.js';
import { colourWanted, styleOf } from '../../reporters/terminal/style.js';
import { summaryLines } from '../../reporters/terminal/summary.js';
import { buildReport } from '../../src/report/build.js';
import type { CheckResult } from '../../src/report/model.js';

const plain = styleOf(false);

function result(
  network: string | null,
  checkId: string,
  status: CheckResult['status'],
  level: CheckResult['level'] = 'MUST',
  operation = 'Marketplace.GetFloorOrder',
): CheckResult {
  return {
    key: `${operation}:${checkId}`,
    checkId,
    operation,
    network,
    level,
    status,
    title: `title of ${checkId}`,
    ...(status === 'passed'
      ? {}
      : {
          message: `${operation} on ${network ?? 'global'} [${checkId}] at /x: broken`,
          reproduction: `curl -sS -X POST 'http://t/${network}'`,
        }),
    requests: 2,
    durationMs: 5,
  };
}

function reportOf(results: CheckResult[], strict = false) {
  return buildReport({
    tool: { name: 't', version: '0' },
    contractVersion: '1',
    run: {
      startedAt: new Date(0).toISOString(),
      durationMs: 1000,
      seed: 1,
      runs: 1,
      strict,
      readOnly: false,
      targets: { embedded: true, marketplace: 'm', api: 'a', metadata: 'm', relayer: 'r', indexer: 'i' },
      networks: ['polygon', 'base', 'amoy'],
      operations: ['Marketplace.GetFloorOrder', 'Relayer.FeeOptions'],
    },
    results,
  });
}

describe('colour', () => {
  it('is on for a TTY, off with NO_COLOR, and FORCE_COLOR wins over both', () => {
    expect(colourWanted(true, {})).toBe(true);
    expect(colourWanted(false, {})).toBe(false);
    expect(colourWanted(true, { NO_COLOR: '1' })).toBe(false);
    expect(colourWanted(true, { NO_COLOR: '' })).toBe(true);
    expect(colourWanted(false, { FORCE_COLOR: '1' })).toBe(true);
    expect(colourWanted(false, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(true);
    expect(colourWanted(true, { FORCE_COLOR: '0' })).toBe(false);
  });

  it('plain style adds nothing; colour style adds SGR codes', () => {
    expect(plain.fail('x')).toBe('x');
    expect(styleOf(true).fail('x')).toBe('\x1b[31mx\x1b[39m');
  });
});

describe('server strings reach the terminal inert', () => {
  it('escape sequences, carriage returns and newlines are shown, not obeyed', () => {
    expect(inert('a\x1b[2Jb\rc\nd\u009be')).toBe('a\\u001b[2Jb\\u000dc\\u000ad\\u009be');
  });

  it('a hostile message in a finding cannot clear the screen', () => {
    const hostile = { ...result('polygon', 'response-schema', 'failed'), message: 'evil \x1b[2J\x1b]0;title\x07 text' };
    const lines = summaryLines(reportOf([hostile]), [], { style: plain, quiet: false });
    expect(lines.join('\n')).not.toMatch(/\x1b/);
    expect(lines.join('\n')).toContain('evil \\u001b[2J');
  });
});

describe('the summary', () => {
  const results = [
    result('polygon', 'response-schema', 'failed'),
    result('base', 'response-schema', 'failed'),
    result('amoy', 'response-schema', 'passed'),
    result('polygon', 'order-chain-id', 'errored'),
    result('base', 'error-default-message', 'failed', 'SHOULD', 'Relayer.FeeOptions'),
    result('amoy', 'error-default-message', 'failed', 'SHOULD', 'Relayer.FeeOptions'),
    result('polygon', 'error-default-message', 'failed', 'SHOULD', 'Relayer.FeeOptions'),
    result(null, 'bad-route', 'failed', 'SHOULD', 'API'),
  ];

  it('groups failures by check key with their networks, MUST before SHOULD, each with its reproduction', () => {
    const text = summaryLines(reportOf(results), ['r/report.json'], { style: plain, quiet: false }).join('\n');
    expect(text).toContain('MUST failures — 2 checks');
    expect(text).toContain('✘ Marketplace.GetFloorOrder:response-schema — 2 networks: polygon, base');
    expect(text).toContain('✘ Marketplace.GetFloorOrder:order-chain-id — 1 network: polygon (1 errored');
    expect(text).toContain('SHOULD findings — 2 checks (reported; they fail the run only with --strict)');
    expect(text).toContain('⚠ Relayer.FeeOptions:error-default-message — all 3 networks');
    expect(text).toContain('⚠ API:bad-route — global');
    expect(text).toContain("reproduce: curl -sS -X POST 'http://t/polygon'");
    expect(text.indexOf('MUST failures')).toBeLessThan(text.indexOf('SHOULD findings'));
    expect(text).toMatch(/✘ FAIL — 1 passed, 3 MUST failed\/errored, 4 SHOULD findings/);
    expect(text).toContain('report: r/report.json');
  });

  it('under --strict a SHOULD-only run says the findings fail it', () => {
    const text = summaryLines(
      reportOf(
        results.filter((r) => r.level === 'SHOULD'),
        true,
      ),
      [],
      { style: plain, quiet: false },
    ).join('\n');
    expect(text).toContain('✘ FAIL');
    expect(text).toContain('(--strict: they fail the run)');
    expect(text).toContain('with --strict they fail the run');
    expect(text).toContain('0/3 networks green (failing: polygon, base, amoy)');
  });

  it('--quiet is the verdict line alone', () => {
    expect(summaryLines(reportOf(results), ['r'], { style: plain, quiet: true })).toEqual([
      '✘ FAIL — 1 passed, 3 MUST failed/errored, 4 SHOULD findings, 0 skipped — fails: 2 failing checks',
    ]);
  });
});

describe('progress', () => {
  function recorder(live: boolean) {
    const lines: string[] = [];
    const lives: string[] = [];
    const out: TerminalOutput = { line: (t) => lines.push(t), ...(live ? { live: (t: string) => lives.push(t) } : {}) };
    return { out, lines, lives };
  }
  const test = (network: string | null, operation: string, durationMs: number, testsDone: number) => ({
    operation,
    network,
    durationMs,
    testsDone,
    testsTotal: 4,
    results: [result(network, 'response-schema', 'passed', 'MUST', operation)],
  });

  it('in a log: a line per finished network, and per operation once a network is slow', () => {
    let clock = 0;
    const { out, lines } = recorder(false);
    const view = progressView({ out, style: plain, verbose: false, now: () => clock });
    view.testFinished(test('polygon', 'Marketplace.GetFloorOrder', 200, 1));
    expect(lines).toEqual([]);
    clock = 20_000;
    view.testFinished(test('base', 'Marketplace.GetFloorOrder', 15_000, 2));
    view.testFinished(test('base', 'Relayer.FeeOptions', 3_000, 3));
    view.networkFinished({
      network: 'base',
      counts: { passed: 2, failed: 0, errored: 0, skipped: 0, mustFailed: 0, shouldFailed: 0 },
      failing: false,
      networksDone: 1,
      networksTotal: 2,
    });
    view.stop();
    expect(lines[0]).toMatch(/^ {2}✔ base Marketplace\.GetFloorOrder: 1 check, 0 MUST failed, 15\.0 s$/);
    expect(lines[1]).toMatch(/^ {2}✔ base Relayer\.FeeOptions/);
    expect(lines[2]).toMatch(/^✔ base\s+2 passed\s+0 MUST failed\s+0 SHOULD\s+0 skipped\s+\[1\/2\]$/);
    expect(lines).toHaveLength(3);
  });

  it('on a TTY: a live line with tests, checks, requests per second and elapsed time', () => {
    let clock = 0;
    const { out, lives } = recorder(true);
    const view = progressView({ out, style: plain, verbose: false, now: () => clock });
    clock = 2_000;
    view.testFinished(test('polygon', 'Marketplace.GetFloorOrder', 200, 1));
    expect(lives.at(-1)).toBe('… tests 1/4 · 1 check · 1 req/s · 2.0 s');
    view.stop();
    expect(lives.at(-1)).toBe('');
  });

  it("shows the workers' request lines only with --verbose", () => {
    const quiet = recorder(false);
    const a = progressView({ out: quiet.out, style: plain, verbose: false });
    a.workerLine?.('→ POST http://x 200 3 ms');
    a.stop();
    expect(quiet.lines).toEqual([]);
    const loud = recorder(false);
    const b = progressView({ out: loud.out, style: plain, verbose: true });
    b.workerLine?.('→ POST http://x 200 3 ms');
    b.stop();
    expect(loud.lines).toEqual(['→ POST http://x 200 3 ms']);
  });
});
