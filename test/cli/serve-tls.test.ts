/**
 * The reference server over HTTPS: `startReferenceServer({ tls })` answers over TLS and counts the handshakes it
 * served, full and resumed; `conformance serve --tls-cert --tls-key` refuses files it cannot use in one line
 * (exit 2) without quoting them, and its printed certify command, pasted as it is, trusts its certificate and
 * passes; on stop it prints the handshakes it served.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { startReferenceServer } from '../../src/server/index.js';
import { loopbackCertificate } from '../support/loopback-certificate.js';
import { BIN, readReport, runCliInProcess } from '../support/run-cli.js';

const ROOT = join(import.meta.dirname, '..', '..');

let pems: { key: string; cert: string; caFile: string };
let keyFile: string;
const dir = mkdtempSync(join(tmpdir(), 'serve-tls-'));

/** A file of `text` in this test's folder. */
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

beforeAll(async () => {
  pems = await loopbackCertificate();
  keyFile = file('key.pem', pems.key);
});

/** One GET over a connection of its own (no keep-alive), with the agent's TLS session cache: a second one resumes. */
function getOnce(origin: string, agent: https.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = https.get(`${origin}/no-such-path`, { agent, ca: pems.cert }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

describe('startReferenceServer with tls', () => {
  it('answers over HTTPS at an https:// origin, and counts a full handshake and then a resumed one', async () => {
    const server = await startReferenceServer({ tls: { key: pems.key, cert: pems.cert } });
    const agent = new https.Agent({ keepAlive: false, maxCachedSessions: 10 });
    try {
      expect(server.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(server.tlsHandshakes!()).toEqual({ full: 0, resumed: 0 });
      // The contract's answer to a path it does not route: the same app handler as over plain HTTP.
      expect(await getOnce(server.origin, agent)).toBe(404);
      expect(server.tlsHandshakes!()).toEqual({ full: 1, resumed: 0 });
      expect(await getOnce(server.origin, agent)).toBe(404);
      expect(server.tlsHandshakes!()).toEqual({ full: 1, resumed: 1 });
    } finally {
      agent.destroy();
      await server.close();
    }
  });

  it('a client that keeps no session pays a full handshake each time: resumption is what the client asks for', async () => {
    const server = await startReferenceServer({ tls: { key: pems.key, cert: pems.cert } });
    const agent = new https.Agent({ keepAlive: false, maxCachedSessions: 0 });
    try {
      await getOnce(server.origin, agent);
      await getOnce(server.origin, agent);
      expect(server.tlsHandshakes!()).toEqual({ full: 2, resumed: 0 });
    } finally {
      agent.destroy();
      await server.close();
    }
  });

  it('without tls: plain HTTP, and no handshakes to count', async () => {
    const server = await startReferenceServer({});
    try {
      expect(server.origin).toMatch(/^http:\/\//);
      expect(server.tlsHandshakes).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it("a key that is not the certificate's is refused before anything listens", async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    await expect(startReferenceServer({ tls: { key: other, cert: pems.cert }, embeddedChainNode: true })).rejects.toThrow(/mismatch/i);
  });
});

describe('conformance serve --tls-cert --tls-key refuses what it cannot use: one line, exit 2, no file quoted', () => {
  const otherKey = () =>
    generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const encryptedKey = () =>
    generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: 'secret',
    }) as string;
  const cases: [string, () => string[], RegExp][] = [
    ['--tls-cert alone', () => ['--tls-cert', pems.caFile], /^conformance: --tls-cert and --tls-key go together/],
    ['--tls-key alone', () => ['--tls-key', keyFile], /^conformance: --tls-cert and --tls-key go together/],
    [
      'a missing certificate file',
      () => ['--tls-cert', join(dir, 'none.pem'), '--tls-key', keyFile],
      /^conformance: --tls-cert: cannot read \S+none\.pem: ENOENT$/,
    ],
    [
      'a missing key file',
      () => ['--tls-cert', pems.caFile, '--tls-key', join(dir, 'none.pem')],
      /^conformance: --tls-key: cannot read \S+none\.pem: ENOENT$/,
    ],
    ['a folder', () => ['--tls-cert', dir, '--tls-key', keyFile], /^conformance: --tls-cert: \S+ is neither a file nor a pipe/],
    [
      'the key given as the certificate',
      () => ['--tls-cert', keyFile, '--tls-key', keyFile],
      /^conformance: --tls-cert: \S+key\.pem holds no PEM certificate$/,
    ],
    [
      'the certificate given as the key',
      () => ['--tls-cert', pems.caFile, '--tls-key', pems.caFile],
      /^conformance: --tls-key: \S+ca\.pem holds no PEM private key$/,
    ],
    [
      'a certificate PEM of garbage',
      () => [
        '--tls-cert',
        file('garbage-cert.pem', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'),
        '--tls-key',
        keyFile,
      ],
      /^conformance: --tls-cert: \S+garbage-cert\.pem holds no certificate node can use \(ERR_OSSL_\w+\)$/,
    ],
    [
      'a key PEM of garbage',
      () => [
        '--tls-cert',
        pems.caFile,
        '--tls-key',
        file('garbage-key.pem', '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n'),
      ],
      /^conformance: --tls-key: \S+garbage-key\.pem holds no private key node can use \(ERR_OSSL_\w+\)$/,
    ],
    [
      'an encrypted key',
      () => ['--tls-cert', pems.caFile, '--tls-key', file('encrypted-key.pem', encryptedKey())],
      /^conformance: --tls-key: \S+encrypted-key\.pem holds no private key node can use \(ERR_OSSL_BAD_DECRYPT: an encrypted key; give it decrypted\)$/,
    ],
    [
      'a key of another certificate',
      () => ['--tls-cert', pems.caFile, '--tls-key', file('other-key.pem', otherKey())],
      /^conformance: --tls-key: \S+other-key\.pem is not the private key of the certificate in \S+ca\.pem \(ERR_OSSL_X509_KEY_VALUES_MISMATCH\)$/,
    ],
  ];
  it.each(cases)('%s', async (_name, args, message) => {
    const result = await runCliInProcess(['serve', ...args()]);
    expect(result.code, result.stdout + result.stderr).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    // The key's body never reaches the terminal (its first base64 line stands for all of it).
    expect(result.stdout + result.stderr).not.toContain(pems.key.split('\n')[1]!);
    expect(result.stdout).toBe('');
  });
});

describe('conformance serve over HTTPS', () => {
  it('the printed certify command, pasted as it is, trusts the certificate with --ca-file and passes; on stop the handshakes are printed, resumed ones among them', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--tls-cert', pems.caFile, '--tls-key', keyFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    try {
      const out = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', () => {
          if (text.includes('Ctrl-C')) resolve(text);
        });
        void closed.then((code) => reject(new Error(`serve exited with ${code}: ${text}`)));
      });
      expect(out).toMatch(/^reference server listening at https:\/\/127\.0\.0\.1:\d+$/m);
      const command = /^certify it: (.+)$/m.exec(out)![1]!;
      expect(command).toMatch(/--target https:\/\/127\.0\.0\.1:\d+ /);
      expect(command).toContain(`--ca-file ${pems.caFile}`);
      // As a user pastes it, narrowed to one network and the writes (each on a connection of its own, so the
      // client resumes TLS sessions), with where the report goes and the strictest verdict added.
      const reportDir = join(mkdtempSync(join(tmpdir(), 'serve-tls-certify-')), 'report');
      const narrowed = '--networks polygon --operations Marketplace.GetFloorOrder,Builder.CreateAudience,Builder.RemoveAudienceContacts';
      const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(
          'bash',
          ['-c', `${command} ${narrowed} --require-complete --report-dir ${reportDir}`],
          { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024, timeout: 240_000 },
          (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
        ),
      );
      expect(result.code, result.stdout.slice(-3000) + result.stderr).toBe(0);
      const report = readReport(reportDir);
      expect(report.verdict).toBe('pass');
      expect(report.run.writes?.createAudience ?? 0).toBeGreaterThan(0);
      child.kill('SIGTERM');
      expect(await closed).toBe(0);
      const handshakes = /^TLS handshakes: (\d+) full, (\d+) resumed$/m.exec(text);
      expect(handshakes, text).not.toBeNull();
      expect(Number(handshakes![1])).toBeGreaterThan(0);
      expect(Number(handshakes![2])).toBeGreaterThan(0);
      expect(text).toMatch(/TLS handshakes: .*\nstopped \(interrupted by SIGTERM\)\n$/);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await closed;
      }
    }
  }, 300_000);
});
