/**
 * The terminal and GitHub tell the gate's story: incidents and new failures first, expected failures listed as
 * expected, a verdict line naming why the run fails, at most 10 annotations the most important first with "and
 * N more" in the summary, an unwritable step summary a warning, a stopped run one line of counts, a misspelled
 * flag one line, --verbose agreeing with the report, diff warnings, unique anchors in report.md.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryLines } from '../../reporters/terminal/summary.js';
import { styleOf } from '../../reporters/terminal/style.js';
import { buildReport } from '../../src/report/build.js';
import type { CheckResult, Report } from '../../src/report/model.js';
import { applyExpectations } from '../../src/runner/expectations.js';
import { annotationsOf, publishReport } from '../../src/gate/github.js';
import { notRunResults } from '../../src/report/not-run.js';
import { renderMarkdown } from '../../reporters/render/markdown.js';
import { COMMENT_MARKER, MAX_COMMENT_CHARS, renderComment } from '../../src/gate/pr-comment.js';
import { readReport, runCliInProcess } from '../support/run-cli.js';

const plain = styleOf(false);
const FLOOR = 'Marketplace.GetFloorOrder';
const COUNT = 'Marketplace.GetCountOfFilteredCollectibles';

function result(
  operation: string,
  network: string | null,
  checkId: string,
  status: CheckResult['status'],
  level: CheckResult['level'] = 'MUST',
): CheckResult {
  return {
    key: `${operation}:${checkId}`,
    checkId,
    operation,
    network,
    level,
    status,
    title: `title of ${checkId}`,
    ...(status === 'passed' ? {} : { message: `${operation} on ${network ?? 'global'} [${checkId}] at /x: broken` }),
    requests: 1,
    durationMs: 1,
  };
}

function reportOf(results: CheckResult[], run: Partial<Report['run']> = {}): Report {
  return buildReport({
    tool: { name: 't', version: '0' },
    contractVersion: '1',
    run: {
      startedAt: new Date(0).toISOString(),
      durationMs: 1000,
      seed: 1,
      runs: 1,
      strict: false,
      readOnly: false,
      targets: { embedded: true, marketplace: 'm', api: 'a', metadata: 'm', relayer: 'r', indexer: 'i' },
      networks: ['polygon', 'base'],
      operations: [FLOOR, COUNT],
      ...run,
    },
    results,
  });
}

describe('the terminal tells the gate story', () => {
  const expectations = [
    { check: `${FLOOR}:order-chain-id`, networks: '*' as const, reason: 'ticket 12: chain id as a string' },
    { check: `${COUNT}:response-schema`, networks: ['base'], reason: 'ticket 13' },
  ];

  it('lists expected failures as expected, new failures first, and the verdict line names why it fails', () => {
    const results = applyExpectations(
      [
        result(FLOOR, 'polygon', 'order-chain-id', 'failed'),
        result(FLOOR, 'base', 'order-chain-id', 'failed'),
        result(COUNT, 'base', 'response-schema', 'passed'),
        result(COUNT, 'polygon', 'valid-request-not-5xx', 'failed'),
      ],
      expectations,
    );
    const text = summaryLines(reportOf(results), ['r/report.json'], { style: plain, quiet: false }).join('\n');
    expect(text).toContain('New failures (not in the expectations file) — 1 check');
    expect(text).toContain('Unexpected passes — 1 check (listed as expected failures, now passing: remove their lines)');
    expect(text).toContain('Expected failures — 1 check (listed in the expectations file; they do not fail the run)');
    expect(text).toContain(`○ ${FLOOR}:order-chain-id — 2 networks: polygon, base: ticket 12: chain id as a string`);
    expect(text.indexOf('New failures')).toBeLessThan(text.indexOf('Unexpected passes'));
    expect(text.indexOf('Unexpected passes')).toBeLessThan(text.indexOf('Expected failures'));
    expect(text).toMatch(
      /✘ FAIL — 1 passed, 1 MUST failed\/errored, 0 SHOULD findings, 2 expected failures, 0 skipped — fails: 1 new failure, 1 unexpected pass$/m,
    );
  });

  it('a fixed server with a stale expectation: the verdict line says the unexpected pass, not "0 MUST failed" alone', () => {
    const results = applyExpectations([result(COUNT, 'base', 'response-schema', 'passed')], expectations);
    const [verdict] = summaryLines(reportOf(results), [], { style: plain, quiet: true });
    expect(verdict).toBe('✘ FAIL — 1 passed, 0 MUST failed/errored, 0 SHOULD findings, 0 skipped — fails: 1 unexpected pass');
  });

  it('an incident comes first and is named in the verdict line', () => {
    const lines = summaryLines(
      reportOf([result(FLOOR, 'polygon', 'response-schema', 'failed')], { incident: 'the target refused the access key' }),
      [],
      {
        style: plain,
        quiet: false,
      },
    );
    expect(lines.filter((l) => l !== '')[0]).toBe('incident: the target refused the access key');
    expect(lines.join('\n')).toMatch(/— fails: an incident, 1 failing check$/m);
  });

  it('a run stopped by Ctrl-C is one line of counts and the report, not a line per operation not run', () => {
    const why = 'stopped by SIGINT';
    const ran = [
      result(FLOOR, 'polygon', 'response-schema', 'passed'),
      result(FLOOR, 'polygon', 'order-chain-id', 'failed'),
      {
        ...result(FLOOR, 'polygon', 'order-price', 'errored'),
        message: `${FLOOR} on polygon [order-price]: no usable answer (connection): not sent: ${why}`,
      },
    ];
    const report = {
      ...reportOf([...ran, ...notRunResults([FLOOR, COUNT], ['polygon', 'base'], ran, why)], { interrupted: why, incident: why }),
      verdict: 'errored' as const,
    };
    expect(summaryLines(report, ['r/report.json'], { style: plain, quiet: false })).toEqual([
      '✘ INTERRUPTED — 2 checks ran (1 passed, 1 failed, 0 errored, 0 skipped), 1 stopped before sending, 3 operations not run',
      'report: r/report.json',
    ]);
  });
});

describe('GitHub', () => {
  it('annotates the incident first, then the widest failures', () => {
    const report = reportOf(
      [
        result(FLOOR, 'polygon', 'order-chain-id', 'failed'),
        result(COUNT, 'polygon', 'response-schema', 'failed'),
        result(COUNT, 'base', 'response-schema', 'failed'),
      ],
      { incident: 'base unreachable' },
    );
    expect(annotationsOf(report).map((a) => a.title)).toEqual([
      'incident',
      `MUST ${COUNT}:response-schema`,
      `MUST ${FLOOR}:order-chain-id`,
    ]);
  });

  it('an unwritable step summary is a warning; nothing is thrown', () => {
    const lines: string[] = [];
    const dir = mkdtempSync(join(tmpdir(), 'summary-'));
    expect(() => publishReport(reportOf([]), { log: (l) => lines.push(l) }, { GITHUB_STEP_SUMMARY: dir })).not.toThrow();
    expect(lines).toEqual([
      '::warning title=step summary::cannot write $GITHUB_STEP_SUMMARY (EISDIR): the summary is not published; the verdict stands',
    ]);
  });
});

describe('the pull request comment', () => {
  it('stays within 65,536 characters however many checks fail, and keeps the artefact link', () => {
    const long = 'x'.repeat(400);
    const results = Array.from({ length: 3000 }, (_, i) => ({
      ...result(FLOOR, i % 2 ? 'polygon' : 'base', `check-${i}`, 'failed'),
      message: `${FLOOR} [check-${i}]: ${long}`,
    }));
    const body = renderComment(reportOf(results, { incident: 'base answered 500 to everything' }), {
      artifactUrl: 'https://example.test/a/1',
    });
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS);
    expect(body.startsWith(COMMENT_MARKER)).toBe(true);
    expect(body).toMatch(/… and \d+ more in the report\./);
    expect(body.indexOf('### Incident')).toBeLessThan(body.indexOf('### Failures'));
    expect(body.trimEnd().endsWith('(https://example.test/a/1)')).toBe(true);
  });
});

describe('report.md', () => {
  it('has unique anchors when the failures of one operation are not next to each other in report order', () => {
    const md = renderMarkdown(
      reportOf([
        result(FLOOR, 'polygon', 'order-chain-id', 'failed'),
        result(COUNT, 'polygon', 'response-schema', 'failed'),
        result(FLOOR, 'base', 'response-schema', 'failed'),
      ]),
    );
    const ids = [...md.matchAll(/id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    expect(md.match(new RegExp(`^### ${FLOOR.replace('.', '\\.')}$`, 'gm'))).toHaveLength(1);
  });
});

/** A server failing everywhere: every request is answered 500 with a body that is not JSON. */
let failing: Server;
let failingOrigin: string;

