/**
 * `npm run bench`: how fast the suite certifies, measured in one go on this machine. Prints
 *   - the Node it runs on (every process it starts runs on the same, `process.execPath`: put another Node first in
 *     PATH to measure that one), the machine's cores and its load average, at the start and after the runs;
 *   - the full default certification of the embedded server (39 networks, every operation), run as a user runs
 *     it (the command line in a process of its own, start-up included): wall time and requests per second, the
 *     median of `--repeat` runs, peak memory and CPU time;
 *   - the raw HTTP ceiling of the same server (autocannon) for the request mix such a run sends (recorded
 *     from a one-network run), and the run's requests per second as a share of it;
 *   - the full run against a reference server (`conformance serve`) holding every answer `--latency-ms`, the
 *     median of `--repeat` runs;
 *   - the embedded chain node's start-up in those runs, and the time and memory to make the chains of every network;
 *   - per profile (full, quick): requests, wall time and the share of the fault table's faults caught;
 *   - the checks' CPU per request (full runs against `conformance serve` in another process, whose CPU is
 *     measured apart and printed) over node's bare HTTP client's (the median of at least 5 measures), and where
 *     it goes (a profiled run, by part);
 *   - runs with `--max-rps N` against `conformance serve --max-rps N` (a target that answers 429 past N requests
 *     in any second), N = 350, 100 (full runs) and 20 (one network): wall time over the quota's minimum
 *     (requests ÷ N), goal ≤ 1.1, and the answers 429 they got, goal 0;
 *   - the full run over HTTPS, with `--ca-file`, against `conformance serve --tls-cert --tls-key` (a self-signed
 *     certificate) holding answers `--latency-ms`, the median of `--repeat` runs: its wall time over its
 *     concurrency bound, and the TLS handshakes the server saw, full and resumed (the line serve prints when it stops);
 *   - a consumer's install of the packed package: its size and time (scripts/bench-install.ts).
 * Measure speed here, never with timed assertions in tests: machines are shared and noisy.
 * `--cpu-hogs N` keeps N processes spinning for the whole bench: the machine busy, as a CI runner building beside a run.
 *
 *   npm run bench -- [--repeat K] [--seed N] [--latency-ms N] [--ceiling-seconds N] [--concurrency N] [--rate-rps N,N,...] [--cpu-hogs N]
 */
import { execFile, spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { runConformance } from '../src/runner/run-conformance.js';
import { parseRunOptions } from '../src/runner/run-options.js';
import { NETWORKS } from '../src/contract/networks.js';
import { seededGenesis } from '../src/server/balance-source.js';
import { startEmbeddedChainNode } from '../src/server/embedded-chain-node.js';
import { DEFAULT_SEED, startReferenceServer } from '../src/server/index.js';
import type { RequestContext } from '../src/server/types.js';
import type { Profile } from '../src/runner/run-option-schema.js';
import { faultsMissed, TABLE_FAULTS } from '../test/support/fault-run.js';
import { cpuBreakdown, PARTS } from './cpu-breakdown.js';
import { consumerInstall, installLine } from './bench-install.js';
import { loopbackCertificate } from '../test/support/loopback-certificate.js';

// Every temporary folder of the bench (report folders, fixtures, profiles, and those of the processes it starts)
// goes under one, removed when it exits: os.tmpdir() reads TMPDIR at each call, and child processes inherit it.
const scratch = mkdtempSync(join(tmpdir(), 'conformance-bench-'));
process.env.TMPDIR = scratch;
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    repeat: { type: 'string', default: '3' },
    'latency-ms': { type: 'string', default: '150' },
    'ceiling-seconds': { type: 'string', default: '10' },
    concurrency: { type: 'string' },
    // The quotas of the rate-limited runs: ~19,000 requests take about 55 s at 350 a second and 190 s at 100;
    // below QUOTA_FULL_RUN_AT_LEAST a second the run is of one network (~500 requests: 25 s at 20).
    'rate-rps': { type: 'string', default: '350,100,20' },
    // Processes that only spin, for the whole bench: the machine made busy, as a CI runner that builds beside the run.
    'cpu-hogs': { type: 'string', default: '0' },
  },
});

