/** Bad input to the tool is a usage error: a clear message on stderr, exit code 2, nothing run. */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runCliInProcess } from '../support/run-cli.js';
import { COMMENT_EXIT_CODES, RUN_EXIT_CODES, SERVE_EXIT_CODES, WAIT_EXIT_CODES, type ExitCode } from '../../src/commands/exit-codes.js';

const tmp = mkdtempSync(join(tmpdir(), 'conformance-usage-'));
const file = (name: string, content: string) => {
  const path = join(tmp, name);
  writeFileSync(path, content);
  return path;
};

/** Proven in a real process too: the user sees one line on stderr, exit code 2 and no stack trace. */
const IN_A_CHILD_PROCESS = new Set(['an unknown network', 'a seed that is not a number']);

describe.concurrent('usage errors exit 2 with a message and run nothing', () => {
  const cases: [string, string[], RegExp, Record<string, string>?][] = [
    ['an unknown flag', ['run', '--no-such-flag'], /unknown option/],
    ['an unknown network', ['run', '--networks', 'polygon,narnia'], /unknown network slug: narnia/],
    ['an unknown operation', ['run', '--operations', 'Marketplace.GetFloor'], /unknown operation/],
    ['a seed that is not a number', ['run', '--seed', 'abc'], /--seed: expected a whole number/],
    ['negative runs', ['run', '--runs', '-1'], /--runs: must be between/],
    ['a zero timeout', ['run', '--timeout-ms', '0'], /--timeout-ms: must be between/],
    ['a target that is not a URL', ['run', '--target', 'not a url', '--access-key', 'k'], /--target: not a URL/],
    ['a target without a key', ['run', '--target', 'http://127.0.0.1:9'], /access key/],
    ['credentials in a URL', ['run', '--target', 'http://u:p@127.0.0.1:9', '--access-key', 'k'], /credentials/],
    ['a partial set of bases', ['run', '--api-url', 'http://127.0.0.1:9', '--access-key', 'k'], /missing: --marketplace-url/],
    ['contradicting safety flags', ['run', '--read-only', '--allow-destructive'], /contradict/],
    ['a missing fixtures file', ['run', '--fixtures', join(tmp, 'nope.json')], /cannot read/],
    ['a fixtures file that is not JSON', ['run', '--fixtures', file('bad.json', '{nope')], /is not JSON/],
    [
      'a fixtures file off the schema',
      ['run', '--fixtures', file('off.json', '{"networks":{"polygon":{"collection":{"address":"nope"}}}}')],
      /does not match .*\n.*\/networks\/polygon\/collection\/address/,
    ],
    [
      'a fixtures file naming an unknown network',
      ['run', '--fixtures', file('net.json', '{"networks":{"narnia":{}}}')],
      /unknown network slug/,
    ],
    ['a bad value from the environment', ['run'], /--networks: unknown network slug: atlantis/, { CONFORMANCE_NETWORKS: 'atlantis' }],
    ['a bad serve port', ['serve', '--port', '70000'], /--port/],
    ['a switch variable that is not a boolean', ['run'], /CONFORMANCE_STRICT: expected true or false/, { CONFORMANCE_STRICT: 'maybe' }],
    [
      'a serve chain node URL that is not http',
      ['serve', '--chain-rpc-url', 'ws://127.0.0.1:8545'],
      /--chain-rpc-url: only http and https/,
    ],
    ['an empty network list', ['run', '--networks', ''], /--networks: empty/],
    ['an empty operation list', ['run', '--operations', ' , '], /--operations: empty/],
    ['an unknown check id', ['run', '--checks', 'response-schema,no-such-check'], /--checks: unknown check id: no-such-check/],
    ['an unknown check id to skip', ['run', '--skip-checks', 'nope'], /--skip-checks: unknown check id: nope/],
    [
      'checks that run on none of the operations',
      ['run', '--checks', 'floor-order-is-listing', '--operations', 'Relayer.FeeOptions'],
      /none of the chosen checks/,
    ],
    ['--quiet with --verbose', ['run', '--quiet', '--verbose'], /contradict/],
    [
      'a chain node that does not answer, for run',
      ['run', '--networks', 'polygon', '--chain-rpc-url', 'http://127.0.0.1:9/{network}'],
      /--chain-rpc-url: the chain node does not answer eth_chainId .*127\.0\.0\.1:9/,
    ],
    [
      'a chain node that does not answer, for serve',
      ['serve', '--chain-rpc-url', 'http://127.0.0.1:9/'],
      /--chain-rpc-url: the chain node does not answer eth_chainId/,
    ],
    ['an unknown fault', ['serve', '--fault', 'no-such-fault'], /--fault: unknown fault: no-such-fault .*--list-faults/],
    [
      'an address serve cannot bind',
      ['serve', '--host', '192.0.2.1'],
      /^conformance: cannot listen on 192\.0\.2\.1:0: the address is not one of this machine's interfaces/m,
    ],
    ['an unknown catalogue format', ['checks', '--format', 'xml'], /--format: expected text, json or md/],
  ];
  for (const [name, args, message, env] of cases) {
    it(
      name,
      async () => {
        const reportDir = join(tmp, name.replace(/\W+/g, '-'));
        const withDir = [...args, '--report-dir', reportDir].filter((a) => args[0] === 'run' || (a !== '--report-dir' && a !== reportDir));
        const inChild = IN_A_CHILD_PROCESS.has(name);
        const result = inChild ? await runCli(withDir, env ?? {}, 60_000) : await runCliInProcess(withDir, env ?? {});
        expect(result.code, result.stdout + result.stderr).toBe(2);
        expect(result.stderr).toMatch(message);
        expect(existsSync(join(reportDir, 'report.json'))).toBe(false);
        if (inChild) {
          expect(result.stderr.trimEnd().split('\n'), result.stderr).toHaveLength(1);
          expect(result.stdout).toBe('');
        }
      },
      60_000,
    );
  }
});

