/**
 * Safe in the field, tried as a hostile or careless server would behave, through the real command line: the
 * key, secret URL paths and personal data never reach a byte the run writes; a server that answers an
 * existing audience to CreateAudience gets nothing removed from it; --read-only sends nothing to a write
 * operation; a 100,000-deep answer fails its own check only; a refused key is said plainly.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NOT_CREATED_BY_THIS_RUN } from '../src/harness/safe-writes.js';
import { FAULTS } from '../src/server/faults.js';
import { startReferenceServer } from '../src/server/index.js';
import type { FaultHooks, RunningReferenceServer } from '../src/server/types.js';
import { echoingChainNode, everyByte, prefixProxy, slicesIn } from './support/hostile.js';
import { perBaseArgs, brokenResults, readReport, runCliInProcess, targetArgs } from './support/run-cli.js';

const KEY = 'Kf93hq7Zp2LmX4vB8nR1tY6wQ0sD5gJa';
const TENANT = 's3cr3tTenantToken42';
const NODE_PATH = '/v3/9aa3d95b3bc440fa88ea12eaa4456161';

const servers: RunningReferenceServer[] = [];
const plain: http.Server[] = [];
afterAll(async () => {
  for (const s of plain) s.close();
  await Promise.all(servers.map((s) => s.close()));
});

async function reference(faults: FaultHooks[] = [], accessKey = KEY): Promise<RunningReferenceServer> {
  const server = await startReferenceServer({ host: '127.0.0.1', port: 0, accessKey, faults });
  servers.push(server);
  return server;
}

function fixturesFile(server: RunningReferenceServer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'conformance-fixtures-')), 'fixtures.json');
  writeFileSync(file, JSON.stringify(server.fixtures));
  return file;
}

describe.concurrent('no secret and no personal data leaves the run', () => {
  it('a target echoing the key (headers, bodies, in part, escaped, encoded) and its own secret URL, and a node echoing its URL', async () => {
    const upstream = await reference();
    const prefix = `/t/${TENANT}`;
    const proxy = await prefixProxy(upstream.origin, prefix, (path, answer, self) => {
      const headers = {
        ...answer.headers,
        'x-echo-key': KEY,
        'www-authenticate': `Key ${KEY}`,
        location: `${self}?key=${encodeURIComponent(KEY)}`,
      };
      if (path.endsWith('/GetFloorOrder') && answer.status === 200) {
        // Not JSON, with the key straddling where an excerpt of the body is cut.
        return { status: 200, headers, body: `${'x'.repeat(100)}${KEY} and ${KEY.toLowerCase()}` };
      }
      if (answer.status >= 400) {
        const body = JSON.parse(answer.body) as Record<string, unknown>;
        body['msg'] = `bad key ${KEY.slice(3, 15)} at ${self}`;
        body['cause'] = JSON.stringify({ sent: KEY, encoded: encodeURIComponent(`k=${KEY}`) });
        return { ...answer, headers, body: JSON.stringify(body) };
      }
      return { ...answer, headers };
    });
    const node = await echoingChainNode();
    plain.push(proxy.server, node.server);
    const base = `${proxy.origin}${prefix}`;
    const result = await runCliInProcess(
      [
        'run',
        ...perBaseArgs(base),
        '--chain-rpc-url',
        `${node.origin}${NODE_PATH}`,
        '--fixtures',
        fixturesFile(upstream),
        '--networks',
        'polygon',
        '--operations',
        'Marketplace.GetFloorOrder,Indexer.GetNativeTokenBalance',
        '--runs',
        '2',
        '--seed',
        '3',
      ],
      { CONFORMANCE_ACCESS_KEY: KEY },
    );
    expect(result.code, result.stdout + result.stderr).toBe(1);
    const report = readReport(result.reportDir);
    const broken = brokenResults(report);
    // The hostile answers were seen and kept as evidence, not dropped: the test would prove nothing otherwise.
    expect(broken.some((r) => r.checkId === 'response-schema' && r.operation === 'Marketplace.GetFloorOrder' && r.actual)).toBe(true);
    expect(broken.some((r) => r.checkId === 'native-balance-matches-chain-node')).toBe(true);
    expect(broken.some((r) => r.exchange?.response?.headers['x-echo-key'] !== undefined)).toBe(true);
    const bytes = everyByte(result);
    expect(slicesIn(bytes, KEY)).toEqual([]);
    expect(bytes).not.toContain(TENANT);
    expect(bytes).not.toContain('9aa3d95b');
    expect(bytes).toContain(proxy.origin);
  }, 240_000);

  it('contacts in odd shapes (an object, arrays, "Name <mail>", keyed by e-mail, too deep) and personal data outside contacts', async () => {
    const nest = (depth: number, leaf: unknown): unknown => (depth === 0 ? leaf : { name: nest(depth - 1, leaf) });
    const server = await reference([
      {
        transform: (ctx, response) => {
          if (ctx.operation !== 'Builder.GetAudience' || response.status !== 200) return response;
          const body = response.body as Record<string, unknown>;
          body['contacts'] = {
            'zq@personal.example': { id: 1, name: ['Zebulon', 'Quigglesworth'], email: ['zq@personal.example'] },
            list: ['Ophelia Nightingale <ophelia@personal.example>'],
            deep: nest(60, 'Deepname Hiddenperson'),
          };
          body['owner'] = { name: 'Marmaduke Fennimore', email: 'marma@personal.example' };
          return response;
        },
      },
    ]);
    const result = await runCliInProcess(
      [
        'run',
        '--target',
        server.origin,
        '--fixtures',
        fixturesFile(server),
        '--operations',
        'Builder.GetAudience',
        '--read-only',
        '--runs',
        '2',
        '--seed',
        '3',
      ],
      { CONFORMANCE_ACCESS_KEY: KEY },
    );
    expect(result.code, result.stdout + result.stderr).toBe(1);
    const broken = brokenResults(readReport(result.reportDir));
    expect(broken.some((r) => r.operation === 'Builder.GetAudience' && r.checkId === 'response-schema')).toBe(true);
    const bytes = everyByte(result);
    for (const personal of [
      'Zebulon',
      'Quigglesworth',
      'Ophelia',
      'Nightingale',
      'Deepname',
      'Hiddenperson',
      'Marmaduke',
      'Fennimore',
      '@personal.example',
      'personal.example',
    ]) {
      expect(bytes, personal).not.toContain(personal);
    }
    expect(slicesIn(bytes, KEY)).toEqual([]);
  }, 240_000);
});

describe.concurrent('safe writes trust nothing the server says', () => {
  it("CreateAudience answering the fixtures' audience: a finding, and nothing is removed from it", async () => {
    const fault = FAULTS.find((f) => f.name === 'create-answers-existing-audience')!;
    const server = await reference([fault.hooks]);
    const protectedId = server.fixtures.builder!.audienceId!;
    const contactsOf = async () => {
      const answer = await fetch(`${server.origin}/rpc/Builder/GetAudience`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-key': KEY },
        body: JSON.stringify({ projectId: server.fixtures.builder!.projectId, audienceId: protectedId }),
      });
      return ((await answer.json()) as { contacts: unknown[] }).contacts.length;
    };
    const before = await contactsOf();
    const target = targetArgs(server);
    const result = await runCliInProcess(
      [
        'run',
        ...target.args,
        '--operations',
        'Builder.CreateAudience,Builder.GetAudience,Builder.RemoveAudienceContacts',
        '--runs',
        '4',
        '--seed',
        '5',
      ],
      target.env,
    );
    expect(result.code, result.stdout + result.stderr).toBe(1);
    const broken = brokenResults(readReport(result.reportDir));
    expect(broken.filter((r) => r.status === 'failed').map((r) => `${r.checkId} ${r.operation}`)).toEqual([
      'created-audience-is-new Builder.CreateAudience',
    ]);
    // The checks that would have written to it end errored, saying why.
    for (const r of broken.filter((r) => r.status === 'errored')) expect(r.message, r.checkId).toContain(NOT_CREATED_BY_THIS_RUN);
    expect(server.builderActivity().removalTargets).not.toContain(protectedId);
    expect(before).toBeGreaterThan(0);
    expect(await contactsOf()).toBe(before);
  }, 240_000);

  it('--read-only with only write operations selected sends nothing at all, not even the reachability probe', async () => {
    const server = await reference();
    const target = targetArgs(server);
    const result = await runCliInProcess(
      ['run', ...target.args, '--read-only', '--operations', 'Builder.CreateAudience,Builder.RemoveAudienceContacts', '--seed', '5'],
      target.env,
    );
    // Nothing could be tested, and a run that tested nothing is not a pass.
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toContain('FAIL (nothing was tested)');
    const counts = server.requestCounts();
    expect(counts['Builder.CreateAudience'] ?? 0).toBe(0);
    expect(counts['Builder.RemoveAudienceContacts'] ?? 0).toBe(0);
    expect(server.builderActivity()).toEqual({ createdAudienceIds: [], removalTargets: [], removalContactIds: [] });
  }, 240_000);
});

describe.concurrent('bounded and plain about refusals', () => {
  it('a 100,000-deep answer fails its own check and no other', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const server = await reference([
      {
        transform: (ctx, response) =>
          ctx.headers['x-access-key'] === 'conformance-suite-unacceptable-key-0000'
            ? { status: 200, headers: { 'content-type': 'application/json' }, body: null, raw: deep }
            : response,
      },
    ]);
    const target = targetArgs(server);
    const result = await runCliInProcess(
      ['run', ...target.args, '--networks', 'polygon', '--operations', 'Marketplace.GetFloorOrder', '--runs', '2', '--seed', '5'],
      target.env,
    );
    const broken = brokenResults(readReport(result.reportDir));
    expect(
      broken.map((r) => `${r.checkId} ${r.status}`),
      result.stdout,
    ).toEqual(['auth-invalid-key failed']);
    expect(broken[0]!.exchange?.response?.body).toMatch(/^\[not shown: JSON nested deeper than/);
    expect(result.code).toBe(1);
  }, 240_000);

  it('a refused key is said at the top of the output and of every report, its checks errored, exit 1', async () => {
    const server = await reference();
    const result = await runCliInProcess(
      [
        'run',
        '--target',
        server.origin,
        '--fixtures',
        fixturesFile(server),
        '--networks',
        'polygon',
        '--operations',
        'Marketplace.GetFloorOrder,API.GetSwapPrices',
        '--runs',
        '1',
        '--seed',
        '5',
      ],
      { CONFORMANCE_ACCESS_KEY: 'a-wrong-key-the-server-refuses' },
    );
    expect(result.code, result.stdout + result.stderr).toBe(1);
    const summary = result.stdout.slice(result.stdout.indexOf('\n\n'));
    expect(summary).toMatch(/refused the access key/);
    const report = readReport(result.reportDir);
    expect(report.run.incident).toMatch(/^the target refused the access key/);
    const schema = report.networks[0]!.operations.flatMap((o) => o.checks).filter((c) => c.checkId === 'response-schema');
    expect(schema.map((c) => c.status)).toEqual(['errored', 'errored']);
    const bytes = everyByte(result);
    expect(bytes).not.toContain('a-wrong-key-the-server-refuses');
    for (const file of ['report.md', 'report.html', 'junit.xml'])
      expect(readFileSync(join(result.reportDir, file), 'utf8'), file).toContain('refused the access key');
  }, 240_000);
});
