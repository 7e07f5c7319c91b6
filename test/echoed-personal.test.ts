/**
 * Personal data a server echoes, tried through the real command line: a target that answers contacts to
 * GetAudience (and a contact-like owner in a Marketplace answer) and then names them in later answers of
 * every service — error messages (`msg`, `cause`), headers, HTML error pages, a plain-text panic, upper- and
 * lower-cased — leaves none of it in the terminal, the report files or the cassette,
 * whichever thread read the contact; and the report still says what went wrong.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../src/server/index.js';
import type { RunningReferenceServer } from '../src/server/types.js';
import { everyByte, prefixProxy, type Answer } from './support/hostile.js';
import { brokenResults, perBaseArgs, readReport, runCliInProcess } from './support/run-cli.js';

const KEY = 'Pm4vT8xQ2wLz6nB1rK9sD3fH7jG5cYaE';
/** A contact-like record in an answer of another service: its values are personal too, once read. */
const OWNER = { name: 'Quintus Marblehead', email: 'quintus.marblehead@owner.example' };

const servers: RunningReferenceServer[] = [];
const plain: http.Server[] = [];
afterAll(async () => {
  for (const s of plain) s.close();
  await Promise.all(servers.map((s) => s.close()));
});

/**
 * A front for the reference server that learns every contact it passes on and names the first one in each
 * later error answer, in turn: a plain-text panic, an HTML page, a JSON error with the name in `msg`, `cause`
 * and a header — as written, upper-cased, lower-cased.
 */
async function echoingTarget(): Promise<{ origin: string; upstream: RunningReferenceServer; learned: Set<string>; echoes: () => number }> {
  const upstream = await startReferenceServer({ host: '127.0.0.1', port: 0, accessKey: KEY });
  servers.push(upstream);
  const learned = new Set<string>();
  let first: { name: string; email: string } | undefined;
  let echoes = 0;
  const proxy = await prefixProxy(upstream.origin, '', (path, answer): Answer => {
    if (answer.body.includes('"contacts"')) {
      const body = JSON.parse(answer.body) as { contacts?: { name?: string; email?: string }[] };
      for (const contact of body.contacts ?? []) {
        if (!contact.name || !contact.email) continue;
        learned.add(contact.name).add(contact.email);
        first ??= { name: contact.name, email: contact.email };
      }
    }
    if (path.endsWith('/GetFloorOrder') && answer.status === 200) {
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      learned.add(OWNER.name).add(OWNER.email);
      return { ...answer, body: JSON.stringify({ ...body, owner: OWNER }) };
    }
    if (answer.status < 400) return answer;
    // Another service's errors name the owner and the contact in turn: read by other sessions, maybe other threads.
    const owner = learned.has(OWNER.name) && !path.includes('/Builder/') && (echoes % 2 === 0 || !first) ? OWNER : undefined;
    const who = owner ?? first;
    if (!who) return answer;
    echoes += 1;
    const forms = [who.name, who.name.toUpperCase(), who.name.toLowerCase()];
    const name = forms[echoes % forms.length]!;
    switch (echoes % 4) {
      case 0:
        return { status: 500, headers: { 'content-type': 'text/plain' }, body: `panic while removing ${name} 12` };
      case 1:
        return {
          status: answer.status,
          headers: { 'content-type': 'text/html', 'x-debug-contact': name },
          body: `<html><body><h1>Error</h1><p>contact ${name} &lt;${who.email}&gt; not found</p></body></html>`,
        };
      default: {
        const body = JSON.parse(answer.body) as Record<string, unknown>;
        body['msg'] = `panic while removing ${name} 12`;
        body['cause'] = `contact ${who.email.toUpperCase()} (${name})`;
        return { ...answer, headers: { ...answer.headers, 'x-debug-contact': `${name} <${who.email}>` }, body: JSON.stringify(body) };
      }
    }
  });
  plain.push(proxy.server);
  return { origin: proxy.origin, upstream, learned, echoes: () => echoes };
}

function fixturesOf(server: RunningReferenceServer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'conformance-fixtures-')), 'fixtures.json');
  writeFileSync(file, JSON.stringify(server.fixtures));
  return file;
}

/** Each value in any letter case: none may be left. */
function leaksIn(bytes: string, values: Iterable<string>): string[] {
  const folded = bytes.toLowerCase();
  return [...values].filter((v) => folded.includes(v.toLowerCase()));
}

describe.concurrent('personal data a server echoes is kept out of every output', () => {
  for (const engine of ['thread', 'inline'] as const) {
    it(`with the checks in ${engine === 'thread' ? 'worker threads' : 'the main thread, recording a cassette'}`, async () => {
      const target = await echoingTarget();
      const reportDir = mkdtempSync(join(tmpdir(), 'conformance-report-'));
      const cassette = join(mkdtempSync(join(tmpdir(), 'conformance-cassette-')), 'run.cassette.json');
      const result = await runCliInProcess(
        [
          'run',
          ...perBaseArgs(target.origin),
          '--fixtures',
          fixturesOf(target.upstream),
          '--networks',
          'polygon',
          '--operations',
          'Builder.GetAudience,Builder.CreateAudience,Builder.RemoveAudienceContacts,Marketplace.GetFloorOrder,Marketplace.GetCountOfFilteredCollectibles',
          '--runs',
          '2',
          '--seed',
          '5',
          '--verbose',
          '--report-dir',
          reportDir,
          ...(engine === 'thread' ? ['--engine', 'thread'] : ['--record', cassette]),
        ],
        { CONFORMANCE_ACCESS_KEY: KEY, CONFORMANCE_LIMITED_ACCESS_KEY: target.upstream.limitedAccessKey },
      );
      expect(result.code, result.stdout + result.stderr).toBe(1);
      // The server did read out contacts and echo them (the test would prove nothing otherwise).
      expect(target.learned.size).toBeGreaterThan(4);
      expect(target.echoes()).toBeGreaterThan(10);
      for (const file of ['report.json', 'report.md', 'report.html', 'junit.xml'])
        expect(existsSync(join(reportDir, file)), file).toBe(true);
      if (engine === 'inline') expect(readFileSync(cassette, 'utf8')).toContain('"exchanges"');
      const bytes = `${everyByte({ ...result, reportDir })}${engine === 'inline' ? readFileSync(cassette, 'utf8') : ''}`;
      expect(leaksIn(bytes, target.learned)).toEqual([]);
      // The report still says what happened: the broken answers are findings, their evidence redacted, not dropped.
      const broken = brokenResults(readReport(reportDir));
      expect(broken.some((r) => r.operation.startsWith('Builder.'))).toBe(true);
      expect(broken.some((r) => r.operation.startsWith('Marketplace.'))).toBe(true);
      const report = readFileSync(join(reportDir, 'report.json'), 'utf8');
      expect(report).toMatch(/panic while removing \[redacted\] 12/);
      expect(report).toMatch(/contact \[redacted\] &lt;\[redacted\]&gt; not found/);
    }, 300_000);
  }
});
