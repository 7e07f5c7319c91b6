/**
 * The gate's logic on hand-built reports: the shard partition, expectations (file, marks, verdict), merge
 * refusals, diff categories, GitHub annotations, the size of report.md, JUnit marks and the history page.
 * The same commands against real servers are in the other files of this directory.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NETWORK_SLUGS } from '../../src/contract/networks.js';
import { OPERATIONS, operationId } from '../../src/contract/operations.js';
import type { CheckResult, Report } from '../../src/report/model.js';
import { workUnits } from '../../src/harness/work.js';
import { parseShard, selectShard, shardUnits } from '../../src/runner/shard.js';
import { applyExpectations, expectationsOf, loadExpectations, renderExpectations } from '../../src/runner/expectations.js';
import { mergeReports } from '../../src/gate/merge.js';
import { diffReports } from '../../src/gate/diff.js';
import { annotationLines, annotationsOf, MAX_ANNOTATIONS, moreAnnotationsNote } from '../../src/gate/github.js';
import { renderHistory } from '../../src/gate/history.js';
import { renderJunit, renderMarkdown } from '../../reporters/render/index.js';
import { MARKDOWN_MAX_CHARS } from '../../reporters/render/markdown.js';
import { reportOf } from '../support/report-fixtures.js';

const ALL_OPS = OPERATIONS.map(operationId);
const FLOOR = 'Marketplace.GetFloorOrder';

function result(
  operation: string,
  network: string | null,
  checkId: string,
  status: CheckResult['status'],
  extra: Partial<CheckResult> = {},
): CheckResult {
  return {
    key: `${operation}:${checkId}`,
    checkId,
    operation,
    network,
    level: 'MUST',
    title: `title of ${checkId}`,
    status,
    ...(status === 'failed' ? { message: `${operation} on ${network ?? 'global'} [${checkId}]: broken`, pointer: '/order/chainId' } : {}),
    requests: 1,
    durationMs: 1,
    ...extra,
  };
}

function tempFile(name: string, content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'gate-')), name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('--shard i/n', () => {
  it('gives every unit of the full default run to exactly one shard, in shares that differ by at most one', () => {
    const all = workUnits(ALL_OPS, NETWORK_SLUGS).map((u) => u.id);
    expect(all.length).toBe(15 * 39 + 3 + 39 + 1);
    for (const n of [1, 2, 3, 7]) {
      const shares = Array.from({ length: n }, (_, i) => shardUnits(ALL_OPS, NETWORK_SLUGS, { index: i + 1, count: n }));
      expect(shares.flat().sort()).toEqual([...all].sort());
      const sizes = shares.map((s) => s.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
    // Deterministic: the same flags give the same share.
    expect(shardUnits(ALL_OPS, NETWORK_SLUGS, { index: 2, count: 3 })).toEqual(shardUnits(ALL_OPS, NETWORK_SLUGS, { index: 2, count: 3 }));
  });

  it('refuses a malformed shard or more shards than units, with one line', () => {
    expect(() => parseShard('2')).toThrow('--shard: expected i/n (e.g. 2/3), got "2"');
    expect(() => parseShard('4/3')).toThrow('--shard: the index must be between 1 and 3, got 4');
    expect(() => parseShard('0/3')).toThrow('between 1 and 3');
    expect(() => selectShard({ operations: ['Builder.GetAudience'], networks: ['polygon'], shard: { index: 1, count: 3 } })).toThrow(
      '--shard 1/3: this run has only 2 units of work',
    );
  });
});

describe('expectations', () => {
  it('loads a valid file and refuses unknown checks, operations, networks, per-network lists on global checks, and repeats', () => {
    const ok = tempFile('e.json', {
      expectations: [
        { check: `${FLOOR}:order-chain-id`, networks: ['xai-sepolia'], reason: 'ticket 12' },
        { check: 'Builder.GetAudience:response-schema', networks: '*', reason: 'r' },
      ],
    });
    expect(loadExpectations(ok)).toHaveLength(2);
    const bad = (entry: unknown) => tempFile('e.json', { expectations: [entry] });
    expect(() => loadExpectations(bad({ check: `${FLOOR}:no-such-check`, networks: '*', reason: 'r' }))).toThrow(
      'no check "no-such-check" in the catalogue',
    );
    expect(() => loadExpectations(bad({ check: 'Marketplace.NoSuch:response-schema', networks: '*', reason: 'r' }))).toThrow(
      'no operation or service "Marketplace.NoSuch"',
    );
    expect(() => loadExpectations(bad({ check: `${FLOOR}:order-chain-id`, networks: ['atlantis'], reason: 'r' }))).toThrow(
      'unknown network slug: atlantis',
    );
    expect(() => loadExpectations(bad({ check: 'Builder.GetAudience:response-schema', networks: ['polygon'], reason: 'r' }))).toThrow(
      'not checked per network',
    );
    expect(() => loadExpectations(bad({ check: `${FLOOR}:order-chain-id`, reason: 'r' }))).toThrow(
      'does not match schemas/expectations.schema.json',
    );
    const twice = tempFile('e.json', {
      expectations: [
        { check: `${FLOOR}:order-chain-id`, networks: '*', reason: 'a' },
        { check: `${FLOOR}:order-chain-id`, networks: ['base'], reason: 'b' },
      ],
    });
    expect(() => loadExpectations(twice)).toThrow('listed twice');
    expect(() => loadExpectations('/nonexistent/e.json')).toThrow('--expectations: cannot read /nonexistent/e.json: ENOENT');
  });

  it('marks listed failures expected (the run passes) and listed passes unexpected (the run fails)', () => {
    const expectations = [{ check: `${FLOOR}:order-chain-id`, networks: ['xai-sepolia'], reason: 'ticket 12' }];
    const failing = applyExpectations(
      [result(FLOOR, 'xai-sepolia', 'order-chain-id', 'failed'), result(FLOOR, 'polygon', 'order-chain-id', 'passed')],
      expectations,
    );
    const expected = reportOf(failing);
    expect(expected.verdict).toBe('pass');
    expect(expected.counts).toMatchObject({ mustFailed: 0, failed: 1, expectedFailures: 1 });
    const passing = applyExpectations([result(FLOOR, 'xai-sepolia', 'order-chain-id', 'passed')], expectations);
    const unexpected = reportOf(passing);
    expect(unexpected.verdict).toBe('fail');
    expect(unexpected.counts.unexpectedPasses).toBe(1);
    expect(unexpected.networks[0]!.status).toBe('failed');
    expect(passing[0]!.message).toContain(
      'Marketplace.GetFloorOrder on xai-sepolia [order-chain-id]: listed as an expected failure (ticket 12) but passed',
    );
    // A skipped check proves nothing either way.
    expect(applyExpectations([result(FLOOR, 'xai-sepolia', 'order-chain-id', 'skipped')], expectations)[0]!.expectation).toBeUndefined();
  });

  it('writes the file of a report sorted and stable, "*" for a global check, the reasons left TODO', () => {
    const r = reportOf([
      result(FLOOR, 'polygon', 'order-chain-id', 'failed'),
      result('Builder.GetAudience', null, 'response-schema', 'failed'),
      result(FLOOR, 'base', 'order-chain-id', 'errored'),
      result(FLOOR, 'base', 'response-schema', 'passed'),
      result('API.GetSwapPrice', null, 'response-conventions', 'failed', { level: 'SHOULD' }),
    ]);
    const text = renderExpectations(expectationsOf(r));
    expect(JSON.parse(text).expectations).toEqual([
      { check: 'Builder.GetAudience:response-schema', networks: '*', reason: 'TODO' },
      { check: `${FLOOR}:order-chain-id`, networks: ['base', 'polygon'], reason: 'TODO' },
    ]);
    expect(renderExpectations(expectationsOf(r))).toBe(text);
    // The file it writes is one `run --expectations` accepts.
    expect(loadExpectations(tempFile('e.json', text))).toHaveLength(2);
  });
});

describe('merge', () => {
  const shard = (index: number, count: number, run: Partial<Report['run']> = {}) => ({
    file: `s${index}/report.json`,
    report: reportOf([result(FLOOR, 'polygon', 'response-schema', 'passed')], { shard: { index, count }, ...run }),
  });

  it('refuses shards of different seeds, targets or contract versions, and names a missing or repeated shard', () => {
    expect(() => mergeReports([shard(1, 2), shard(2, 2, { seed: 8 })])).toThrow(
      'merge: s1/report.json and s2/report.json differ in seed (7 vs 8)',
    );
    const other = shard(2, 2);
    expect(() => mergeReports([shard(1, 2), { ...other, report: { ...other.report, contractVersion: 'v2' } }])).toThrow(
      'differ in contract version',
    );
    expect(() =>
      mergeReports([shard(1, 2), shard(2, 2, { targets: { ...other.report.run.targets, api: 'https://elsewhere.example' } })]),
    ).toThrow('differ in targets');
    // A report from before profiles (none recorded) is a full one.
    expect(() => mergeReports([shard(1, 2), shard(2, 2, { profile: 'quick' })])).toThrow('differ in profile ("full" vs "quick")');
    expect(mergeReports([shard(1, 2), shard(2, 2, { profile: 'full' })]).run.shard).toBeUndefined();
    expect(() => mergeReports([shard(1, 3), shard(3, 3)])).toThrow('merge: shard 2/3 missing');
    expect(() => mergeReports([shard(1, 2), shard(1, 2)])).toThrow('shard 1/2 given twice');
    expect(() => mergeReports([{ file: 'x.json', report: reportOf([]) }])).toThrow("x.json is not a shard's report");
  });

  it("adds up the shards' requests, throttling and writes, each audience written to named once", () => {
    const merged = mergeReports([
      shard(1, 3, {
        requests: 10,
        throttling: { throttled: 2, waitedMs: 500 },
        writes: { createAudience: 1, removeAudienceContacts: 2, audienceIds: ['17'] },
      }),
      shard(2, 3, { requests: 5 }),
      shard(3, 3, {
        requests: 7,
        throttling: { throttled: 0, waitedMs: 40 },
        writes: { createAudience: 3, removeAudienceContacts: 1, audienceIds: ['17', '29'] },
      }),
    ]);
    expect(merged.run.requests).toBe(22);
    expect(merged.run.throttling).toEqual({ throttled: 2, waitedMs: 540 });
    expect(merged.run.writes).toEqual({ createAudience: 4, removeAudienceContacts: 3, audienceIds: ['17', '29'] });
    expect(mergeReports([shard(1, 2), shard(2, 2)]).run.writes).toBeUndefined();
  });
});

describe('diff', () => {
  const base = reportOf([
    result(FLOOR, 'polygon', 'order-chain-id', 'failed'),
    result(FLOOR, 'base', 'order-chain-id', 'failed'),
    result(FLOOR, 'polygon', 'response-schema', 'passed'),
    result(FLOOR, 'polygon', 'bad-method', 'passed'),
  ]);
  const head = reportOf([
    result(FLOOR, 'polygon', 'order-chain-id', 'failed'),
    result(FLOOR, 'base', 'order-chain-id', 'passed'),
    result(FLOOR, 'polygon', 'response-schema', 'failed'),
    result(FLOOR, 'polygon', 'floor-order-is-listing', 'passed', { level: 'SHOULD' }),
  ]);

  it('sorts every check and network into new, fixed, still failing, added and gone, and flags the regression', () => {
    const d = diffReports({ file: 'base', report: base }, { file: 'head', report: head });
    const places = (entries: readonly { key: string; network: string | null }[]) => entries.map((e) => `${e.key}@${e.network}`);
    expect(places(d.newFailures)).toEqual([`${FLOOR}:response-schema@polygon`]);
    expect(places(d.fixed)).toEqual([`${FLOOR}:order-chain-id@base`]);
    expect(places(d.stillFailing)).toEqual([`${FLOOR}:order-chain-id@polygon`]);
    expect(places(d.added)).toEqual([`${FLOOR}:floor-order-is-listing@polygon`]);
    expect(places(d.gone)).toEqual([`${FLOOR}:bad-method@polygon`]);
    expect(d.regressed).toBe(true);
    expect(diffReports({ file: 'head', report: head }, { file: 'head', report: head }).regressed).toBe(false);
  });

  it('refuses reports of different contract versions', () => {
    expect(() => diffReports({ file: 'a', report: base }, { file: 'b', report: { ...head, contractVersion: 'v2' } })).toThrow(
      'diff: BASE a is of contract version v1, HEAD b of v2: runs against different contracts cannot be compared',
    );
  });
});

/** A server failing every MUST check of every operation on all 39 networks, with long messages. */
function allBroken(): Report {
  const checks = [
    'response-schema',
    'valid-request-not-5xx',
    'invalid-request-not-5xx',
    'auth-missing-key',
    'auth-invalid-key',
    'error-body-schema',
    'order-chain-id',
  ];
  const long = 'x'.repeat(600);
  const results = ALL_OPS.flatMap((op) =>
    (op.startsWith('Builder.') ? [null] : NETWORK_SLUGS).flatMap((network) =>
      checks.map((checkId) =>
        result(op, network, checkId, 'failed', {
          message: `${op} on ${network ?? 'global'} [${checkId}]: ${long}`,
          expected: long,
          actual: long,
          reproduction: `curl -sS -X POST 'https://m.example/${network}/rpc/${op}' -d '${long}'`,
        }),
      ),
    ),
  );
  return reportOf(results, { networks: [...NETWORK_SLUGS], operations: ALL_OPS });
}

