/**
 * `npm run bench`: how fast the suite certifies, measured in one go on this machine. Prints
 *   - the full default certification of the embedded server (39 networks, every operation): wall time and
 *     requests per second, the median of `--repeat` runs, peak memory and CPU time (each run in its own process);
 *   - the raw HTTP ceiling of the same server (autocannon) for the request mix such a run sends (recorded
 *     from a one-network run), and the run's requests per second as a share of it;
 *   - the full run against the same server holding every answer `--latency-ms` (a target far away).
 * Measure speed here, never with timed assertions in tests: machines are shared and noisy.
 *
 *   npm run bench -- [--repeat K] [--seed N] [--latency-ms N] [--ceiling-seconds N] [--concurrency N]
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { runConformance } from '../src/runner/run-conformance.js';
import { parseRunOptions } from '../src/cli/run-options.js';
import { startReferenceServer } from '../src/server/index.js';
import type { RequestContext } from '../src/server/types.js';

const { values } = parseArgs({
  options: {
    child: { type: 'string' },
    seed: { type: 'string', default: '1' },
    repeat: { type: 'string', default: '3' },
    'latency-ms': { type: 'string', default: '150' },
    'ceiling-seconds': { type: 'string', default: '10' },
    concurrency: { type: 'string' },
  },
});

interface RunFigures {
  readonly verdict: string;
  readonly wallSeconds: number;
  readonly requests: number;
  readonly maxRssMb: number;
  /** CPU time of the whole process (every thread): with the wall time, how many cores the run kept busy. */
  readonly cpuSeconds: number;
}

const ACCESS_KEY = 'bench-access-key';

/** One full run in this process: the embedded server, or (`latency`) a reference server answering late. */
async function childRun(mode: string): Promise<RunFigures> {
  const reportDir = mkdtempSync(join(tmpdir(), 'conformance-bench-'));
  const common = { seed: values.seed, reportDir, ...(values.concurrency ? { concurrency: values.concurrency } : {}) };
  const latencyMs = mode === 'latency' ? Number(values['latency-ms']) : 0;
  const server = latencyMs > 0 ? await startReferenceServer({ accessKey: ACCESS_KEY, latencyMs }) : undefined;
  const options = server
    ? { ...parseRunOptions({ ...common, target: server.origin, accessKey: ACCESS_KEY }), fixtures: server.fixtures }
    : parseRunOptions(common);
  const started = performance.now();
  const outcome = await runConformance(options, { log: () => undefined });
  const wallSeconds = (performance.now() - started) / 1000;
  await server?.close();
  const cpu = process.cpuUsage();
  return {
    verdict: outcome.report.verdict,
    wallSeconds,
    requests: outcome.report.run.requests,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

function inChild(mode: string): Promise<RunFigures> {
  const args = ['--import', 'tsx', import.meta.filename, '--child', mode, '--seed', values.seed!, '--latency-ms', values['latency-ms']!];
  if (values.concurrency) args.push('--concurrency', values.concurrency);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`bench run failed: ${stderr || error.message}`));
      resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as RunFigures);
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
    },
    { log: () => undefined },
  );
  await server.close();
  return mix;
}

/** The server in a process of its own (as in a run, where the checks run in a worker), loaded by autocannon. */
async function ceiling(mix: autocannon.Request[], connections: number): Promise<{ rate: number; errors: number; timeouts: number }> {
  const { spawn } = await import('node:child_process');
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, '..', 'bin', 'conformance.mjs'), 'serve', '--access-key', ACCESS_KEY, '--seed', '1'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /listening at (http:\/\/\S+)/.exec(out);
        if (found) resolve(found[1]!);
      });
      child.on('exit', () => reject(new Error(`the reference server did not start: ${out}`)));
    });
    const result = await autocannon({ url: origin, connections, duration: Number(values['ceiling-seconds']), requests: mix });
    return {
      rate: result.requests.total / (result.duration || Number(values['ceiling-seconds'])),
      errors: result.errors,
      timeouts: result.timeouts,
    };
  } finally {
    child.kill('SIGTERM');
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

if (values.child) {
  console.log(JSON.stringify(await childRun(values.child)));
} else {
  const repeat = Number(values.repeat);
  const runs: RunFigures[] = [];
  for (let i = 0; i < repeat; i += 1) {
    const run = await inChild('embedded');
    runs.push(run);
    console.log(
      `full run ${i + 1}/${repeat} (embedded server): ${run.verdict} · wall ${run.wallSeconds.toFixed(2)} s · ${run.requests} requests · ${(run.requests / run.wallSeconds).toFixed(0)} req/s · peak ${run.maxRssMb.toFixed(0)} MB · CPU ${run.cpuSeconds.toFixed(1)} s (${(run.cpuSeconds / run.wallSeconds).toFixed(1)} cores)`,
    );
  }
  const wall = median(runs.map((r) => r.wallSeconds));
  const rate = median(runs.map((r) => r.requests / r.wallSeconds));
  const mix = await recordMix();
  const connections = Number(values.concurrency ?? parseRunOptions({}).concurrency);
  const { rate: ceilingRate, errors, timeouts } = await ceiling(mix, connections);
  const far = await inChild('latency');
  console.log('');
  console.log(`full default run, embedded server:  median wall ${wall.toFixed(2)} s over ${repeat} · ${rate.toFixed(0)} req/s`);
  console.log(
    `HTTP ceiling of that server:        ${ceilingRate.toFixed(0)} req/s (autocannon, ${connections} connections, the ${mix.length} requests of a one-network run; ${errors} errors, ${timeouts} timeouts)`,
  );
  console.log(`run rate / ceiling:                 ${((100 * rate) / ceilingRate).toFixed(0)} %`);
  const cpuPerRequest = median(runs.map((r) => (1000 * r.cpuSeconds) / r.requests));
  console.log(`CPU per request of a full run:      ${cpuPerRequest.toFixed(2)} ms (checks, embedded server and startup together)`);
  console.log(
    `full run, ${values['latency-ms']} ms latency:           wall ${far.wallSeconds.toFixed(2)} s · ${far.requests} requests · ${(far.requests / far.wallSeconds).toFixed(0)} req/s · ${far.verdict}`,
  );
  console.log(`peak memory of a full run:          ${Math.max(...runs.map((r) => r.maxRssMb), far.maxRssMb).toFixed(0)} MB`);
}