// A busy machine on demand: each hog is a process of its own spinning on one core until the bench exits.
const cpuHogs = Array.from({ length: Number(values['cpu-hogs']) }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
process.on('exit', () => {
  for (const hog of cpuHogs) hog.kill('SIGKILL');
});

interface RunFigures {
  readonly verdict: string;
  readonly wallSeconds: number;
  readonly requests: number;
  readonly maxRssMb: number;
  /** CPU time of the whole process (every thread): with the wall time, how many cores the run kept busy. */
  readonly cpuSeconds: number;
  /** The embedded chain node's start-up, as the run printed it (absent when the run started none). */
  readonly chainNodeStartupMs?: number;
}

const ACCESS_KEY = 'bench-access-key';
const BIN = join(import.meta.dirname, '..', 'bin', 'conformance.mjs');

/** One full run of the command line in a process of its own, against the embedded server or `target` (with its `args`). */
function commandLineRun(
  target?: { origin: string; fixtures: string; args?: readonly string[] },
  profile: Profile = 'full',
  nodeFlags: readonly string[] = [],
): Promise<RunFigures> {
  const reportDir = mkdtempSync(join(tmpdir(), 'conformance-bench-'));
  const args = [
    ...nodeFlags,
    join(import.meta.dirname, 'bench-child.mjs'),
    'run',
    '--seed',
    values.seed!,
    '--report-dir',
    reportDir,
    '--profile',
    profile,
  ];
  if (values.concurrency) args.push('--concurrency', values.concurrency);
  if (target) args.push('--target', target.origin, '--fixtures', target.fixtures, ...(target.args ?? []));
  const env = { ...process.env, ...(target ? { CONFORMANCE_ACCESS_KEY: ACCESS_KEY } : {}) };
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`bench run failed: ${stderr || error.message}`));
      const figures = JSON.parse(stdout.trim().split('\n').at(-1)!) as Omit<RunFigures, 'verdict' | 'requests'>;
      const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as { verdict: string; run: { requests: number } };
      const chainNode = /embedded chain node at \S+ \(started in (\d+) ms\)/.exec(stdout);
      resolve({
        ...figures,
        verdict: report.verdict,
        requests: report.run.requests,
        ...(chainNode ? { chainNodeStartupMs: Number(chainNode[1]) } : {}),
      });
    });
  });
}

/** The requests a one-network run sends, as the server saw them: the mix the ceiling is measured with. */
async function recordMix(): Promise<autocannon.Request[]> {
  const mix: autocannon.Request[] = [];
  const record = (ctx: RequestContext) => {
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'x-access-key']) {
      const value = ctx.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    mix.push({
      method: ctx.method as NonNullable<autocannon.Request['method']>,
      path: ctx.path,
      headers,
      ...(ctx.method === 'GET' ? {} : { body: ctx.rawBody }),
    });
    return undefined;
  };
  const server = await startReferenceServer({ accessKey: ACCESS_KEY, faults: [{ intercept: record }] });
  const reportDir = mkdtempSync(join(tmpdir(), 'conformance-bench-'));
  await runConformance(
    {
      ...parseRunOptions({ seed: values.seed, reportDir, target: server.origin, accessKey: ACCESS_KEY, networks: 'polygon' }),
      fixtures: server.fixtures,
      engine: 'inline',
    },
    { log: () => undefined },
  );
  await server.close();
  return mix;
}

interface ServeProcess {
  readonly origin: string;
  readonly fixtures: string;
  readonly pid: number;
  /** SIGTERM, then everything it printed once it has exited (its last lines are said on stop). */
  stop(): Promise<string>;
}

