/**
 * The same seed sends the same requests: three runs against one reference server — one on each engine (the
 * default worker thread, inline, and vitest) — give the same reproduction line and the same status for every check,
 * apart from IDs the server assigns (audiences and contacts the runs create).
 */
import { afterAll, expect, it } from 'vitest';
import { startReferenceServer } from '../src/server/index.js';
import type { RunningReferenceServer } from '../src/server/types.js';
import { readReport, runCli, runCliInProcess, targetArgs } from './support/run-cli.js';
import type { Report } from '../src/report/model.js';

const OPERATIONS = [
  'API.IsValidETHAuthProof',
  'API.GetLinkedWallets',
  'Marketplace.GetCountOfFilteredCollectibles',
  'Marketplace.GetHighestPriceListingForCollectible',
  'Builder.CreateAudience',
  'Builder.GetAudience',
  'Builder.RemoveAudienceContacts',
];

let server: RunningReferenceServer | undefined;
afterAll(async () => {
  await server?.close();
});

/** Every check's status and reproduction line (and request body, where the whole exchange was kept), server IDs masked. */
function requestsOf(report: Report): Map<string, string> {
  const mask = (text: string) =>
    text
      .replace(/"(audienceId|contactIds|id)":(\d+|\[[^\]]*\])/g, '"$1":<server-assigned>')
      // Each run names its audiences with a token of its own, so no audience of an earlier run can pass for its own.
      .replace(/(conformance-\d+-)[0-9a-f]{12}-/g, '$1<run-token>-');
  const lines = new Map<string, string>();
  for (const group of [
    ...report.networks.flatMap((n) => n.operations.map((o) => ({ network: n.slug, o }))),
    ...report.global.operations.map((o) => ({ network: 'global', o })),
  ]) {
    for (const check of group.o.checks) {
      lines.set(`${group.network} ${check.key}`, mask(`${check.status} ${check.reproduction ?? ''} ${check.exchange?.request.body ?? ''}`));
    }
  }
  return lines;
}

it('runs with one seed, on each engine, send the same requests and reach the same verdicts', async () => {
  server = await startReferenceServer({ host: '127.0.0.1', port: 0 });
  const target = targetArgs(server);
  const args = ['run', ...target.args, '--networks', 'polygon', '--operations', OPERATIONS.join(','), '--runs', '3', '--seed', '77'];
  const thread = await runCliInProcess(args, { ...target.env, CONFORMANCE_ENGINE: 'thread' });
  const inline = await runCliInProcess(args, { ...target.env, CONFORMANCE_ENGINE: 'inline' });
  // The vitest engine starts vitest and takes the process's signals: its own process, not this test runner's.
  const vitest = await runCli([...args, '--engine', 'vitest'], target.env);
  const a = requestsOf(readReport(thread.reportDir));
  expect(a.size).toBeGreaterThan(50);
  for (const other of [inline, vitest]) {
    const b = requestsOf(readReport(other.reportDir));
    const differing = [...a.keys()].filter((key) => a.get(key) !== b.get(key)).map((key) => `${key}\n  ${a.get(key)}\n  ${b.get(key)}`);
    expect(differing, differing.join('\n')).toEqual([]);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
  }
}, 300_000);
