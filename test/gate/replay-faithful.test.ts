/**
 * A faithful, deterministic replay, tried as a user would: a run recorded through the command line (two
 * networks, the server's fixtures and chain node, three property runs, every operation) replayed three times
 * with the server gone gives the recorded verdicts each time, every request meeting its own recorded answer. The matching
 * itself: a request that differs from a recorded one only by its Content-Type (or its key) is not answered by
 * that recording, and each recorded exchange answers once, in the recorded order among equal requests.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultByName } from '../../src/server/faults.js';
import { startReferenceServer } from '../../src/server/index.js';
import { checksOf, placeOf } from '../../src/report/report-checks.js';
import { ACCESS_KEY_CLASS, type Cassette } from '../../src/runner/cassette.js';
import { serveCassette, type ReplayServer } from '../../src/replay/replay.js';
import { NOT_IN_CASSETTE_HEADER } from '../../src/transport/not-in-cassette.js';
import type { Report } from '../../src/report/model.js';
import { readReport, runCli, targetArgs, type CliResult } from '../support/run-cli.js';

const verdicts = (report: Report): Record<string, string> => Object.fromEntries(checksOf(report).map((c) => [placeOf(c), c.status]));

const RECORDED_SEED = 627377968;
let dir: string;
let cassetteFile: string;
let recorded: CliResult;

beforeAll(async () => {
  const server = await startReferenceServer({
    host: '127.0.0.1',
    port: 0,
    faults: [faultByName('one-broken-network')!.hooks],
    embeddedChainNode: { networks: ['polygon', 'base'] },
  });
  const target = targetArgs(server);
  target.args.push('--chain-rpc-url', server.chainNode!.urlTemplate);
  dir = mkdtempSync(join(tmpdir(), 'faithful-'));
  cassetteFile = join(dir, 'run.cassette.json');
  // A fixed seed keeps the gate's own test deterministic. This one drew a malformed body cut inside a surrogate
  // pair: that body went out as UTF-8 with U+FFFD, not as recorded, until the kept body became the sent one.
  recorded = await runCli(
    [
      'run',
      ...target.args,
      '--networks',
      'polygon,base',
      '--runs',
      '3',
      '--seed',
      String(RECORDED_SEED),
      '--record',
      cassetteFile,
      '--report-dir',
      join(dir, 'recorded'),
    ],
    target.env,
  );
  await server.close();
}, 600_000);

describe('replaying a recorded run three times', () => {
  it('gives the recorded verdicts each time: no verdict changed, no request missing from the cassette', async () => {
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(1);
    const before = readReport(join(dir, 'recorded'));
    expect(before.run.runId).toMatch(/^[0-9a-f]{12}$/);
    const cassette = JSON.parse(readFileSync(cassetteFile, 'utf8')) as Cassette;
    // The run made up audiences under its id: the replay must name them again. It called each network's chain
    // node, whose URL the cassette does not keep: the replay answers those calls too.
    expect(cassette.exchanges.some((x) => x.request.body?.includes(`-${before.run.runId}-`))).toBe(true);
    expect(new Set(cassette.exchanges.map((x) => x.chainNode).filter(Boolean))).toEqual(new Set(['polygon', 'base']));
    expect(Object.entries(verdicts(before)).filter(([place, status]) => place.includes('chain-node') && status === 'passed')).not.toEqual(
      [],
    );
    for (const round of [1, 2, 3]) {
      const out = join(dir, `replayed-${round}`);
      const result = await runCli(['replay', cassetteFile, '--report-dir', out]);
      expect(result.code, `round ${round}: ${result.stdout.slice(-3000)}${result.stderr}`).toBe(1);
      expect(result.stdout, `round ${round}`).not.toMatch(/were not in the cassette/);
      expect(result.stdout, `round ${round}`).toContain('no verdict changed against the recorded run');
      expect(verdicts(readReport(out)), `round ${round}`).toEqual(verdicts(before));
    }
  }, 900_000);
});

describe('what a recorded exchange answers', () => {
  const url = 'http://127.0.0.1:9/rpc/API/GetSwapPrice';
  const body = '{"chainId":"137"}';
  const exchange = (contentType: string, status: number) => ({
    request: { method: 'POST', url, headers: { 'content-type': contentType, 'x-access-key': ACCESS_KEY_CLASS }, body },
    response: { status, headers: { 'content-type': 'application/json' }, body: `{"status":${status}}` },
  });
  let server: ReplayServer;
  let replayUrl: string;

  beforeAll(async () => {
    const cassette = JSON.parse(readFileSync(cassetteFile, 'utf8')) as Cassette;
    const crafted: Cassette = { ...cassette, exchanges: [exchange('application/json', 200), exchange('application/json', 503)] };
    writeFileSync(join(dir, 'crafted.cassette.json'), JSON.stringify(crafted));
    server = await serveCassette(crafted);
    replayUrl = `${server.origin}/o/http/127/0/0/1/9/rpc/API/GetSwapPrice`;
  });
  afterAll(() => server?.close());

  /** A request as the suite's transport sends it: its own headers only (fetch would add Accept and more). */
  const send = (contentType: string, key = server.accessKey): Promise<{ status: number; missing: string | undefined }> =>
    new Promise((resolve, reject) => {
      const sent = request(replayUrl, { method: 'POST', headers: { 'content-type': contentType, 'x-access-key': key } }, (answer) => {
        answer.resume();
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, missing: answer.headers[NOT_IN_CASSETTE_HEADER] as string | undefined }),
        );
      });
      sent.on('error', reject);
      sent.end(body);
    });

  it('a request differing only by Content-Type: text/plain is not answered by the JSON request’s recording', async () => {
    const answer = await send('text/plain');
    expect(answer).toEqual({ status: 599, missing: '1' });
  });

  it('nor one carrying the limited key instead of the access key', async () => {
    expect((await send('application/json', server.limitedAccessKey)).status).toBe(599);
  });

  it('each recorded exchange answers once, in the recorded order among equal requests; then none is left', async () => {
    expect((await send('application/json')).status).toBe(200);
    expect((await send('application/json')).status).toBe(503);
    expect((await send('application/json')).status).toBe(599);
  });
});

describe('a replay never writes where it reads', () => {
  it('a --report-dir holding the cassette is refused: exit 2, one line, the cassette unchanged', async () => {
    const before = readFileSync(cassetteFile, 'utf8');
    const result = await runCli(['replay', cassetteFile, '--report-dir', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr.trim()).toBe(
      `conformance: replay: --report-dir ${dir} holds the cassette it reads (${cassetteFile}): writing there would replace it; give another --report-dir`,
    );
    expect(readFileSync(cassetteFile, 'utf8')).toBe(before);
  });
});