beforeAll(async () => {
  failing = createServer((_req, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('down'));
  await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
  failingOrigin = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => failing?.close(resolve)));

describe('through the command line', () => {
  it('a server failing everywhere under GitHub Actions: at most 10 annotations, "and N more" in the summary', async () => {
    const summary = join(mkdtempSync(join(tmpdir(), 'summary-')), 'summary.md');
    writeFileSync(summary, '');
    const run = await runCliInProcess(
      [
        'run',
        '--target',
        failingOrigin,
        '--networks',
        'polygon,base',
        '--operations',
        `${FLOOR},${COUNT},Relayer.FeeOptions`,
        '--runs',
        '1',
      ],
      { CONFORMANCE_ACCESS_KEY: 'some-key-1234', GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary },
    );
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const annotations = run.stdout.split('\n').filter((l) => l.startsWith('::error '));
    expect(annotations.length).toBeGreaterThan(0);
    expect(annotations.length).toBeLessThanOrEqual(10);
    const all = annotationsOf(readReport(run.reportDir));
    if (all.length > 10) expect(readFileSync(summary, 'utf8')).toContain(`and ${all.length - 10} more`);
    expect(all.length).toBeGreaterThan(10);
  }, 240_000);

  it('an unwritable step summary never changes the exit code of a passing run', async () => {
    const run = await runCliInProcess(['run', '--networks', 'polygon', '--operations', 'Relayer.FeeOptions', '--runs', '1'], {
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: '/nonexistent/dir/summary.md',
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('::warning title=step summary::cannot write $GITHUB_STEP_SUMMARY (ENOENT)');
    expect(run.stderr).not.toMatch(/at .*\.ts:\d+/);
  }, 240_000);

  it('a misspelled flag is one line with "did you mean", exit 2', async () => {
    const run = await runCliInProcess(['run', '--stirct']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe("error: unknown option '--stirct' — did you mean --strict? (--help lists the options)");
    expect(run.stdout).toBe('');
  });

  it("--verbose shows as many requests as the report counts, also when the chosen check judges the others' answers", async () => {
    const run = await runCliInProcess([
      'run',
      '--networks',
      'polygon',
      '--operations',
      'Relayer.FeeOptions',
      '--checks',
      'error-default-message',
      '--runs',
      '1',
      '--verbose',
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const shown = run.stdout.split('\n').filter((l) => l.startsWith('→ ')).length;
    expect(shown).toBeGreaterThan(0);
    expect(readReport(run.reportDir).run.requests).toBe(shown);
  }, 240_000);

  it('diff warns when the runs differ in seed, networks or profile, and keeps its answer short, summary first', async () => {
    const make = (run: Partial<Report['run']>, networks: string[]) => {
      const results = networks.flatMap((n) => Array.from({ length: 40 }, (_, i) => result(FLOOR, n, `check-${i}`, 'failed')));
      const dir = mkdtempSync(join(tmpdir(), 'diff-'));
      writeFileSync(join(dir, 'report.json'), JSON.stringify(reportOf(results, { networks, ...run })));
      return dir;
    };
    const base = make({ seed: 1 }, ['polygon']);
    const head = make({ seed: 2, profile: 'quick' }, ['base']);
    const diff = await runCliInProcess(['diff', base, head]);
    expect(diff.code).toBe(1);
    expect(diff.stderr).toContain('warning: the runs have different seeds (1 vs 2)');
    expect(diff.stderr).toContain('warning: the runs differ in networks (BASE only: polygon; HEAD only: base)');
    expect(diff.stderr).toContain('warning: the runs have different profiles (full vs quick)');
    const lines = diff.stdout.split('\n');
    expect(lines[2]).toMatch(
      /^\*\*HEAD has new failures\.\*\* 40 new failures · 0 fixed · 0 still failing · 40 checks added · 40 checks gone$/,
    );
    expect(diff.stdout).toContain('… and 20 more checks (`--format json` lists them all).');
    expect(diff.stdout.length).toBeLessThan(20_000);
  });
});
