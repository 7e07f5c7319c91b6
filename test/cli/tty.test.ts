/**
 * On a real terminal (a pseudo-terminal made by util-linux `script`): the live progress line is drawn and
 * cleared, network lines and the verdict are coloured; with NO_COLOR the live line stays but colour goes.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../support/run-cli.js';

const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function runOnTty(args: string[], env: Record<string, string>): Promise<string> {
  const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const clean = { ...process.env };
  delete clean['NO_COLOR'];
  delete clean['FORCE_COLOR'];
  return new Promise((resolve) => {
    execFile(
      'script',
      ['-qec', command, '/dev/null'],
      { env: { ...clean, ...env }, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 },
      (_error, stdout) => resolve(stdout),
    );
  });
}

const args = (dir: string) => [
  'run',
  '--networks',
  'polygon',
  '--operations',
  'Relayer.FeeOptions',
  '--runs',
  '2',
  '--seed',
  '4',
  '--report-dir',
  dir,
];

describe.skipIf(!hasScript).concurrent('on a TTY', () => {
  it('draws a live line, clears it, and colours the results', async () => {
    const out = await runOnTty(args(mkdtempSync(join(tmpdir(), 'conformance-tty-colour-'))), {});
    expect(out).toMatch(/\r\x1b\[2K\x1b\[2m… networks 0\/1 · tests \d+\/\d+ · \d+ checks? · \d+ req\/s · /);
    expect(out).toContain('\x1b[32m✔\x1b[39m polygon');
    expect(out).toMatch(/\x1b\[32m\x1b\[1m✔ PASS/);
  }, 240_000);

  it('NO_COLOR keeps the live line and drops the colour', async () => {
    const out = await runOnTty(args(mkdtempSync(join(tmpdir(), 'conformance-tty-plain-'))), { NO_COLOR: '1' });
    expect(out).toMatch(/\r\x1b\[2K… networks 0\/1 · tests/);
    expect(out).toMatch(/\x1b\[2K✔ polygon /);
    expect(out).not.toMatch(/\x1b\[3\dm/);
  }, 240_000);
});
