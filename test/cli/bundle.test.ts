/**
 * In a source checkout the command line runs from a bundle of its sources (src/bundle/current.mjs): built on first
 * use, reused while the sources are unchanged, rebuilt when one changes (the checks' thread one file of its own),
 * and running the same checks as the TypeScript sources do.
 */
import { readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReportFile } from '../../src/report/report-checks.js';
import type { Report } from '../../src/report/model.js';
import { runCli } from '../support/run-cli.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'rpc-conformance');
/** Every check of a report with its network and status. */
const statuses = (report: Report): string[] =>
  [...report.networks.map((n) => ({ slug: n.slug, operations: n.operations })), { slug: 'global', operations: report.global.operations }]
    .flatMap(({ slug, operations }) => operations.flatMap((o) => o.checks.map((c) => `${slug} ${c.key ?? c.checkId} ${c.status}`)))
    .sort();
const bundles = (): string[] => readdirSync(CACHE).filter((name) => name.startsWith('cli-'));

describe('the command line bundle', () => {
  it('is reused while the sources are unchanged and rebuilt when one changes', async () => {
    expect((await runCli(['--version'])).code).toBe(0);
    const before = bundles();
    expect((await runCli(['--version'])).code).toBe(0);
    expect(bundles()).toEqual(before);

    const source = join(ROOT, 'src', 'runner', 'tool.ts');
    const { atime, mtime } = statSync(source);
    try {
      // A time no earlier run of this test used, so that its bundle cannot be in the cache already.
      utimesSync(source, atime, new Date(Date.now() + Math.floor(Math.random() * 1_000_000)));
      const changed = await runCli(['--version']);
      expect(changed.code).toBe(0);
      const added = bundles().filter((name) => !before.includes(name));
      expect(added).toHaveLength(1);
      for (const file of ['cli.mjs', 'check-thread.mjs']) expect(readdirSync(join(CACHE, added[0]!))).toContain(file);
      // The checks' thread is one file, its spec files inside: it imports no chunk beside it.
      const thread = readFileSync(join(CACHE, added[0]!, 'check-thread.mjs'), 'utf8');
      expect(thread).not.toMatch(/\bfrom\s*["']\.\/|\bimport\s*\(\s*["']\.\//);
    } finally {
      utimesSync(source, atime, mtime);
    }
  });

  it('runs the same checks, with the same requests and verdict, as the TypeScript sources', async () => {
    // An operation of each service: each loads its spec file and its handler through the bundle's own imports.
    const operations = [
      'Marketplace.GetFloorOrder',
      'API.IsValidETHAuthProof',
      'Metadata.TokenCollectionFilters',
      'Relayer.FeeOptions',
      'Indexer.GetNativeTokenBalance',
      'Builder.GetAudience',
    ];
    const args = ['run', '--networks', 'xai-sepolia', '--operations', operations.join(','), '--seed', '7'];
    const [bundled, sources] = await Promise.all([runCli(args), runCli(args, { CONFORMANCE_NO_BUNDLE: '1' })]);
    expect(bundled.code, bundled.stderr).toBe(0);
    expect(sources.code, sources.stderr).toBe(0);
    const [a, b] = [readReportFile(join(bundled.reportDir, 'report.json')), readReportFile(join(sources.reportDir, 'report.json'))];
    expect(a.verdict).toBe('pass');
    expect(a.run.requests).toBe(b.run.requests);
    expect(a.run.requests).toBeGreaterThan(0);
    expect(statuses(a).length).toBeGreaterThan(50);
    expect(statuses(a)).toEqual(statuses(b));
  }, 120_000);
});
