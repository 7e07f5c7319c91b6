/**
 * Writes only to what the run created and proved it created, tried through the real command line against a
 * server that answers CreateAudience with an audience the run did not make: an existing one of the same
 * project, one of another project, the same new ID twice, an ID beyond 2^53. Whatever the flags, no contact
 * is removed from an audience the run did not create, and the write checks end errored with the reason.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Fixtures } from '../src/config/fixtures.js';
import { NOT_CREATED_BY_THIS_RUN } from '../src/harness/safe-writes.js';
import { startReferenceServer } from '../src/server/index.js';
import type { RunningReferenceServer } from '../src/server/types.js';
import { listen } from './support/hostile.js';
import { readReport, runCliInProcess } from './support/run-cli.js';

const BEYOND_2_53 = '9007199254740993';
const WRITE_CHECKS = ['remove-contacts-removes', 'remove-contacts-count', 'remove-contacts-idempotent', 'audience-round-trip'];

/** How the front answers CreateAudience: `answer` gets the real answer's text and returns the one to send. */
type Rewrite = (text: string, asked: { name: string; projectId: number }) => string;

const servers: RunningReferenceServer[] = [];
const fronts: http.Server[] = [];
afterAll(async () => {
  for (const f of fronts) f.close();
  await Promise.all(servers.map((s) => s.close()));
});

/**
 * A front for the reference server that rewrites CreateAudience answers and keeps the raw body of every
 * RemoveAudienceContacts request (the server's own record would show an ID beyond 2^53 rounded).
 */
async function front(upstream: string, rewrite: Rewrite): Promise<{ origin: string; removals: string[] }> {
  const removals: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      if (path.endsWith('/RemoveAudienceContacts')) removals.push(body);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && name !== 'host') headers[name] = value;
      const forward = http.request(`${upstream}${path}`, { method: req.method, headers }, (up) => {
        const parts: Buffer[] = [];
        up.on('data', (c: Buffer) => parts.push(c));
        up.on('end', () => {
          let text = Buffer.concat(parts).toString('utf8');
          if (path.endsWith('/CreateAudience') && up.statusCode === 200) {
            const asked = JSON.parse(body) as { name: string; projectId: number };
            text = rewrite(text, asked);
          }
          res.writeHead(up.statusCode ?? 500, { 'content-type': String(up.headers['content-type'] ?? 'application/json') });
          res.end(text);
        });
      });
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  fronts.push(server);
  return { origin: await listen(server), removals };
}

/** The answer of a server that "created" audience `id`: the name and project it was asked for, echoed. */
const answering = (id: number | string) => (_text: string, asked: { name: string; projectId: number }) =>
  `{"audience":{"id":${id},"projectId":${asked.projectId},"name":${JSON.stringify(asked.name)},"contactCount":0}}`;

/** The first CreateAudience is answered as it was; every later one with the first's ID. */
function sameIdTwice(): Rewrite {
  let first: number | undefined;
  return (text, asked) => {
    const id = (JSON.parse(text) as { audience: { id: number } }).audience.id;
    first ??= id;
    return answering(first)(text, asked);
  };
}

async function contactsOf(server: RunningReferenceServer, projectId: number, audienceId: number): Promise<number> {
  const answer = await fetch(`${server.origin}/rpc/Builder/GetAudience`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-key': server.accessKey },
    body: JSON.stringify({ projectId, audienceId }),
  });
  return ((await answer.json()) as { contacts?: unknown[] }).contacts?.length ?? -1;
}

/** The seeded audiences (IDs 1..5 over projects 1 and 2) with their contact counts. */
async function seededContacts(server: RunningReferenceServer): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const projectId of [1, 2]) {
    for (let audienceId = 1; audienceId <= 5; audienceId += 1)
      counts[`${projectId}/${audienceId}`] = await contactsOf(server, projectId, audienceId);
  }
  return counts;
}

