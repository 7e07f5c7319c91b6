/**
 * Recorded runs re-judged offline: `run --record` against a broken server keeps every exchange in a cassette
 * (no key, valid against schemas/cassette.schema.json); with the server stopped, `replay` finds the same failed
 * checks (exit 1) and says no verdict changed; a request missing from the cassette skips its check with that
 * reason, and the replay lists the verdicts that changed.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isBroken } from '../../src/report/broken-checks.js';
import type { Report } from '../../src/report/model.js';
import { faultByName } from '../../src/server/faults.js';
import { startReferenceServer } from '../../src/server/index.js';
import { checksOf } from '../../src/report/report-checks.js';
import { CassetteSchema, LIMITED_KEY_CLASS, type Cassette } from '../../src/runner/cassette.js';
import { replayPath } from '../../src/replay/replay.js';
import { hasSecretPath } from '../../src/report/run-inputs.js';
import { SchemaValidators } from '../../src/validation/validators.js';
import { publishable } from '../../src/contract/schema-files.js';
import { readReport, runCliInProcess, targetArgs, type CliResult } from '../support/run-cli.js';

const SCOPE = [
  '--networks',
  'polygon,base',
  '--operations',
  'Marketplace.GetCountOfFilteredCollectibles,API.GetSwapPrice,Builder.GetAudience',
  '--runs',
  '2',
  '--seed',
  '3',
];

const failed = (report: Report): string[] =>
  checksOf(report)
    .filter(isBroken)
    .map((c) => `${c.key}@${c.network} ${c.status}`)
    .sort();

let dir: string;
let cassetteFile: string;
let recorded: CliResult;
let keys: string[];

beforeAll(async () => {
  const broken = await startReferenceServer({ host: '127.0.0.1', port: 0, faults: [faultByName('one-broken-network')!.hooks] });
  const target = targetArgs(broken);
  keys = [broken.accessKey, broken.limitedAccessKey];
  dir = mkdtempSync(join(tmpdir(), 'record-'));
  cassetteFile = join(dir, 'night.cassette.json');
  recorded = await runCliInProcess(['run', ...target.args, ...SCOPE, '--record', cassetteFile], target.env);
  // The server is gone before anything is replayed.
  await broken.close();
}, 240_000);

describe('run --record', () => {
  it('writes a cassette of every exchange, valid against its schema, without the keys', () => {
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(1);
    expect(recorded.stdout).toMatch(/^cassette: .*night\.cassette\.json \(\d+ exchanges\)$/m);
    const text = readFileSync(cassetteFile, 'utf8');
    for (const key of keys) expect(text).not.toContain(key);
    const cassette = JSON.parse(text) as Cassette;
    const issues = new SchemaValidators([publishable(CassetteSchema)]).must(CassetteSchema.$id!, cassette);
    expect(issues).toEqual([]);
    // The run's requests, and the probe's before them (one per base the run's operations use).
    const requests = readReport(recorded.reportDir).run.requests;
    expect(cassette.exchanges.length).toBeGreaterThan(requests);
    expect(cassette.exchanges.length).toBeLessThanOrEqual(requests + 5);
    expect(cassette.exchanges.some((x) => x.request.headers['x-access-key'] === LIMITED_KEY_CLASS)).toBe(true);
  });

  it('a cassette that cannot be written is refused before anything is sent (exit 2, one line)', async () => {
    const result = await runCliInProcess(['run', ...SCOPE, '--record', '/nonexistent/dir/c.json']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe('conformance: --record: cannot write /nonexistent/dir/c.json: ENOENT');
  });
});

describe('replay', () => {
  it('re-judges offline: the same failed checks, exit 1, no verdict changed', async () => {
    const result = await runCliInProcess(['replay', cassetteFile, '--report-dir', join(dir, 'replayed')]);
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(failed(readReport(join(dir, 'replayed')))).toEqual(failed(readReport(recorded.reportDir)));
    expect(failed(readReport(join(dir, 'replayed'))).length).toBeGreaterThan(0);
    expect(result.stdout).toContain('no verdict changed against the recorded run');
  }, 240_000);

  it('skips a check whose request is not in the cassette, with that reason, and lists the verdicts that changed', async () => {
    const cassette = JSON.parse(readFileSync(cassetteFile, 'utf8')) as Cassette;
    const cut = {
      ...cassette,
      exchanges: cassette.exchanges.filter(
        (x) => !(x.request.url.includes('/base/') && x.request.url.endsWith('GetCountOfFilteredCollectibles')),
      ),
    };
    const file = join(dir, 'cut.cassette.json');
    writeFileSync(file, JSON.stringify(cut));
    const out = join(dir, 'replayed-cut');
    const result = await runCliInProcess(['replay', file, '--report-dir', out]);
    const skipped = checksOf(readReport(out)).filter(
      (c) => c.network === 'base' && c.operation === 'Marketplace.GetCountOfFilteredCollectibles' && c.status === 'skipped',
    );
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped[0]!.message).toMatch(
      /not in the cassette: POST http:\/\/127\.0\.0\.1:\d+\/o\/http\/127\/0\/0\/1\/\d+\/marketplace\/base\/.* was not sent by the recorded run/,
    );
    expect(result.stdout).toMatch(/request\(s\) were not in the cassette: their checks are skipped with that reason/);
    expect(result.stdout).toMatch(/^ {2}Marketplace\.GetCountOfFilteredCollectibles:response-schema@base: failed → skipped$/m);
  }, 240_000);

  it('keeps each recorded origin apart in the replay path, with no segment the redactor would take for a key', () => {
    expect(replayPath('https://marketplace-api.sequence.example:8443/rpc/X')).toBe('/o/https/marketplace-api/sequence/example/8443/rpc/X');
    expect(replayPath('https://{network}-relayer.example.com')).toBe('/o/https/{network}-relayer/example/com/');
    expect(hasSecretPath(`http://127.0.0.1:1${replayPath('https://marketplace-api.sequence.example/marketplace')}`)).toBe(false);
  });

  it('refuses a file that is not a cassette (exit 2, one line)', async () => {
    const result = await runCliInProcess(['replay', join(recorded.reportDir, 'report.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toMatch(/^conformance: replay: .*report\.json is not a cassette \(schemas\/cassette\.schema\.json\): /);
  });
});
