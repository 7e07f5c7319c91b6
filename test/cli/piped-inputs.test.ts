/**
 * Pipes as inputs, tried with real pipes: a FIFO written by a child process, and bash's process substitution
 * (`--config <(…)`), for --config, --fixtures and --expectations; bounded as files are (a pipe that brings
 * more than the limit is refused) and in time (a FIFO no one writes, a writer that never ends).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBoundedText } from '../../src/config/bounded-file.js';
import { UsageError } from '../../src/config/usage-error.js';
import { BIN, readReport, runCliInProcess } from '../support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'conformance-pipes-'));
const writers: ChildProcess[] = [];
afterAll(() => {
  for (const writer of writers) if (writer.exitCode === null) writer.kill();
});

let fifos = 0;
function fifo(): string {
  const path = join(dir, `pipe-${(fifos += 1)}`);
  execFileSync('mkfifo', [path]);
  return path;
}

/** A child process that opens `path` for writing and writes `text` into it (the shell's `cat file > fifo`). */
function writeFromChild(path: string, text: string): void {
  const source = join(dir, `source-${fifos}-${Math.random().toString(36).slice(2)}`);
  writeFileSync(source, text);
  const writer = spawn('sh', ['-c', 'cat "$1" > "$2"', 'sh', source, path], { stdio: 'ignore' });
  writers.push(writer);
}

const config = { run: { networks: 'polygon', operations: 'Indexer.GetNativeTokenBalance', runs: 1, seed: 4 } };
const fixtures = { networks: { polygon: {} } };
const expectations = { expectations: [] };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.concurrent('pipes as inputs', () => {
  it('--config, --fixtures and --expectations read from FIFOs written by child processes; the report fingerprints what came', async () => {
    const [configPipe, fixturesPipe, expectationsPipe] = [fifo(), fifo(), fifo()];
    const fixturesText = JSON.stringify(fixtures);
    writeFromChild(configPipe, JSON.stringify(config));
    writeFromChild(fixturesPipe, fixturesText);
    writeFromChild(expectationsPipe, JSON.stringify(expectations));
    const result = await runCliInProcess(['run', '--config', configPipe, '--fixtures', fixturesPipe, '--expectations', expectationsPipe]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const report = readReport(result.reportDir);
    expect(report.networks.map((n) => n.slug)).toEqual(['polygon']);
    expect(report.run.inputs?.fixtures).toEqual({ file: fixturesPipe, sha256: sha256(fixturesText), piped: true });
  }, 240_000);

  it.runIf(spawnSync('bash', ['--version']).status === 0)(
    'through bash process substitution: --config <(…) --fixtures <(…) --expectations <(…)',
    async () => {
      const script = [
        `"${process.execPath}" "${BIN}" run`,
        `--config <(echo '${JSON.stringify(config)}')`,
        `--fixtures <(sleep 0.2; echo '${JSON.stringify(fixtures)}')`,
        `--expectations <(echo '${JSON.stringify(expectations)}')`,
        `--report-dir "${join(dir, 'substituted')}"`,
      ].join(' ');
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn('bash', ['-c', script], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (code) => resolve({ code, stderr }));
      });
      expect(result.code, result.stderr).toBe(0);
      const report = JSON.parse(readFileSync(join(dir, 'substituted', 'report.json'), 'utf8')) as { networks: { slug: string }[] };
      expect(report.networks.map((n) => n.slug)).toEqual(['polygon']);
    },
    240_000,
  );

  it('a pipe that brings more than the limit is refused: one line, exit 2', async () => {
    const path = fifo();
    const writer = spawn('sh', ['-c', 'yes "{}" > "$1"', 'sh', path], { stdio: 'ignore' });
    writers.push(writer);
    const result = await runCliInProcess(['run', '--config', path]);
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/--config: the pipe .* brought more than the limit of 1 MB/);
  }, 60_000);

  it('a writer that never ends, or no writer at all, ends the wait with a usage error', () => {
    const silent = fifo();
    expect(() => readBoundedText(silent, '--fixtures', { pipeWriterWaitMs: 200 })).toThrow(
      new UsageError(`--fixtures: no one wrote to the pipe ${silent} within 0.2 s: give a file, or a pipe that is written`),
    );
    const endless = fifo();
    // Opens the pipe, writes a little, and keeps it open without ending it.
    const writer = spawn('sh', ['-c', 'exec 3>"$1"; printf "{" >&3; exec sleep 60', 'sh', endless], { stdio: 'ignore' });
    writers.push(writer);
    expect(() => readBoundedText(endless, '--fixtures', { pipeWaitMs: 1000, pipeWriterWaitMs: 30_000 })).toThrow(
      /--fixtures: the pipe .* did not end within 1 s \(1 bytes came\): give a file/,
    );
  }, 60_000);
});