/** `conformance serve` in a process of its own (as a target would be), once it has printed its access key. */
async function startServe(extra: readonly string[]): Promise<ServeProcess> {
  const fixtures = join(mkdtempSync(join(tmpdir(), 'conformance-bench-')), 'fixtures.json');
  const child = spawn(process.execPath, [BIN, 'serve', '--access-key', ACCESS_KEY, '--seed', '1', '--fixtures-out', fixtures, ...extra], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  // 'close', not 'exit': its stdout read to the end, the lines said on stop among it.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const stop = async (): Promise<string> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    return out;
  };
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      const started = () => {
        const found = /listening at (https?:\/\/\S+)/.exec(out);
        if (found && out.includes('access key:')) resolve(found[1]!);
      };
      child.stdout.on('data', started);
      void exited.then(() => reject(new Error(`the reference server did not start: ${out}`)));
    });
    return { origin, fixtures, pid: child.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `conformance serve` in a process of its own (as a target would be), until `use` is over. */
async function withServer<T>(extra: readonly string[], use: (origin: string, fixtures: string, pid: number) => Promise<T>): Promise<T> {
  const server = await startServe(extra);
  try {
    return await use(server.origin, server.fixtures, server.pid);
  } finally {
    await server.stop();
  }
}

/**
 * CPU seconds a process has used so far, from /proc (Linux): what the server's own process spends, which
 * `process.cpuUsage` cannot tell from here. Undefined where /proc is not there.
 */
function processCpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat(5), counted from the state field (3); in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
// stat(5) counts in USER_HZ clock ticks, which Linux fixes at 100 on every architecture node runs on.
const CLOCK_TICKS_PER_SECOND = 100;

/** The server alone in its process, loaded by autocannon: its rate, and the CPU its process spent per request. */
function ceiling(
  mix: autocannon.Request[],
  connections: number,
): Promise<{ rate: number; serverCpuMs?: number; errors: number; timeouts: number }> {
  return withServer([], async (origin, _fixtures, pid) => {
    const cpuBefore = processCpuSeconds(pid);
    const result = await autocannon({ url: origin, connections, duration: Number(values['ceiling-seconds']), requests: mix });
    const cpuAfter = processCpuSeconds(pid);
    const served = result.requests.total;
    return {
      rate: served / (result.duration || Number(values['ceiling-seconds'])),
      ...(cpuBefore !== undefined && cpuAfter !== undefined && served > 0 ? { serverCpuMs: (1000 * (cpuAfter - cpuBefore)) / served } : {}),
      errors: result.errors,
      timeouts: result.timeouts,
    };
  });
}

/**
 * Node's own HTTP client with nothing of the suite around it: the mix sent again and again through a keep-alive
 * `http.request`, `connections` at a time, each answer read whole and parsed. Its CPU per request is the part of
 * a check's cost that no change in the suite can remove while the suite sends through node's client.
 */
function bareClient(mix: autocannon.Request[], connections: number): Promise<{ cpuMs: number; errors: number }> {
  return withServer([], async (origin) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    const { hostname, port } = new URL(origin);
    const total = mix.length * BARE_CLIENT_ROUNDS;
    let next = 0;
    let errors = 0;
    const sendOne = (request: autocannon.Request): Promise<void> =>
      new Promise((resolve) => {
        const body = request.body === undefined ? undefined : Buffer.from(request.body);
        const headers = body === undefined ? request.headers : { ...request.headers, 'content-length': String(body.length) };
        const req = http.request({ hostname, port, agent, method: request.method, path: request.path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            try {
              JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              // A non-JSON answer is read all the same, as the suite reads it.
            }
            resolve();
          });
        });
        req.on('error', () => {
          errors += 1;
          resolve();
        });
        req.end(body);
      });
    const started = process.cpuUsage();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < total) await sendOne(mix[next++ % mix.length]!);
      }),
    );
    const spent = process.cpuUsage(started);
    agent.destroy();
    return { cpuMs: (spent.user + spent.system) / 1000 / total, errors };
  });
}
const BARE_CLIENT_ROUNDS = 10;
/** The bare client's figure is the median of at least this many measures: one moves by a quarter with the machine's load. */
const BARE_CLIENT_MEASURES_AT_LEAST = 5;