describe('report.md where it goes', () => {
  it('stays under 60,000 characters for a server failing on all 39 networks, one entry per check listing its networks', () => {
    const r = allBroken();
    const md = renderMarkdown(r);
    expect(md.length).toBeLessThanOrEqual(MARKDOWN_MAX_CHARS);
    expect(md).toContain(`#### MUST \`response-schema\`: ✘ failed on all 39 networks`);
    // Every failing check is named, with its evidence or, once space runs short, in one line.
    const named = md.match(/^(?:#### |- )MUST `[^`]+`: ✘ failed on (?:all 39 networks|global)/gm)?.length ?? 0;
    expect(named).toBe(ALL_OPS.length * 7);
    expect(md).toMatch(/^- MUST `[^`]+`: ✘ failed on all 39 networks \(evidence in report\.html\)$/m);
  });

  it('counts what does not fit and points to report.html', () => {
    const md = renderMarkdown(allBroken(), 10_000);
    expect(md.length).toBeLessThanOrEqual(10_000);
    const omitted = Number(
      /^> \*\*(\d+) more entries did not fit in report\.md \(kept under 10,000 characters\): see report\.html or report\.json\.\*\*$/m.exec(
        md,
      )?.[1],
    );
    const named = md.match(/^(?:#### |- )MUST `/gm)?.length ?? 0;
    expect(omitted).toBeGreaterThan(0);
    expect(named + omitted).toBe(ALL_OPS.length * 7);
  });

  it('annotates each failing check key once with its networks, at most 10, the widest first; the summary says how many more', () => {
    const r = allBroken();
    const annotations = annotationsOf(r);
    expect(annotations.length).toBe(ALL_OPS.length * 7);
    expect(annotations[0]!.message).toMatch(/^failed on all 39 networks: /);
    const lines = annotationLines(annotations);
    expect(lines).toHaveLength(MAX_ANNOTATIONS);
    expect(MAX_ANNOTATIONS).toBe(10);
    expect(moreAnnotationsNote(annotations)).toContain(`and ${annotations.length - 10} more`);
    expect(moreAnnotationsNote(annotations.slice(0, 10))).toBeUndefined();
    // A message cannot forge another workflow command: line breaks and % are escaped, properties lose : and ,.
    expect(annotationLines([{ title: 'MUST a:b,c', message: 'one\n::error::forged 100%' }])).toEqual([
      '::error title=MUST a%3Ab%2Cc::one%0A::error::forged 100%25',
    ]);
  });

  it('JUnit: expected failures are skipped with the reason, unexpected passes are failures', () => {
    const expectations = [{ check: `${FLOOR}:order-chain-id`, networks: '*' as const, reason: 'ticket 12' }];
    const r = reportOf(
      applyExpectations(
        [result(FLOOR, 'polygon', 'order-chain-id', 'failed'), result(FLOOR, 'base', 'order-chain-id', 'passed')],
        expectations,
      ),
    );
    const xml = renderJunit(r);
    expect(xml).toMatch(
      /<testcase classname="polygon\.Marketplace\.GetFloorOrder" name="order-chain-id"[^>]*><skipped message="expected failure \(ticket 12\): /,
    );
    expect(xml).toMatch(
      /<testcase classname="base\.Marketplace\.GetFloorOrder" name="order-chain-id"[^>]*><failure type="unexpected-pass" message="unexpected pass: listed as an expected failure \(ticket 12\)/,
    );
    const md = renderMarkdown(r);
    expect(md).toContain('## Unexpected passes');
    expect(md).toContain('## Expected failures');
    expect(md).not.toContain('## Failures (MUST)');
  });
});

describe('history', () => {
  it('shows each night and network, since when a network is red, and escapes what the reports say', () => {
    const night = (day: string, failing: string[]) =>
      reportOf(
        ['polygon', 'base'].map((n) => result(FLOOR, n, 'order-chain-id', failing.includes(n) ? 'failed' : 'passed')),
        { startedAt: `2026-01-0${day}T03:17:00.000Z` },
      );
    const html = renderHistory([
      { file: 'n3', report: night('3', ['base']) },
      { file: 'n1', report: night('1', []) },
      { file: 'n2', report: night('2', ['base', 'polygon']) },
      { file: '<script>', report: night('4', ['base']) },
    ]);
    expect(html.indexOf('2026-01-01 03:17')).toBeLessThan(html.indexOf('2026-01-02 03:17'));
    expect(html).toMatch(/<td class="net">base<\/td><td class="since">red since 2026-01-02 03:17<\/td>/);
    expect(html).toMatch(/<td class="net">polygon<\/td><td class="since"><\/td>/);
    expect(html).toContain('Marketplace.GetFloorOrder:order-chain-id');
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/<link|src=/);
  });
});