describe('help', () => {
  it('--help lists every flag of run and exits 0', async () => {
    const result = await runCliInProcess(['run', '--help']);
    expect(result.code).toBe(0);
    for (const flag of [
      '--target',
      '--access-key',
      '--networks',
      '--operations',
      '--seed',
      '--runs',
      '--timeout-ms',
      '--report-dir',
      '--fixtures',
      '--strict',
      '--read-only',
      '--allow-destructive',
      '--chain-rpc-url',
    ]) {
      expect(result.stdout).toContain(flag);
    }
  }, 60_000);

  /** The exit codes a help page lists, as `  CODE meaning` lines after "Exit codes". */
  const listedCodes = (help: string): string[] => [...help.slice(help.indexOf('Exit codes')).matchAll(/^ {2}(\d+)\s/gm)].map((m) => m[1]!);

  it.each([
    ['run', RUN_EXIT_CODES],
    ['serve', SERVE_EXIT_CODES],
    ['wait', WAIT_EXIT_CODES],
    ['comment', COMMENT_EXIT_CODES],
  ] as [string, readonly ExitCode[]][])('%s --help says its own exit codes', async (command, codes) => {
    const result = await runCliInProcess([command, '--help']);
    expect(result.code).toBe(0);
    expect(listedCodes(result.stdout)).toEqual(codes.map((c) => c.code));
    for (const { meaning } of codes) expect(result.stdout).toContain(meaning);
  });

  it("serve's help is about a server: no verdict of a run, and every flag of its synopsis", async () => {
    const result = await runCliInProcess(['serve', '--help']);
    expect(result.stdout).not.toContain('MUST check');
    for (const flag of ['--max-rps', '--list-faults', '--fixtures-out', '--chain-rpc-url']) expect(result.stdout).toContain(flag);
  });

  it("run's help names every signal's code that docs/cli.md documents: 130, 143 and 129", async () => {
    const result = await runCliInProcess(['run', '--help']);
    for (const code of ['130', '143', '129']) expect(result.stdout).toContain(code);
  });
});