/** The middle item by `key` (the upper one of an even count). */
const medianBy = <T>(items: readonly T[], key: (item: T) => number): T =>
  items.toSorted((a, b) => key(a) - key(b))[Math.floor(items.length / 2)]!;
const median = (xs: number[]): number => medianBy(xs, (x) => x);

// Every figure depends on the Node that ran it and on how busy the machine was: said first, and the load again last.
const loadAverage = (): string => loadavg()[0]!.toFixed(2);
console.log(
  `node ${process.version} (every command line and server the bench starts runs on it: another Node first in PATH measures that one) · ${availableParallelism()} cores · load average ${loadAverage()} at the start`,
);

const repeat = Number(values.repeat);
const runs: RunFigures[] = [];
for (let i = 0; i < repeat; i += 1) {
  const run = await commandLineRun();
  runs.push(run);
  console.log(
    `full run ${i + 1}/${repeat} (embedded server): ${run.verdict} · wall ${run.wallSeconds.toFixed(2)} s · ${run.requests} requests · ${(run.requests / run.wallSeconds).toFixed(0)} req/s · peak ${run.maxRssMb.toFixed(0)} MB · CPU ${run.cpuSeconds.toFixed(1)} s (${(run.cpuSeconds / run.wallSeconds).toFixed(1)} cores) · chain node ${run.chainNodeStartupMs ?? '-'} ms`,
  );
}
const wall = median(runs.map((r) => r.wallSeconds));
const chainNodeStartups = runs.flatMap((r) => (r.chainNodeStartupMs === undefined ? [] : [r.chainNodeStartupMs]));
// Every network's chain, made here on its own: the run's start-up counts the chains of its networks. The
// memory is what the library and the chains add to this process's resident size (the first node it starts).
const rssBeforeChainNode = process.memoryUsage().rss;
const chainNode = await startEmbeddedChainNode({ genesis: seededGenesis(DEFAULT_SEED) });
const chainsMs = await chainNode.warm(NETWORKS);
const chainNodeMb = (process.memoryUsage().rss - rssBeforeChainNode) / 2 ** 20;
await chainNode.close();
const rate = median(runs.map((r) => r.requests / r.wallSeconds));
const mix = await recordMix();
const connections = Number(values.concurrency ?? parseRunOptions({}).concurrency);
const { rate: ceilingRate, serverCpuMs, errors, timeouts } = await ceiling(mix, connections);
// Measured as many times as the full runs, the median taken: one measurement of a few seconds moves by a
// quarter with what else the machine is doing, and the run's figure it divides is a median of several.
const bareMeasures: { cpuMs: number; errors: number }[] = [];
for (let i = 0; i < Math.max(BARE_CLIENT_MEASURES_AT_LEAST, repeat); i += 1) bareMeasures.push(await bareClient(mix, connections));
const bare = medianBy(bareMeasures, (m) => m.cpuMs);
const quick = await commandLineRun(undefined, 'quick');
// The checks' own CPU per request: full runs against `conformance serve` in a process of its own, unhindered
// (no latency), so that the run's process answers nothing; the server's process is measured apart (/proc).
const checksRuns: { run: RunFigures; serverCpuSeconds?: number }[] = [];
for (let i = 0; i < repeat; i += 1) {
  checksRuns.push(
    await withServer([], async (origin, fixtures, pid) => {
      const before = processCpuSeconds(pid);
      const run = await commandLineRun({ origin, fixtures });
      const after = processCpuSeconds(pid);
      return { run, ...(before !== undefined && after !== undefined ? { serverCpuSeconds: after - before } : {}) };
    }),
  );
}
const checksCpuMs = median(checksRuns.map(({ run }) => (1000 * run.cpuSeconds) / run.requests));
const serverCpuShares = checksRuns.flatMap(({ run, serverCpuSeconds }) =>
  serverCpuSeconds === undefined ? [] : [(1000 * serverCpuSeconds) / run.requests],
);
// One more of those runs with V8's CPU profiler on in every thread of the run's process: where the checks' CPU
// goes (scripts/cpu-breakdown.ts).
const profiles = mkdtempSync(join(tmpdir(), 'conformance-bench-profile-'));
await withServer([], (origin, fixtures) => commandLineRun({ origin, fixtures }, 'full', ['--cpu-prof', `--cpu-prof-dir=${profiles}`]));
const breakdown = cpuBreakdown(profiles);
// The fault table run with each profile: the share of its faults each catches (a fault is caught when one of
// the checks it lists fails), two faults at a time.
const missedBy = { full: await faultsMissed('full', 2), quick: await faultsMissed('quick', 2) };
// As many runs as the full ones, each against a server of its own, and the median taken: one run on a shared
// machine moves by a few tenths of a second with what else the machine is doing.
const farRuns: RunFigures[] = [];
for (let i = 0; i < repeat; i += 1) {
  farRuns.push(await withServer(['--latency-ms', values['latency-ms']!], (origin, fixtures) => commandLineRun({ origin, fixtures })));
}
const far = medianBy(farRuns, (r) => r.wallSeconds);
console.log('');
console.log(`full default run, embedded server:  median wall ${wall.toFixed(2)} s over ${repeat} · ${rate.toFixed(0)} req/s`);
console.log(
  `HTTP ceiling of that server:        ${ceilingRate.toFixed(0)} req/s (autocannon, ${connections} connections, the ${mix.length} requests of a one-network run; ${errors} errors, ${timeouts} timeouts)`,
);
console.log(`run rate / ceiling:                 ${((100 * rate) / ceilingRate).toFixed(0)} %`);
const cpuPerRequest = median(runs.map((r) => (1000 * r.cpuSeconds) / r.requests));
console.log(`CPU per request of a full run:      ${cpuPerRequest.toFixed(2)} ms (checks, embedded server and start-up together)`);
if (serverCpuMs !== undefined) {
  // With every core busy, a run on k cores makes about k / (checks' + server's CPU per request) requests a
  // second, and the ceiling is about 1 / server's: so the ratio is near k × server's / run's CPU per request.
  const cores = availableParallelism();
  console.log(`  of which the server's:            ${serverCpuMs.toFixed(2)} ms (its own process's CPU per request during the ceiling)`);
  console.log(
    `  the ratio these predict on ${cores} cores: ${((100 * cores * serverCpuMs) / cpuPerRequest).toFixed(0)} % (cores × server's / run's CPU per request)`,
  );
}
console.log(
  `node's HTTP client alone:           ${bare.cpuMs.toFixed(2)} ms of CPU per request, median of ${bareMeasures.length} (${bareMeasures.map((m) => m.cpuMs.toFixed(2)).join(', ')}; keep-alive http.request, the same mix and server, answers read and parsed; ${bare.errors} errors)`,
);
console.log(`run / node's client, CPU per request: ${(cpuPerRequest / bare.cpuMs).toFixed(1)}× (the embedded server's CPU included)`);
console.log(
  `the checks' CPU per request:        ${checksCpuMs.toFixed(2)} ms, median of ${checksRuns.length} full runs against \`conformance serve\` in another process (${checksRuns.map(({ run }) => ((1000 * run.cpuSeconds) / run.requests).toFixed(2)).join(', ')}; the run's whole process: start-up, threads, report)`,
);
if (serverCpuShares.length > 0) {
  console.log(
    `  the server's, measured apart:     ${median(serverCpuShares).toFixed(2)} ms per request (its process, during the same runs; not counted)`,
  );
}
console.log(`checks / node's client, CPU per request: ${(checksCpuMs / bare.cpuMs).toFixed(1)}× (goal ≤ 3×)`);
const profiled = [...breakdown.values()].reduce((sum, us) => sum + us, 0);
// The profiler's samples give each part's share; the shares are applied to the unprofiled runs' CPU per request.
console.log(
  `  where it goes (profiled run):     ${PARTS.map((part) => `${part} ${((checksCpuMs * breakdown.get(part)!) / profiled).toFixed(2)} ms`).join(' · ')}`,
);
console.log(
  `full run, ${values['latency-ms']} ms latency:           median wall ${far.wallSeconds.toFixed(2)} s over ${farRuns.length} (${farRuns.map((r) => r.wallSeconds.toFixed(2)).join(', ')} s) · ${far.requests} requests · ${(far.requests / far.wallSeconds).toFixed(0)} req/s · ${far.verdict}`,
);
// No run can beat every request taking the latency with the run's whole concurrency busy; start-up, report
// writing and the suite's own time per request are inside the wall time, so the ratio is what they and an idle
// tail cost together.
const farBound = (far.requests * Number(values['latency-ms'])) / 1000 / connections;
console.log(
  `  its concurrency bound:            ${farBound.toFixed(2)} s (requests × latency ÷ ${connections} in flight) · wall ${(far.wallSeconds / farBound).toFixed(3)}× the bound (goal ≤ 1.1)`,
);
console.log(
  `embedded chain node start-up:       ${chainNodeStartups.length ? `median ${median(chainNodeStartups)} ms in the full runs` : 'not started by the runs'} (EVM library loaded, listening, the chains of the run's networks made); the ${NETWORKS.length} networks' chains made on their own in ${chainsMs.toFixed(0)} ms, adding ${chainNodeMb.toFixed(0)} MB resident with the library`,
);
const fullRequests = median(runs.map((r) => r.requests));
for (const [profile, figures] of [
  ['full', { wallSeconds: wall, requests: fullRequests }],
  ['quick', quick],
] as const) {
  const missed = missedBy[profile];
  const caughtShare = (100 * (TABLE_FAULTS.length - missed.length)) / TABLE_FAULTS.length;
  console.log(
    `profile ${profile.padEnd(5)} (embedded server):    ${figures.requests} requests (${((100 * figures.requests) / fullRequests).toFixed(1)} % of full) · wall ${figures.wallSeconds.toFixed(2)} s · faults caught ${TABLE_FAULTS.length - missed.length}/${TABLE_FAULTS.length} (${caughtShare.toFixed(1)} %)${missed.length ? ` · missed: ${missed.join(', ')}` : ''}`,
  );
}
console.log(
  `peak memory of a full run:          ${Math.max(...runs.map((r) => r.maxRssMb), ...farRuns.map((r) => r.maxRssMb)).toFixed(0)} MB`,
);

