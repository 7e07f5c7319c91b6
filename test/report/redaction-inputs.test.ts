/**
 * What the command line hides before it knows its options: the value of `--key` is the path of a PEM private
 * key, whose words must stay readable in every line, unless it names no file (a key pasted into the wrong flag,
 * a PEM body given as the value), which is then never echoed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactionInputsOfArguments } from '../../src/report/redaction-inputs.js';
import { REDACTED, Redactor } from '../../src/report/redactor.js';

const dir = join(mkdtempSync(join(tmpdir(), 'redaction-inputs-')), 'conformance-x');
mkdirSync(dir);
const keyFile = join(dir, 'key.pem');
const certFile = join(dir, 'cert.pem');
writeFileSync(keyFile, '-----BEGIN PRIVATE KEY-----\nnot read here\n-----END PRIVATE KEY-----\n');
writeFileSync(certFile, '-----BEGIN CERTIFICATE-----\nnot read here\n-----END CERTIFICATE-----\n');

const PASTED_KEY = 'sk_live_4f9a8b7c6d5e4f3a2b1c0d9e';
const PEM_BODY = 'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgVx3kq2Lr8pYtW6nZ';
const PEM = `-----BEGIN PRIVATE KEY-----\n${PEM_BODY}\n-----END PRIVATE KEY-----`;

const redactorOf = (argv: readonly string[]) => new Redactor(redactionInputsOfArguments(argv, {}));
/** Every 8-character slice of `secret` still in `text`, in any letter case. */
function leaks(text: string, secret: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 8 <= secret.length; i += 1)
    if (text.toLowerCase().includes(secret.slice(i, i + 8).toLowerCase())) out.push(secret.slice(i, i + 8));
  return out;
}

describe('the value of --key', () => {
  it("naming a file: the path's words survive in every line, the mismatch line names both files", () => {
    for (const argv of [
      ['run', '--cert', certFile, '--key', keyFile],
      ['run', '--cert', certFile, `--key=${keyFile}`],
    ]) {
      const redactor = redactorOf(argv);
      const line = `--key: ${keyFile} is not the private key of the certificate in ${certFile} (ERR_OSSL_X509_KEY_VALUES_MISMATCH)`;
      expect(redactor.text(line)).toBe(line);
      expect(redactor.text('conformance: 12 checks passed on polygon')).toBe('conformance: 12 checks passed on polygon');
      expect(redactor.weakKeyParts).toEqual([]);
    }
  });

  it('naming a pipe (`--key <(…)`): a path, kept as it is', () => {
    const fifo = join(dir, 'key-pipe');
    execFileSync('mkfifo', [fifo]);
    const redactor = redactorOf(['run', '--key', fifo]);
    expect(redactor.text(`--key: cannot read ${fifo}: EAGAIN`)).toBe(`--key: cannot read ${fifo}: EAGAIN`);
  });

  it('a key pasted into --key, or a PEM body given as its value, is never echoed, whole or cut', () => {
    for (const [argv, secret] of [
      [['run', '--key', PASTED_KEY], PASTED_KEY],
      [['run', `--key=${PASTED_KEY}`], PASTED_KEY],
      [['run', '--key', PEM], PEM_BODY],
    ] as const) {
      const redactor = redactorOf(argv);
      const value = argv.at(-1)!.replace(/^--key=/, '');
      for (const line of [
        `--key: cannot read ${resolve(value)}: ENOENT`,
        `--key: ${value} holds no PEM private key`,
        `--key: cannot read ${secret.slice(3, 16)}…`,
      ]) {
        const out = redactor.text(line);
        expect(leaks(out, secret), out).toEqual([]);
        expect(out).toContain(REDACTED);
      }
    }
  });

  it('a file that does not exist (a typo or a key): hidden, since the two cannot be told apart', () => {
    const missing = join(dir, 'kye-9f8e7d6c.pem');
    const redactor = redactorOf(['run', '--key', missing]);
    expect(redactor.text(`--key: cannot read ${missing}: ENOENT`)).not.toContain(missing);
  });

  it('other credential flags are keys even when a file of that name exists', () => {
    const redactor = redactorOf(['run', '--access-key', keyFile]);
    expect(redactor.text(`got ${keyFile}`)).not.toContain(keyFile);
  });
});
