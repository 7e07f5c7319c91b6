/**
 * The client's CPU per request, the suite's transport against node's bare keep-alive client, on the same
 * recorded mix of requests, 128 in flight, against a server in another process (so this process's CPU is the
 * client's alone) that answers each request as the recording says. Not part of the tests; run by hand:
 *
 *   node bin/conformance.mjs serve --port 18711 --access-key benchkey123456 --fixtures-out /tmp/fix.json &
 *   CONFORMANCE_ACCESS_KEY=benchkey123456 node bin/conformance.mjs run --target http://127.0.0.1:18711 \
 *     --fixtures /tmp/fix.json --networks mainnet --seed 1 --record /tmp/cass.json --report-dir /tmp/r
 *   (stop the server)
 *   npx tsx scripts/bench-client.ts /tmp/cass.json [requests] [rounds]
 *
 * tsx keeps every function's name with a call made as each closure is made, which adds to the suite's side:
 * for figures like a run's, bundle it first (node_modules/.bin/esbuild scripts/bench-client.ts --bundle
 * --platform=node --format=esm --packages=external --outfile=.tmp/bench.mjs) and run that with node.
 *
 * Each round runs the bare client, then the suite's `send` (with a session's options: a rank, a base-health
 * abandon and learn, a given-up signal), then the suite's path as a session takes it (stringifyExact of the
 * body, send, evidence.keep-like copy), and prints CPU microseconds per request of each.
 */
import http from 'node:http';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { send, type HttpRequest, type HttpOutcome } from '../src/transport/http-client.js';
import { parseExact, stringifyExact } from '../src/contract/exact-json.js';
import { makeConnections } from '../src/transport/connections.js';

const [cassettePath = '/tmp/cli-cass.json', totalText = '20000', roundsText = '3', serving] = process.argv.slice(2);
const total = Number(totalText);
const rounds = Number(roundsText);
const IN_FLIGHT = 128;
const key = 'benchkey123456';

interface Recorded {
  readonly request: { method: string; url: string; headers: Record<string, string>; body?: string };
  readonly response?: { status: number; headers: Record<string, string>; body: string };
}
const cassette = JSON.parse(readFileSync(cassettePath, 'utf8')) as { exchanges: Recorded[] };
const WRITES = /CreateAudience|RemoveAudienceContacts/;
const pathOf = (url: string): string => url.replace(/^https?:\/\/[^/]+/, '');

if (serving === 'serve') {
  // The server: each request answered as recorded (a request not recorded, 404), kept alive as node serves.
  const answers = new Map<string, NonNullable<Recorded['response']>>();
  for (const { request, response } of cassette.exchanges)
    if (response) answers.set(`${request.method} ${pathOf(request.url)} ${request.body ?? ''}`, response);
  const OWN = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);
  const server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = answers.get(`${req.method} ${req.url} ${Buffer.concat(chunks).toString('utf8')}`);
      if (!answer) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no answer recorded"}');
        return;
      }
      for (const [name, value] of Object.entries(answer.headers)) if (!OWN.has(name)) res.setHeader(name, value);
      res.writeHead(answer.status).end(answer.body);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
  });
  await new Promise(() => undefined);
}

const child = spawn(
  process.execPath,
  [...process.execArgv.filter((a) => !a.startsWith('--cpu-prof')), fileURLToPath(import.meta.url), cassettePath, '0', '0', 'serve'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const [portLine] = (await once(child.stdout, 'data')) as [Buffer];
const origin = `http://127.0.0.1:${portLine.toString().trim()}`;
const mix: { request: HttpRequest; value: unknown }[] = cassette.exchanges
  .filter((e) => !WRITES.test(e.request.url))
  .map(({ request }) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      const shown = name === 'content-type' ? 'Content-Type' : name === 'x-access-key' ? 'X-Access-Key' : name;
      headers[shown] = value === '$CONFORMANCE_ACCESS_KEY' ? key : value;
    }
    const url = request.url.replace(/^https?:\/\/[^/]+/, origin);
    let value: unknown;
    try {
      value = request.body === undefined ? undefined : parseExact(request.body);
    } catch {
      value = undefined;
    }
    return { request: { method: request.method, url, headers, ...(request.body === undefined ? {} : { body: request.body }) }, value };
  });

const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT, maxFreeSockets: IN_FLIGHT, scheduling: 'fifo' });

