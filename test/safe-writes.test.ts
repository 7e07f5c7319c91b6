/**
 * Safe writes, seen from the server: the real command line runs against a reference server that counts the
 * requests per operation and notes which audience every RemoveAudienceContacts request named. Under
 * --read-only no request to an operation that writes is sent at all; otherwise removals only name audiences
 * the suite created, the fixtures' disposable ones, and (only with --allow-destructive) the fixtures' audience.
 * The guard itself (src/harness/safe-writes.ts) is tested on the payloads a lenient server could misread.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Fixtures } from '../src/config/fixtures.js';
import type { RunConfig } from '../src/config/run-config.js';
import { CreateAudience, GetAudience, RemoveAudienceContacts } from '../src/contract/operations.js';
import { refusalOf } from '../src/harness/safe-writes.js';
import { FAULTS } from '../src/server/faults.js';
import { startReferenceServer } from '../src/server/index.js';
import type { RunningReferenceServer } from '../src/server/types.js';
import { brokenResults, readReport, runCliInProcess } from './support/run-cli.js';

const BUILDER = ['Builder.CreateAudience', 'Builder.GetAudience', 'Builder.RemoveAudienceContacts'];
const WRITES = ['Builder.CreateAudience', 'Builder.RemoveAudienceContacts'];

const servers: RunningReferenceServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** Runs the CLI against a fresh reference server, with its own fixtures edited by `fixtures`. */
async function runAgainst(flags: readonly string[], fixtures: (own: Fixtures) => Fixtures = (own) => own, operations = BUILDER) {
  const server = await startReferenceServer({ host: '127.0.0.1', port: 0 });
  servers.push(server);
  const file = join(mkdtempSync(join(tmpdir(), 'conformance-fixtures-')), 'fixtures.json');
  writeFileSync(file, JSON.stringify(fixtures(server.fixtures)));
  const result = await runCliInProcess(
    [
      'run',
      '--target',
      server.origin,
      '--fixtures',
      file,
      '--networks',
      'polygon',
      '--operations',
      operations.join(','),
      '--runs',
      '4',
      '--seed',
      '7',
      ...flags,
    ],
    { CONFORMANCE_ACCESS_KEY: server.accessKey },
  );
  const counts = server.requestCounts();
  const activity = server.builderActivity();
  await server.close();
  return { result, report: readReport(result.reportDir), counts, activity, builder: server.fixtures.builder! };
}

const withoutDisposable = (own: Fixtures): Fixtures => {
  const { disposableAudienceIds: _dropped, ...builder } = own.builder!;
  return { ...own, builder };
};

