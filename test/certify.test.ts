/**
 * The main job, end to end: `conformance run` with no target certifies the embedded reference server on all
 * 39 networks — exit 0, every network green, the four report files written and report.json valid against
 * the published schema. The clean half of "every check both ways" (test/faults/ is the other half).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_SLUGS } from '../src/contract/networks.js';
import { publishable } from '../src/contract/schema-files.js';
import { ReportSchema, type Report } from '../src/report/model.js';
import { SchemaValidators } from '../src/validation/validators.js';
import { brokenResults, readReport, runCliInProcess, type CliResult } from './support/run-cli.js';

const KEY = 'certify-test-key-5f0c2a9e';

describe('conformance run (embedded reference server, all networks)', () => {
  let result: CliResult;
  let report: Report;

  beforeAll(async () => {
    // As a user runs it: the default engine (the checks in a worker thread of their own, the server beside them).
    result = await runCliInProcess(['run', '--seed', '20261122'], { CONFORMANCE_ACCESS_KEY: KEY, CONFORMANCE_ENGINE: 'thread' });
    report = readReport(result.reportDir);
  }, 300_000);

  it('exits 0 with every MUST check passed on all 39 networks', () => {
    expect(
      brokenResults(report)
        .filter((r) => r.level === 'MUST')
        .map((r) => r.message),
    ).toEqual([]);
    expect(result.code, result.stderr).toBe(0);
    expect(report.verdict).toBe('pass');
    expect(report.networks.map((n) => n.slug)).toEqual([...NETWORK_SLUGS]);
    for (const network of report.networks) expect(network.status, network.slug).toBe('passed');
    expect(report.global.status).toBe('passed');
  });

  it('is complete: no MUST check skipped, the signature-step and chain-node checks among those that ran', () => {
    expect(report.coverage?.skippedBecause).toEqual([]);
    expect(report.coverage?.complete).toBe(true);
    expect(result.stdout).toMatch(/^✔ PASS — /m);
    const ran = new Set(
      report.networks.flatMap((n) => n.operations.flatMap((o) => o.checks.filter((c) => c.status === 'passed').map((c) => c.checkId))),
    );
    for (const check of ['step-signature-chain-id', 'native-balance-matches-chain-node']) expect(ran, check).toContain(check);
  });

  it('has no SHOULD findings on its own reference server either', () => {
    expect(brokenResults(report).map((r) => r.message)).toEqual([]);
  });

  it('writes the four report files, report.json valid against schemas/report.schema.json', () => {
    for (const file of ['report.json', 'report.md', 'report.html', 'junit.xml'])
      expect(existsSync(join(result.reportDir, file)), file).toBe(true);
    const validator = new SchemaValidators([publishable(ReportSchema)]);
    expect(validator.must(ReportSchema.$id!, JSON.parse(readFileSync(join(result.reportDir, 'report.json'), 'utf8')))).toEqual([]);
  });

  it('runs every operation on every network (and the Builder ones once)', () => {
    // 15 operations addressed per network, plus the service-wide checks of Marketplace, Relayer and Indexer
    for (const network of report.networks) expect(network.operations.length, network.slug).toBe(18);
    expect(report.global.operations.map((o) => o.operation).sort()).toEqual(
      ['API', 'Builder', 'Builder.CreateAudience', 'Builder.GetAudience', 'Builder.RemoveAudienceContacts', 'Metadata'].sort(),
    );
    expect(report.run.requests).toBeGreaterThan(1000);
  });

  it('prints a progress line per network and a summary', () => {
    for (const slug of NETWORK_SLUGS) expect(result.stdout).toMatch(new RegExp(`✔ ${slug}\\s`));
    expect(result.stdout).toContain('✔ PASS');
    expect(result.stdout).toContain('39/39 networks green');
  });

  it('never writes the access key or personal data (contact e-mails) into the report or the log', () => {
    for (const file of ['report.json', 'report.md', 'report.html', 'junit.xml']) {
      const text = readFileSync(join(result.reportDir, file), 'utf8');
      expect(text, file).not.toContain(KEY);
      expect(text, file).not.toMatch(/@example\.com/);
    }
    expect(result.stdout + result.stderr).not.toContain(KEY);
  });
});
