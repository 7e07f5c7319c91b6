/**
 * native-balance-matches-chain-node against real chain nodes: the embedded chain node (ethereumjs, one chain per
 * network at `/<network>` on loopback; polygon is chain 137, xai-sepolia 37714555429, beyond 32 bits), so that
 * `--chain-rpc-url http://…/{network}` is exercised as a user would give it. An account is funded by a mined
 * transfer; the reference server reads the same node (`chainRpcUrl`, `serve --chain-rpc-url`). The clean
 * server passes, the faults marked `chainNode` fail exactly the checks they name, a node of another chain
 * leaves the check skipped, and without the flag a target's run skips it with the reason and is incomplete
 * (failed under --require-complete). Without a target, `conformance run` starts its own node and is complete.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkBySlug } from '../src/contract/networks.js';
import type { Report } from '../src/report/model.js';
import { FAULTS } from '../src/server/faults.js';
import { startEmbeddedChainNode, type EmbeddedChainNode } from '../src/server/embedded-chain-node.js';
import { startReferenceServer, type FaultHooks, type RunningReferenceServer } from '../src/server/index.js';
import { BIN, brokenResults, readReport, runCliInProcess } from './support/run-cli.js';

const SLUGS = ['polygon', 'xai-sepolia'] as const;
/** Each test runs the command line, alongside the other test files: generous, as the fault table. */
const CLI_TEST_MS = 240_000;
const CHECK = 'native-balance-matches-chain-node';
const BALANCE = 'Indexer.GetNativeTokenBalance';
/** An amount no seeded balance has: 12.345678901234567891 tokens. */
const FUNDED_WEI = 12_345_678_901_234_567_891n;

let node: EmbeddedChainNode;
const nodeUrl = (slug: string) => node.urlTemplate.replace('{network}', slug);
const servers: RunningReferenceServer[] = [];
const funded = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
/** The node signs for one account of its own, rich on every chain, which pays the funded account. */
const owner = generatePrivateKey();
const ownerAddress = privateKeyToAccount(owner).address;

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

beforeAll(async () => {
  node = await startEmbeddedChainNode({ genesis: () => [{ address: ownerAddress, balance: 1000n * 10n ** 18n }], ownedAccounts: [owner] });
  await Promise.all(
    SLUGS.map(async (slug) => {
      // Funded by a mined transfer, so "latest" is a block that moved value.
      await rpc(nodeUrl(slug), 'eth_sendTransaction', [{ from: ownerAddress, to: funded, value: `0x${FUNDED_WEI.toString(16)}` }]);
    }),
  );
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await node?.close();
});

const nodeTemplate = () => node.urlTemplate;

/** Runs the CLI on GetNativeTokenBalance against a reference server backed by the nodes, with the funded account as fixture. */
async function certify(options: {
  faults?: readonly FaultHooks[];
  chainRpcUrl?: string;
  networks?: readonly string[];
  extra?: readonly string[];
}) {
  const server = await startReferenceServer({ chainRpcUrl: nodeTemplate(), ...(options.faults ? { faults: options.faults } : {}) });
  servers.push(server);
  const networks = options.networks ?? SLUGS;
  const fixtures = {
    ...server.fixtures,
    networks: Object.fromEntries(networks.map((slug) => [slug, { ...server.fixtures.networks?.[slug], account: funded }])),
  };
  const file = join(mkdtempSync(join(tmpdir(), 'conformance-chain-')), 'fixtures.json');
  writeFileSync(file, JSON.stringify(fixtures));
  const result = await runCliInProcess(
    [
      'run',
      '--target',
      server.origin,
      '--fixtures',
      file,
      '--networks',
      networks.join(','),
      '--operations',
      BALANCE,
      '--seed',
      '1',
      '--runs',
      '4',
      ...(options.chainRpcUrl ? ['--chain-rpc-url', options.chainRpcUrl] : []),
      ...(options.extra ?? []),
    ],
    { CONFORMANCE_ACCESS_KEY: server.accessKey },
  );
  return { result, report: readReport(result.reportDir), server };
}

