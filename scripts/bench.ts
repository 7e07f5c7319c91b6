/**
 * `npm run bench`: the full default certification of the embedded server (39 networks, every operation),
 * timed from outside the runner. Prints wall time, requests sent and requests per second. Measure speed
 * here, never with timed assertions in tests: machines are shared and noisy.
 *
 *   npm run bench -- [--runs N] [--seed N] [--repeat K]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runConformance } from '../src/cli/run.js';
import { parseRunOptions } from '../src/cli/run-options.js';

const { values } = parseArgs({
  options: { runs: { type: 'string' }, seed: { type: 'string', default: '1' }, repeat: { type: 'string', default: '1' } },
});
const repeat = Number(values.repeat);
const walls: number[] = [];
for (let i = 0; i < repeat; i += 1) {
  const reportDir = mkdtempSync(join(tmpdir(), 'conformance-bench-'));
  const options = parseRunOptions({ seed: values.seed, reportDir, ...(values.runs ? { runs: values.runs } : {}) });
  const started = performance.now();
  const outcome = await runConformance(options, { log: () => undefined });
  const wall = (performance.now() - started) / 1000;
  walls.push(wall);
  const requests = outcome.report.run.requests;
  console.log(
    `run ${i + 1}/${repeat}: ${outcome.report.verdict} · ${outcome.report.networks.length} networks · wall ${wall.toFixed(2)} s · ${requests} requests · ${(requests / wall).toFixed(0)} req/s`,
  );
}
if (repeat > 1) {
  walls.sort((a, b) => a - b);
  console.log(`median wall ${walls[Math.floor(walls.length / 2)]!.toFixed(2)} s over ${repeat} runs`);
}