/**
 * The full run with --max-rps N against `conformance serve --max-rps N`, as a user with a quota runs it: its
 * requests, wall time (from the process's start) and the throttling answers it got (429 is all this server
 * answers when over its limit), from its report.
 */
function rateLimitedRun(
  perSecond: string,
  networks?: string,
): Promise<{ requests: number; wallSeconds: number; throttled: number; verdict: string }> {
  return withServer(['--max-rps', perSecond], (origin, fixtures) => {
    const reportDir = mkdtempSync(join(tmpdir(), 'conformance-bench-'));
    const args = [join(import.meta.dirname, 'bench-child.mjs'), 'run', '--seed', values.seed!, '--report-dir', reportDir];
    args.push('--target', origin, '--fixtures', fixtures, '--max-rps', perSecond);
    if (networks) args.push('--networks', networks);
    const env = { ...process.env, CONFORMANCE_ACCESS_KEY: ACCESS_KEY };
    return new Promise((resolve, reject) => {
      execFile(process.execPath, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (error) return reject(new Error(`bench run failed: ${stderr || error.message}`));
        const { wallSeconds } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { wallSeconds: number };
        const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as {
          verdict: string;
          run: { requests: number; throttling?: { throttled: number } };
        };
        resolve({ requests: report.run.requests, wallSeconds, throttled: report.run.throttling?.throttled ?? 0, verdict: report.verdict });
      });
    });
  });
}
/** Quotas below this many requests a second are run on one network: a full run at 20 a second would take 16 minutes. */
const QUOTA_FULL_RUN_AT_LEAST = 100;
const QUOTA_ONE_NETWORK = 'polygon';
for (const perSecond of values['rate-rps']!.split(',')) {
  const networks = Number(perSecond) < QUOTA_FULL_RUN_AT_LEAST ? QUOTA_ONE_NETWORK : undefined;
  const quota = await rateLimitedRun(perSecond, networks);
  const quotaMinimum = quota.requests / Number(perSecond);
  console.log(
    `${networks ? `run of ${networks} alone` : 'full run'}, --max-rps ${perSecond} (quota ${perSecond}/s): ${quota.requests} requests · wall ${quota.wallSeconds.toFixed(2)} s · quota's minimum ${quotaMinimum.toFixed(2)} s (requests ÷ N) · ratio ${(quota.wallSeconds / quotaMinimum).toFixed(3)} (goal ≤ 1.1) · answers 429: ${quota.throttled} (goal 0) · ${quota.verdict}`,
  );
}

