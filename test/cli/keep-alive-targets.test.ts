/**
 * A conformant server behind a front that breaks HTTP/1.1 keep-alive the ways real ones do: it closes each
 * connection right after its answer (without saying so), or it sends a stray second answer after the real
 * one, at once or some time later. The run must see through them: no check fails or errors for the transport's
 * sake, and a late stray answer a request took for its own is never judged.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/server/index.js';
import type { RunningReferenceServer } from '../../src/server/types.js';
import { answerBytes, rawServer, type RawServer } from '../support/raw-http.js';
import { brokenResults, readReport, runCliInProcess, targetArgs, type CliResult } from '../support/run-cli.js';
import type { Report } from '../../src/report/model.js';

type Misbehaviour = 'closes after each answer' | 'sends a stray second answer' | 'sends a stray answer 30 ms after each real one';

/** How long after each real answer the front writes its stray one. */
const STRAY_AFTER_MS = 30;

let upstream: RunningReferenceServer;
const fronts: RawServer[] = [];
const upstreamAgent = new http.Agent({ keepAlive: true });

beforeAll(async () => {
  upstream = await startReferenceServer({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const front of fronts) await front.close();
  upstreamAgent.destroy();
  await upstream.close();
});

/** Forwards each request to the reference server and answers with its answer, misbehaving as told. */
async function front(misbehaviour: Misbehaviour): Promise<RawServer> {
  /** By connection: the stray answer not yet written, written at once when the next request comes first. */
  const strayDue = new WeakMap<object, () => void>();
  const server = await rawServer((request, socket) => {
    strayDue.get(socket)?.();
    const [line = '', ...headerLines] = request.head.split('\r\n');
    const [method = 'POST', path = '/'] = line.split(' ');
    const headers: Record<string, string> = {};
    for (const header of headerLines) {
      const colon = header.indexOf(':');
      const name = header.slice(0, colon).trim().toLowerCase();
      if (!['host', 'connection', 'content-length'].includes(name)) headers[name] = header.slice(colon + 1).trim();
    }
    const forward = http.request(`${upstream.origin}${path}`, { method, headers, agent: upstreamAgent }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (typeof value === 'string' && !['content-length', 'connection', 'keep-alive', 'transfer-encoding'].includes(name))
            kept[name] = value;
        socket.write(answerBytes(answer.statusCode ?? 500, body, kept));
        if (misbehaviour === 'closes after each answer') socket.end();
        else if (misbehaviour === 'sends a stray answer 30 ms after each real one') {
          // A late second write: before any request the client sends meanwhile is answered.
          const writeStray = (): void => {
            clearTimeout(timer);
            strayDue.delete(socket);
            if (!socket.destroyed) socket.write(answerBytes(200, JSON.stringify({ stray: true })));
          };
          const timer = setTimeout(writeStray, STRAY_AFTER_MS);
          strayDue.set(socket, writeStray);
        }
        // A second write of its own, as a handler that answers twice makes it.
        else socket.write(answerBytes(200, JSON.stringify({ stray: true })));
      });
    });
    forward.on('error', () => socket.destroy());
    forward.end(request.body);
  });
  fronts.push(server);
  return server;
}

/** A run of a few operations, Builder's writes among them, against `proxy`. */
async function runAgainst(proxy: RawServer): Promise<{ result: CliResult; report: Report }> {
  const { args, env } = targetArgs(upstream);
  args[args.indexOf('--target') + 1] = proxy.origin;
  const result = await runCliInProcess(
    [
      'run',
      ...args,
      '--networks',
      'polygon,base',
      '--operations',
      'Marketplace.GetFloorOrder,API.GetSwapPrices,Builder.CreateAudience,Builder.GetAudience,Builder.RemoveAudienceContacts',
      '--runs',
      '3',
      '--seed',
      '7',
    ],
    env,
  );
  return { result, report: readReport(result.reportDir) };
}

// Alone: the transport's notes of runs side by side in one process may go into either's report.
describe('a conformant server behind a front that writes a stray answer 30 ms after each real one', () => {
  it('no stray answer becomes a verdict, and the report has one incident for it', async () => {
    const proxy = await front('sends a stray answer 30 ms after each real one');
    const { result, report } = await runAgainst(proxy);
    expect(brokenResults(report).map((r) => `${r.key} ${r.message ?? ''}`)).toEqual([]);
    expect(report.counts.passed).toBeGreaterThan(0);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const stray = (report.incidents ?? []).filter((incident) => incident.kind === 'stray-answers');
    expect(stray.map((incident) => incident.id)).toEqual([`stray-answers ${proxy.origin}`]);
    expect(stray[0]!.summary).toMatch(/sends answers nobody asked for/);
    expect(result.stdout).toMatch(/incident: .*sends answers nobody asked for/);
  }, 240_000);
});

describe.concurrent('a conformant server behind a front that breaks keep-alive', () => {
  for (const misbehaviour of ['closes after each answer', 'sends a stray second answer'] as const) {
    it(
      misbehaviour,
      async () => {
        const proxy = await front(misbehaviour);
        const { args, env } = targetArgs(upstream);
        args[args.indexOf('--target') + 1] = proxy.origin;
        const result = await runCliInProcess(
          [
            'run',
            ...args,
            '--networks',
            'polygon,base',
            '--operations',
            'Marketplace.GetFloorOrder,API.GetSwapPrices,Builder.CreateAudience,Builder.GetAudience,Builder.RemoveAudienceContacts',
            '--runs',
            '3',
            '--seed',
            '7',
          ],
          env,
        );
        const report = readReport(result.reportDir);
        expect(brokenResults(report).map((r) => `${r.key} ${r.message ?? ''}`)).toEqual([]);
        expect(report.counts.passed).toBeGreaterThan(0);
        expect(result.code, result.stdout + result.stderr).toBe(0);
        expect(proxy.requests.length).toBeGreaterThan(20);
        // The front did close: a connection of its answers one request, so the run took many.
        if (misbehaviour === 'closes after each answer') expect(proxy.connections()).toBeGreaterThan(20);
      },
      240_000,
    );
  }
});