// The suite's keep-alive pool (its guards) under the bare client: what the guards cost alone.
const guardedPool = makeConnections(IN_FLIGHT).pooled('http://127.0.0.1/');

function bare(request: HttpRequest, through: http.Agent = agent): Promise<unknown> {
  return new Promise((resolve) => {
    const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
    const { hostname, port, pathname } = new URL(request.url);
    const req = http.request({
      hostname,
      port,
      path: pathname,
      method: request.method,
      agent: through,
      headers: body === undefined ? request.headers : { ...request.headers, 'Content-Length': String(body.length) },
    });
    req.on('error', (error) => resolve(error));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode, headers: res.headers, text, json });
      });
    });
    req.end(body);
  });
}

const givenUp = new AbortController().signal;
let rankOf = 0;
const suite = (request: HttpRequest): Promise<HttpOutcome> =>
  send(request, {
    timeoutMs: 10_000,
    abandon: () => undefined,
    learn: () => undefined,
    givenUp,
    rank: () => rankOf++ % 7,
  });

const kept: HttpOutcome[] = [];
async function session(entry: { request: HttpRequest; value: unknown }): Promise<unknown> {
  const body = entry.request.body === undefined ? undefined : stringifyExact(entry.value);
  const outcome = await suite(body === undefined ? entry.request : { ...entry.request, body });
  kept.push(outcome.ok ? { ...outcome, response: { ...outcome.response, json: undefined } } : outcome);
  if (kept.length > 1000) kept.length = 0;
  return outcome.ok ? { ...outcome.response, index: kept.length } : outcome;
}

async function measure(label: string, one: (i: number) => Promise<unknown>, n: number): Promise<number> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < n) await one(next++);
  };
  const cpu = process.cpuUsage();
  const wall = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  const used = process.cpuUsage(cpu);
  const perRequest = (used.user + used.system) / n;
  if (label !== '')
    console.log(
      `${label.padEnd(8)} ${perRequest.toFixed(1).padStart(6)} µs CPU/request (user ${(used.user / n).toFixed(1)}, system ${(used.system / n).toFixed(1)}), ${((n / (performance.now() - wall)) * 1000).toFixed(0)} requests/s`,
    );
  return perRequest;
}

const bareOne = (i: number): Promise<unknown> => bare(mix[i % mix.length]!.request);
const guardedOne = (i: number): Promise<unknown> => bare(mix[i % mix.length]!.request, guardedPool);
const suiteOne = (i: number): Promise<unknown> => suite(mix[i % mix.length]!.request);
const sessionOne = (i: number): Promise<unknown> => session(mix[i % mix.length]!);

// The recording answers the mix: few requests may go unanswered (404) for the comparison to hold.
let unanswered = 0;
for (const { request } of mix) {
  const outcome = await suite(request);
  if (outcome.ok && outcome.response.status === 404 && /no answer recorded/.test(outcome.response.text)) unanswered += 1;
}
console.log(`${unanswered} of ${mix.length} requests of the mix not in the recording`);
// Warm-up: the JIT and the pools of both clients.
await measure('', bareOne, 3000);
await measure('', suiteOne, 3000);
await measure('', sessionOne, 3000);
await measure('', guardedOne, 3000);
const sums = { bare: 0, guarded: 0, send: 0, session: 0 };
// BENCH_ONLY=send (or bare, session) runs one of them only, for a profile of it.
const only = process.env['BENCH_ONLY'];
for (let round = 1; round <= rounds; round += 1) {
  if (only === undefined || only === 'bare') sums.bare += await measure('bare', bareOne, total);
  if (only === undefined || only === 'guarded') sums.guarded += await measure('guarded', guardedOne, total);
  if (only === undefined || only === 'send') sums.send += await measure('send', suiteOne, total);
  if (only === undefined || only === 'session') sums.session += await measure('session', sessionOne, total);
}
console.log(
  `mean of ${rounds}: bare ${(sums.bare / rounds).toFixed(1)} µs, bare on the guarded pool ${(sums.guarded / rounds).toFixed(1)} µs, send ${(sums.send / rounds).toFixed(1)} µs, session path ${(sums.session / rounds).toFixed(1)} µs per request (${mix.length} requests in the mix)`,
);
agent.destroy();
child.kill();
process.exit(0);