describe('an unreachable target', () => {
  it('is reported plainly: exit 1, an incident in the report', async () => {
    const result = await runCliInProcess(
      ['run', '--target', 'http://127.0.0.1:9', '--networks', 'polygon', '--operations', 'Indexer.GetNativeTokenBalance'],
      { CONFORMANCE_ACCESS_KEY: 'k-test-0042' },
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/unreachable/);
    const report = JSON.parse((await import('node:fs')).readFileSync(join(result.reportDir, 'report.json'), 'utf8'));
    expect(report.verdict).toBe('fail');
    expect(report.run.incident).toMatch(/unreachable.*ECONNREFUSED|unreachable/);
  }, 60_000);
});

describe.concurrent('what a usage error shows of the values it was given', () => {
  const HEX = '9aa3d95b3bc440fa88ea12eaa4456161';
  const secretParts = [HEX, '9aa3d95b', '/v3', 'hunter2pass', 'alice'];
  const cases: [string, string[], Record<string, string>, RegExp][] = [
    [
      'a node URL missing its colon, in the config file',
      ['run', '--config', file('typo-node.json', JSON.stringify({ run: { 'chain-rpc-url': `https//mainnet.node.invalid/v3/${HEX}` } }))],
      {},
      /--chain-rpc-url: not a URL: "https\/\/mainnet\.node\.invalid\/\[redacted\]"/,
    ],
    [
      'a target with user, password and a port out of range, in the config file',
      [
        'run',
        '--config',
        file('typo-target.json', JSON.stringify({ run: { target: `https://alice:hunter2pass@api.node.invalid:99999/v3/${HEX}` } })),
      ],
      {},
      /--target: not a URL: "https:\/\/\[redacted\]@api\.node\.invalid:99999\/\[redacted\]"/,
    ],
    [
      'a node URL without its scheme, in the environment',
      ['run'],
      { CONFORMANCE_CHAIN_RPC_URL: `mainnet.node.invalid/v3/${HEX}` },
      /not a URL: "mainnet\.node\.invalid\/\[redacted\]"/,
    ],
    [
      'a key in the wrong field of the config file',
      ['run', '--config', file('key-as-seed.json', JSON.stringify({ run: { seed: HEX } }))],
      {},
      /--seed: expected a whole number, got "\[redacted\]"/,
    ],
    [
      'a base URL with a query, mistyped, on the command line',
      ['run', '--api-url', `https:api.node.invalid?key=${HEX}`],
      {},
      /not a URL|query/,
    ],
  ];
  for (const [name, args, env, message] of cases) {
    it(
      name,
      async () => {
        const result = await runCliInProcess(args, env);
        expect(result.code, result.stderr).toBe(2);
        expect(result.stderr).toMatch(message);
        for (const secret of secretParts) expect(result.stderr, secret).not.toContain(secret);
      },
      60_000,
    );
  }

  it('10,000 unknown network slugs: how many, the first few, one short line', async () => {
    const slugs = Array.from({ length: 10_000 }, (_, i) => `atlantis-${i}`);
    const result = await runCliInProcess(['run', '--networks', ['polygon', ...slugs].join(',')]);
    expect(result.code).toBe(2);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThan(300);
    expect(lines[0]).toMatch(/--networks: 10000 unknown network slugs: atlantis-0, atlantis-1, .* and \d+ more\. Known: .*\(39 in all\)/);
  }, 60_000);

  it('a fixtures file naming a million networks: how many, the first few, one short line', async () => {
    const networks = Object.fromEntries(Array.from({ length: 1_000_000 }, (_, i) => [`n${i}`, {}]));
    const path = file('million-networks.json', JSON.stringify({ networks }));
    const result = await runCliInProcess(['run', '--fixtures', path]);
    expect(result.code, result.stderr).toBe(2);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThan(300);
    expect(lines[0]).toMatch(/1000000 unknown network slugs: n0, n1, .* and \d+ more/);
  }, 120_000);

  it('an unknown check among hundreds: the catalogue is named, not printed', async () => {
    const result = await runCliInProcess(['run', '--checks', 'response-schema,no-such-check']);
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd().length).toBeLessThan(300);
    expect(result.stderr).toMatch(/unknown check id: no-such-check\. Known: .*in all: `conformance checks` lists them/);
  }, 60_000);
});