/**
 * The full run over HTTPS: `conformance serve --tls-cert --tls-key` in a process of its own, with a self-signed
 * certificate for 127.0.0.1, holding answers `--latency-ms`, certified with `--ca-file` as a user would. Its wall
 * time over the concurrency bound, and the TLS sessions the server saw opened: with a full handshake, or resumed
 * from an earlier session (serve prints them on a line when it stops).
 */
async function httpsRun(): Promise<{ figures: RunFigures; full: number; resumed: number }> {
  const pems = await loopbackCertificate();
  const pemDir = mkdtempSync(join(tmpdir(), 'conformance-bench-tls-'));
  const keyFile = join(pemDir, 'key.pem');
  writeFileSync(keyFile, pems.key, { mode: 0o600 });
  const server = await startServe(['--latency-ms', values['latency-ms']!, '--tls-cert', pems.caFile, '--tls-key', keyFile]);
  let figures: RunFigures;
  try {
    figures = await commandLineRun({ origin: server.origin, fixtures: server.fixtures, args: ['--ca-file', pems.caFile] });
  } catch (error) {
    await server.stop();
    throw error;
  }
  const out = await server.stop();
  const handshakes = /^TLS handshakes: (\d+) full, (\d+) resumed$/m.exec(out);
  if (!handshakes) throw new Error(`the HTTPS server did not print its TLS handshakes: ${out}`);
  return { figures, full: Number(handshakes[1]), resumed: Number(handshakes[2]) };
}
// As many runs as the plain ones, each against a server of its own, and the median taken, for the same reason.
const secureRuns: Awaited<ReturnType<typeof httpsRun>>[] = [];
for (let i = 0; i < repeat; i += 1) secureRuns.push(await httpsRun());
const secure = medianBy(secureRuns, (r) => r.figures.wallSeconds);
const secureBound = (secure.figures.requests * Number(values['latency-ms'])) / 1000 / connections;
console.log(
  `full run over HTTPS, ${values['latency-ms']} ms latency: median wall ${secure.figures.wallSeconds.toFixed(2)} s over ${secureRuns.length} (${secureRuns.map((r) => r.figures.wallSeconds.toFixed(2)).join(', ')} s) · ${secure.figures.requests} requests · bound ${secureBound.toFixed(2)} s · wall ${(secure.figures.wallSeconds / secureBound).toFixed(3)}× the bound (goal ≤ 1.1) · TLS handshakes of that run: ${secure.full} full, ${secure.resumed} resumed · ${secure.figures.verdict}`,
);

console.log(`load average ${loadAverage()} at the end of the runs`);

// What a team adds to its project, last: it packs the package (a build) and downloads every dependency.
console.log(installLine(await consumerInstall()));