async function runThrough(rewrite: Rewrite, flags: readonly string[]) {
  const server = await startReferenceServer({ host: '127.0.0.1', port: 0 });
  servers.push(server);
  const { origin, removals } = await front(server.origin, rewrite);
  // No audience is given up: every removal must go to an audience the run created.
  const { disposableAudienceIds: _given, ...builder } = server.fixtures.builder!;
  const fixtures: Fixtures = { ...server.fixtures, builder };
  const file = join(mkdtempSync(join(tmpdir(), 'conformance-fixtures-')), 'fixtures.json');
  writeFileSync(file, JSON.stringify(fixtures));
  const before = await seededContacts(server);
  const result = await runCliInProcess(
    [
      'run',
      '--target',
      origin,
      '--fixtures',
      file,
      '--networks',
      'polygon',
      '--operations',
      'Builder.CreateAudience,Builder.GetAudience,Builder.RemoveAudienceContacts',
      '--runs',
      '4',
      '--seed',
      '3',
      ...flags,
    ],
    { CONFORMANCE_ACCESS_KEY: server.accessKey },
  );
  const after = await seededContacts(server);
  const created = new Set(server.builderActivity().createdAudienceIds.map(String));
  const givenUp = flags.includes('--allow-destructive') ? builder.audienceId : undefined;
  return { result, report: readReport(result.reportDir), removals, before, after, created, givenUp, projectId: builder.projectId };
}

/** The audience IDs named by removals that name one (the probes of refusal paths name none, or a number ≤ 0). */
const namedAudiences = (removals: readonly string[]) =>
  removals
    .map((body) => /"audienceId"\s*:\s*(-?\d+)/.exec(body)?.[1])
    .filter((id): id is string => id !== undefined && !id.startsWith('-') && id !== '0');

const SCENARIOS: readonly [string, () => Rewrite][] = [
  ['an existing audience of the same project', () => answering(2)],
  ['an audience of another project', () => answering(3)],
  ['the same new ID twice', sameIdTwice],
  ['an ID beyond 2^53', () => answering(BEYOND_2_53)],
];

describe.concurrent('CreateAudience answered with an audience the run did not create', () => {
  for (const [what, rewrite] of SCENARIOS) {
    for (const flags of [[], ['--allow-destructive']]) {
      it(`${what}${flags.length ? ` (${flags.join(' ')})` : ''}: nothing removed from it, the write checks errored with the reason`, async () => {
        const { result, report, removals, before, after, created, givenUp, projectId } = await runThrough(rewrite(), flags);
        expect(result.code, result.stdout + result.stderr).toBe(1);
        // Not one contact gone from an audience the run did not create (with --allow-destructive, the
        // fixtures' own audience may be emptied: the user gave it up).
        for (const [audience, count] of Object.entries(before)) {
          if (audience !== `${projectId}/${givenUp}`) expect(after[audience], audience).toBe(count);
        }
        const foreign = namedAudiences(removals).filter((id) => !created.has(id) && id !== String(givenUp));
        expect(foreign).toEqual([]);
        expect(removals.join('\n')).not.toContain(BEYOND_2_53.slice(0, 15));

        const checks = [...report.networks.flatMap((n) => n.operations), ...report.global.operations].flatMap((o) => o.checks);
        const removes = checks.find((c) => c.checkId === 'remove-contacts-removes')!;
        expect(removes.status, removes.message).toBe('errored');
        expect(removes.message).toContain(NOT_CREATED_BY_THIS_RUN);
        // The ID is kept and shown with every digit: the suite read it exactly, and wrote nothing to it.
        if (what.includes('2^53')) expect(removes.message).toContain(BEYOND_2_53);
        for (const c of checks.filter((c) => WRITE_CHECKS.includes(c.checkId))) {
          expect(['errored', 'passed'], `${c.checkId}: ${c.message}`).toContain(c.status);
        }
      }, 240_000);
    }
  }
});
