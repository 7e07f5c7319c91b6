/**
 * Where a flag's value comes from: command line > CONFORMANCE_* variable > config file > default, for value
 * flags and switches alike, every switch with a --no- form; a bad config file is a usage error.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/main.js';
import { UsageError } from '../../src/config/usage-error.js';
import { BIN } from '../support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'conformance-config-'));
const configFile = (content: unknown, name = 'config.json') => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

const touched: string[] = [];
function setEnv(vars: Record<string, string>): void {
  for (const [name, value] of Object.entries(vars)) {
    touched.push(name);
    process.env[name] = value;
  }
}
afterEach(() => {
  for (const name of touched.splice(0)) delete process.env[name];
});

/** The options the `run` action would receive, without running anything. */
async function runOptions(argv: string[]): Promise<Record<string, unknown>> {
  const program = buildProgram({ log: () => {}, error: () => {} });
  let received: Record<string, unknown> = {};
  program.commands
    .find((c) => c.name() === 'run')!
    .action((raw: Record<string, unknown>) => {
      received = raw;
    });
  await program.parseAsync(['run', ...argv], { from: 'user' });
  return received;
}

describe('precedence: flag > environment > config file > default', () => {
  it('a value flag: the file fills what nothing else gave', async () => {
    const file = configFile({ run: { networks: ['polygon', 'base'], 'timeout-ms': 5000, seed: 7 } });
    expect(await runOptions(['--config', file])).toMatchObject({ networks: 'polygon,base', timeoutMs: '5000', seed: '7' });
    setEnv({ CONFORMANCE_NETWORKS: 'amoy' });
    expect(await runOptions(['--config', file])).toMatchObject({ networks: 'amoy', timeoutMs: '5000' });
    expect(await runOptions(['--config', file, '--networks', 'xai-sepolia'])).toMatchObject({ networks: 'xai-sepolia' });
  });

  it('a switch: the file turns it on, the environment off, the command line on again, and --no- off', async () => {
    const file = configFile({ run: { strict: true } });
    expect((await runOptions(['--config', file])).strict).toBe(true);
    setEnv({ CONFORMANCE_STRICT: 'false' });
    expect((await runOptions(['--config', file])).strict).toBe(false);
    expect((await runOptions(['--config', file, '--strict'])).strict).toBe(true);
    setEnv({ CONFORMANCE_STRICT: 'true' });
    expect((await runOptions(['--config', file, '--no-strict'])).strict).toBe(false);
    expect((await runOptions(['--no-read-only'])).readOnly).toBe(false);
  });

  it('an empty variable counts as unset, so the file still applies', async () => {
    setEnv({ CONFORMANCE_NETWORKS: '' });
    const file = configFile({ run: { networks: 'base' } });
    expect((await runOptions(['--config', file])).networks).toBe('base');
  });

  it('CONFORMANCE_CONFIG names the file', async () => {
    setEnv({ CONFORMANCE_CONFIG: configFile({ run: { runs: 3 } }, 'from-env.json') });
    expect((await runOptions([])).runs).toBe('3');
  });

  it('every switch of every command has a --no- form', () => {
    const program = buildProgram({ log: () => {}, error: () => {} });
    for (const command of program.commands) {
      for (const flag of command.options.filter((o) => o.isBoolean() && !o.negate)) {
        expect(
          command.options.some((o) => o.long === `--no-${flag.long!.slice(2)}`),
          `${command.name()} ${flag.long}`,
        ).toBe(true);
      }
    }
  });
});

describe('a config file that cannot be used is a usage error', () => {
  const cases: [string, string, RegExp][] = [
    ['not JSON', '{nope', /not JSON/],
    ['an unknown flag', JSON.stringify({ run: { 'no-such-flag': 1 } }), /does not match schemas\/config.schema.json[\s\S]*\/run/],
    ['a switch given a string', JSON.stringify({ run: { strict: 'yes' } }), /\/run\/strict/],
    ['an unknown command', JSON.stringify({ deploy: {} }), /does not match/],
  ];
  for (const [name, content, message] of cases) {
    it(name, async () => {
      const file = configFile(content, `${name.replace(/\W+/g, '-')}.json`);
      await expect(runOptions(['--config', file])).rejects.toThrow(UsageError);
      await expect(runOptions(['--config', file])).rejects.toThrow(message);
    });
  }

  it('a --config file that does not exist', async () => {
    await expect(runOptions(['--config', join(dir, 'missing.json')])).rejects.toThrow(/cannot read/);
  });
});

describe('conformance.config.json in the working directory', () => {
  it('is read without --config (as a user would run it: exit 2 naming the file for a bad value)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'conformance-cwd-'));
    writeFileSync(join(cwd, 'conformance.config.json'), JSON.stringify({ run: { networks: 'atlantis' } }));
    const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [BIN, 'run'],
        { cwd, env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 },
        (error, _stdout, stderr) => {
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr });
        },
      );
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--networks: unknown network slug: atlantis/);
  }, 60_000);
});