const resultOf = (report: Report, slug: string) =>
  report.networks
    .find((n) => n.slug === slug)
    ?.operations.find((o) => o.operation === BALANCE)
    ?.checks.find((c) => c.checkId === CHECK);

describe.concurrent('GetNativeTokenBalance against a chain node', () => {
  it('the node serves each network its own chain, holding the funded balance', async () => {
    for (const slug of SLUGS) {
      expect(BigInt((await rpc(nodeUrl(slug), 'eth_chainId', [])) as string), slug).toBe(BigInt(networkBySlug(slug).chainId));
      expect(BigInt((await rpc(nodeUrl(slug), 'eth_getBalance', [funded, 'latest'])) as string), slug).toBe(FUNDED_WEI);
      expect(BigInt((await rpc(nodeUrl(slug), 'eth_blockNumber', [])) as string), slug).toBeGreaterThan(0n);
    }
  });

  it('a balance read in this process follows writes sent to the chain, over its URL or in this process', async () => {
    const network = networkBySlug('xai-sepolia');
    const account = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
    const balance = async () => BigInt((await node.call(network, 'eth_getBalance', [account, 'latest'])) as string);
    expect(await balance()).toBe(0n);
    expect(await balance()).toBe(0n);
    await rpc(nodeUrl('xai-sepolia'), 'eth_sendTransaction', [{ from: ownerAddress, to: account, value: '0x7' }]);
    expect(await balance()).toBe(7n);
    await node.call(network, 'hardhat_setBalance', [account, '0x9']);
    expect(await balance()).toBe(9n);
    // Another chain's balance of the same account is its own.
    expect(BigInt((await node.call(networkBySlug('polygon'), 'eth_getBalance', [account, 'latest'])) as string)).toBe(0n);
  });

  it(
    'passes on every network when the server reads the same nodes (--chain-rpc-url with {network})',
    async () => {
      const { result, report, server } = await certify({ chainRpcUrl: nodeTemplate() });
      expect(brokenResults(report).map((r) => r.message)).toEqual([]);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      for (const slug of SLUGS) {
        const check = resultOf(report, slug);
        expect(check?.status, `${slug}: ${check?.message ?? ''}`).toBe('passed');
        // The pass compared real numbers: the server answers the node's funded balance, not a seeded one.
        const answer = await fetch(`${server.origin}/indexer/${slug}/rpc/Indexer/GetNativeTokenBalance`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Access-Key': server.accessKey },
          body: JSON.stringify({ accountAddress: funded }),
        });
        expect(((await answer.json()) as { balance: { balance: string } }).balance.balance, slug).toBe(FUNDED_WEI.toString());
      }
    },
    CLI_TEST_MS,
  );

  for (const fault of FAULTS.filter((f) => f.chainNode)) {
    it(
      `fault ${fault.name} is caught by exactly the checks it names`,
      async () => {
        const { result, report } = await certify({ faults: [fault.hooks], chainRpcUrl: nodeTemplate(), networks: fault.networks });
        const broken = brokenResults(report);
        const actual = [...new Set(broken.map((r) => `${r.checkId} ${r.operation} ${r.network ?? 'global'}`))].sort();
        const expected = fault.trips
          .flatMap((t) => (t.network ? [t.network] : fault.networks).map((n) => `${t.check} ${t.operation} ${n}`))
          .sort();
        expect(actual, `${fault.description}\n${broken.map((r) => r.message).join('\n')}`).toEqual(expected);
        expect(result.code).toBe(broken.some((r) => r.level === 'MUST') ? 1 : 0);
        for (const r of broken.filter((b) => b.checkId === CHECK)) {
          expect(r.pointer).toBe('/balance/balance');
          expect(r.expected).toContain(String(FUNDED_WEI));
          expect(r.message).not.toContain(new URL(nodeUrl('polygon')).host + '/'); // only the node's origin, never its path
        }
      },
      CLI_TEST_MS,
    );
  }

  it(
    'skips, with the reason, a network whose node serves another chain',
    async () => {
      const { result, report } = await certify({ chainRpcUrl: nodeUrl('polygon') });
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(resultOf(report, 'polygon')?.status).toBe('passed');
      expect(resultOf(report, 'xai-sepolia')?.status).toBe('skipped');
      expect(resultOf(report, 'xai-sepolia')?.message).toMatch(/serves chain 137, not xai-sepolia's 37714555429/);
    },
    CLI_TEST_MS,
  );

  it(
    "skips, with the reason, without --chain-rpc-url: the target's run is incomplete, and fails under --require-complete",
    async () => {
      const { result, report } = await certify({ networks: ['polygon'] });
      expect(resultOf(report, 'polygon')?.status).toBe('skipped');
      expect(resultOf(report, 'polygon')?.message).toMatch(/no --chain-rpc-url/);
      expect(report.coverage?.complete).toBe(false);
      expect(report.coverage?.skippedBecause.map((s) => s.reason)).toContainEqual(expect.stringMatching(/no --chain-rpc-url/));
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('PASS (incomplete)');

      const required = await certify({ networks: ['polygon'], extra: ['--require-complete'] });
      expect(required.report.verdict).toBe('fail');
      expect(required.result.code).toBe(1);
    },
    CLI_TEST_MS,
  );

  it(
    'without a target, conformance run starts its own chain node and the run is complete',
    async () => {
      const result = await runCliInProcess(['run', '--networks', SLUGS.join(','), '--operations', BALANCE, '--seed', '1', '--runs', '4']);
      const report = readReport(result.reportDir);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toMatch(/embedded chain node at http:\/\/127\.0\.0\.1:\d+\/\{network\} \(started in \d+ ms\)/);
      expect(report.coverage).toMatchObject({ complete: true, mustSkipped: 0 });
      for (const slug of SLUGS) expect(resultOf(report, slug)?.status, slug).toBe('passed');
    },
    CLI_TEST_MS,
  );

  it(
    "without a target but with --chain-rpc-url, the embedded server and the checks read the user's node",
    async () => {
      // The funded account as the fixture: its balance is on the user's node only, so a server reading any
      // other node would answer another number than the checks read.
      const file = join(mkdtempSync(join(tmpdir(), 'conformance-chain-')), 'fixtures.json');
      writeFileSync(file, JSON.stringify({ networks: Object.fromEntries(SLUGS.map((slug) => [slug, { account: funded }])) }));
      const args = ['run', '--networks', SLUGS.join(','), '--operations', BALANCE, '--seed', '1', '--runs', '4', '--fixtures', file];
      const result = await runCliInProcess([...args, '--chain-rpc-url', nodeTemplate()]);
      const report = readReport(result.reportDir);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).not.toContain('embedded chain node');
      for (const slug of SLUGS) expect(resultOf(report, slug)?.status, slug).toBe('passed');
    },
    CLI_TEST_MS,
  );

  it(
    "conformance serve --chain-rpc-url answers the node's balance",
    async () => {
      const child = spawn(process.execPath, [BIN, 'serve', '--chain-rpc-url', nodeTemplate(), '--access-key', 'chain-node-test-key'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        const origin = await new Promise<string>((resolve, reject) => {
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            const match = /listening at (http:\/\/\S+)/.exec(out);
            if (match && out.includes('chain node')) resolve(match[1]!);
          });
          child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
        });
        for (const slug of SLUGS) {
          const response = await fetch(`${origin}/indexer/${slug}/rpc/Indexer/GetNativeTokenBalance`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-access-key': 'chain-node-test-key' },
            body: JSON.stringify({ accountAddress: funded }),
          });
          expect(response.status).toBe(200);
          expect(((await response.json()) as { balance: { balance: string } }).balance.balance, slug).toBe(FUNDED_WEI.toString());
        }
      } finally {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        }
      }
    },
    CLI_TEST_MS,
  );
});