describe.concurrent('the CLI against a counting reference server', () => {
  it('--read-only sends no CreateAudience or RemoveAudienceContacts at all, reports their checks skipped, and still reads', async () => {
    const { result, report, counts, activity } = await runAgainst(['--read-only'], undefined, [
      ...BUILDER,
      'Indexer.GetNativeTokenBalance',
    ]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    for (const op of WRITES) expect(counts[op] ?? 0, op).toBe(0);
    expect(activity).toEqual({ createdAudienceIds: [], removalTargets: [], removalContactIds: [] });
    expect(report.run.writes).toBeUndefined();
    expect(counts['Builder.GetAudience']).toBeGreaterThan(0);
    expect(counts['Indexer.GetNativeTokenBalance']).toBeGreaterThan(0);

    const byOperation = new Map(report.global.operations.map((o) => [o.operation, o.checks]));
    for (const op of WRITES) {
      const checks = byOperation.get(op) ?? [];
      expect(checks.length, op).toBeGreaterThan(10);
      for (const check of checks) {
        expect(check.status, `${check.key}`).toBe('skipped');
        expect(check.message, check.key).toMatch(/--read-only/);
      }
    }
    const reads = byOperation.get('Builder.GetAudience') ?? [];
    expect(reads.find((c) => c.checkId === 'response-schema')?.status).toBe('passed');
    expect(reads.find((c) => c.checkId === 'audience-contact-count')?.status).toBe('passed');
    expect(brokenResults(report)).toEqual([]);
  }, 240_000);

  it('without --allow-destructive and without disposable audiences, removals only name audiences the suite created', async () => {
    const { result, report, counts, activity } = await runAgainst([], withoutDisposable);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(brokenResults(report)).toEqual([]);
    expect(counts['Builder.RemoveAudienceContacts']).toBeGreaterThan(0);
    expect(activity.removalTargets.length).toBeGreaterThan(0);
    const created = new Set(activity.createdAudienceIds);
    // Non-positive IDs name nothing: the suite's probes of the refusal paths.
    expect(activity.removalTargets.filter((id) => id > 0 && !created.has(id))).toEqual([]);
    // The run says what it wrote, and to which audiences: each one the server created for it.
    const said = result.stdout.split('\n').find((line) => line.startsWith('writes sent:'));
    expect(said, result.stdout).toMatch(/^writes sent: \d+ CreateAudience, \d+ RemoveAudienceContacts to audience\(s\) /);
    const named = /to audience\(s\) ([\d, ]+)/.exec(said!)![1]!.split(', ').map(Number);
    expect(named.length).toBeGreaterThan(0);
    for (const id of named) expect(created.has(id), String(id)).toBe(true);
    // report.json says the same, as fields: the counts the server saw, and the audiences, each one it created.
    const writes = report.run.writes!;
    expect(writes.createAudience, 'CreateAudience').toBe(counts['Builder.CreateAudience']);
    expect(writes.removeAudienceContacts, 'RemoveAudienceContacts').toBe(counts['Builder.RemoveAudienceContacts']);
    expect(writes.audienceIds.length).toBeGreaterThanOrEqual(named.length);
    for (const id of named) expect(writes.audienceIds).toContain(String(id));
    for (const id of writes.audienceIds) expect(created.has(Number(id)), id).toBe(true);
    const markdown = readFileSync(join(result.reportDir, 'report.md'), 'utf8');
    expect(markdown).toMatch(
      new RegExp(
        `\\| Writes \\| ${writes.createAudience} CreateAudience, ${writes.removeAudienceContacts} RemoveAudienceContacts to audience\\(s\\) `,
      ),
    );
    const removals = report.global.operations.find((o) => o.operation === 'Builder.RemoveAudienceContacts')!.checks;
    for (const id of ['remove-contacts-removes', 'remove-contacts-count', 'remove-contacts-idempotent']) {
      expect(removals.find((c) => c.checkId === id)?.status, id).toBe('passed');
    }
  }, 240_000);

  it("a disposable audience of the fixtures may be emptied; the fixtures' audience to read is not touched", async () => {
    const { result, activity, builder } = await runAgainst([]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const disposable = builder.disposableAudienceIds!;
    expect(disposable.length).toBeGreaterThan(0);
    const allowed = new Set([...activity.createdAudienceIds, ...disposable]);
    expect(activity.removalTargets.filter((id) => id > 0 && !allowed.has(id))).toEqual([]);
    for (const id of disposable) expect(activity.removalTargets).toContain(id);
    expect(activity.removalTargets).not.toContain(builder.audienceId);
  }, 240_000);

  it("--allow-destructive lets the removal checks work on the fixtures' audience too", async () => {
    const { result, activity, builder } = await runAgainst(['--allow-destructive'], withoutDisposable);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(activity.removalTargets).toContain(builder.audienceId);
  }, 240_000);
});

describe('the safe-writes guard (what CheckSession.send refuses to send)', () => {
  const config = (over: Partial<RunConfig> = {}): RunConfig =>
    ({
      readOnly: false,
      allowDestructive: false,
      fixtures: { builder: { projectId: 1, audienceId: 5, disposableAudienceIds: [6] } },
      ...over,
    }) as RunConfig;
  const scope = (over: Partial<RunConfig> = {}) => ({ config: config(over), audiences: { isOwn: (id: number) => id === 40 } });
  const removal = (text: string, over: Partial<RunConfig> = {}) => refusalOf(scope(over), RemoveAudienceContacts, text);

  it('lets removals from created and disposable audiences through, and IDs that name nothing', () => {
    expect(removal('{"projectId":1,"audienceId":40,"contactIds":[1]}')).toBeUndefined();
    expect(removal('{"projectId":1,"audienceId":6,"contactIds":[1]}')).toBeUndefined();
    expect(removal('{"projectId":1,"audienceId":-1,"contactIds":[]}')).toBeUndefined();
    expect(removal('{"projectId":1,"contactIds":[1]}')).toBeUndefined();
  });

  it('refuses any reading of the payload that names another audience', () => {
    expect(removal('{"projectId":1,"audienceId":5,"contactIds":[1]}')).toMatch(/audience 5/);
    expect(removal('{"projectId":1,"AUDIENCEID":12,"contactIds":[1]}')).toMatch(/audience 12/);
    expect(removal('{"projectId":1,"audienceId":"12","contactIds":[1]}')).toMatch(/audience 12/);
    expect(removal('{"projectId":1,"audienceId":12.5,"contactIds":[1]}')).toMatch(/audience 12/);
    expect(removal(JSON.stringify(JSON.stringify({ projectId: 1, audienceId: 12, contactIds: [1] })))).toMatch(/audience 12/);
    expect(removal('{"projectId":1,"audienceId":12,"contactIds":[1]}x')).toMatch(/audience 12/);
  });

  it("--allow-destructive gives up the fixtures' audience only; --read-only refuses every write and nothing else", () => {
    expect(removal('{"projectId":1,"audienceId":5,"contactIds":[1]}', { allowDestructive: true })).toBeUndefined();
    // --allow-destructive gives up the fixtures' audience, not every audience the server may name.
    expect(removal('{"projectId":1,"audienceId":12,"contactIds":[1]}', { allowDestructive: true })).toMatch(/audience 12/);
    // An ID beyond 2^53 is never written to: the suite cannot keep it exact.
    expect(removal('{"projectId":1,"audienceId":9007199254740993,"contactIds":[1]}', { allowDestructive: true })).toMatch(
      /audience 9007199254740993/,
    );
    expect(removal('{"projectId":1,"audienceId":40,"contactIds":[1]}', { readOnly: true })).toMatch(/--read-only/);
    expect(refusalOf(scope({ readOnly: true }), CreateAudience, '{"projectId":1,"name":"x"}')).toMatch(/--read-only/);
    expect(refusalOf(scope({ readOnly: true }), GetAudience, '{"projectId":1,"audienceId":5}')).toBeUndefined();
  });

  it("creates audiences only in the fixtures' project", () => {
    expect(refusalOf(scope(), CreateAudience, '{"projectId":1,"name":"x"}')).toBeUndefined();
    expect(refusalOf(scope(), CreateAudience, '{"projectId":-1,"name":"x"}')).toBeUndefined();
    expect(refusalOf(scope(), CreateAudience, '{"projectId":2,"name":"x"}')).toMatch(/project 2/);
  });
});

describe.concurrent("the other-audience removal: a bystander's contacts named in a removal from the run's own audience", () => {
  const CHECK = 'remove-contacts-only-named-audience';

  /** The bystander's contact IDs, read from the server itself. */
  async function bystanderContacts(server: RunningReferenceServer): Promise<number[]> {
    const answer = await fetch(`${server.origin}/rpc/Builder/GetAudience`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Access-Key': server.accessKey },
      body: JSON.stringify(server.fixtures.builder!.bystanderAudience),
    });
    const json = (await answer.json()) as { contacts: { id: number }[] };
    return json.contacts.map((c) => c.id);
  }

  /** Runs only RemoveAudienceContacts against a fresh server; what the bystander held before and after. */
  async function run(flags: readonly string[], fixtures: (own: Fixtures) => Fixtures = (own) => own, fault?: string) {
    const hooks = FAULTS.find((f) => f.name === fault)?.hooks;
    const server = await startReferenceServer({ host: '127.0.0.1', port: 0, ...(hooks ? { faults: [hooks] } : {}) });
    servers.push(server);
    const before = await bystanderContacts(server);
    const file = join(mkdtempSync(join(tmpdir(), 'conformance-fixtures-')), 'fixtures.json');
    writeFileSync(file, JSON.stringify(fixtures(server.fixtures)));
    const args = ['run', '--target', server.origin, '--fixtures', file, '--networks', 'polygon'];
    const result = await runCliInProcess(
      [...args, '--operations', 'Builder.RemoveAudienceContacts', '--runs', '2', '--seed', '7', ...flags],
      {
        CONFORMANCE_ACCESS_KEY: server.accessKey,
      },
    );
    const after = await bystanderContacts(server);
    const activity = server.builderActivity();
    await server.close();
    const report = readReport(result.reportDir);
    const check = report.global.operations.flatMap((o) => o.checks).find((c) => c.checkId === CHECK)!;
    const named = activity.removalContactIds.filter((id) => before.includes(id));
    const bystanderId = server.fixtures.builder!.bystanderAudience!.audienceId;
    return { result, report, check, before, after, named, activity, bystanderId };
  }

  const withoutBystander = (own: Fixtures): Fixtures => {
    const { bystanderAudience: _dropped, ...builder } = own.builder!;
    return { ...own, builder };
  };

  it('without --allow-destructive it is skipped, saying so, and no removal names a bystander contact', async () => {
    const { check, named, before, after } = await run([]);
    expect(before.length).toBeGreaterThan(0);
    expect(check.status).toBe('skipped');
    expect(check.message).toMatch(/--allow-destructive/);
    expect(check.message).not.toMatch(/bystanderAudience/);
    expect(named).toEqual([]);
    expect(after).toEqual(before);
  }, 240_000);

  it('without the fixture it is skipped, saying which is missing; without both, both are named', async () => {
    const [noFixture, neither] = await Promise.all([run(['--allow-destructive'], withoutBystander), run([], withoutBystander)]);
    expect(noFixture.check.status).toBe('skipped');
    expect(noFixture.check.message).toMatch(/builder\.bystanderAudience/);
    expect(noFixture.check.message).not.toMatch(/--allow-destructive/);
    expect(noFixture.named).toEqual([]);
    expect(neither.check.message).toMatch(/--allow-destructive and a bystander audience in the fixtures \(builder\.bystanderAudience\)/);
    expect(neither.named).toEqual([]);
  }, 240_000);

  it('with both, the removal names the bystander contacts from an audience the run created; a conformant server passes', async () => {
    const { result, check, named, before, after, activity, bystanderId } = await run(['--allow-destructive']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(check.status, check.message).toBe('passed');
    expect(named.length).toBeGreaterThan(0);
    // Never a removal from the bystander itself: only from audiences this run created (or gave up).
    expect(activity.removalTargets).not.toContain(bystanderId);
    expect(after).toEqual(before);
  }, 240_000);

  it('a server whose removal reaches an audience that existed before is caught, the finding carrying the removal and the read before', async () => {
    const { check, named, bystanderId } = await run(['--allow-destructive'], undefined, 'removal-reaches-existing-audience');
    expect(named.length).toBeGreaterThan(0);
    expect(check.status).toBe('failed');
    expect(check.level).toBe('MUST');
    expect(check.message).toContain('Builder.RemoveAudienceContacts');
    expect(check.message).toContain(`[${CHECK}]`);
    expect(check.message).toContain(`away from audience ${bystanderId}`);
    expect(check.pointer).toBe('/contacts');
    const rests = check.restsOn ?? [];
    expect(rests.map((r) => r.operation)).toEqual(expect.arrayContaining(['Builder.RemoveAudienceContacts', 'Builder.GetAudience']));
    expect(rests.find((r) => r.operation === 'Builder.RemoveAudienceContacts')!.exchange.request.body).toContain(String(named[0]));
    expect(check.reproduction).toMatch(/RemoveAudienceContacts[\s\S]*GetAudience/);
  }, 240_000);

  it('a bystander the removal checks may also empty is refused with the reason', async () => {
    const { check } = await run(['--allow-destructive'], (own) => ({
      ...own,
      builder: {
        ...own.builder!,
        disposableAudienceIds: [...own.builder!.disposableAudienceIds!, own.builder!.bystanderAudience!.audienceId],
      },
    }));
    expect(check.status).toBe('skipped');
    expect(check.message).toMatch(/also one the removal checks may empty/);
  }, 240_000);
});
