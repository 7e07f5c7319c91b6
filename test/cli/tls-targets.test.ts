/**
 * TLS and proxies as a user meets them: a target with a self-signed certificate is refused in one line that
 * names the fix (exit 2) and certified with --ca-file or --insecure; a scheme that does not match the server is
 * named; a run through an HTTP CONNECT proxy in HTTPS_PROXY passes and the proxy carried it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { loopbackCertificate } from '../support/loopback-certificate.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../src/server/index.js';
import type { RunningReferenceServer } from '../../src/server/types.js';
import { brokenResults, readReport, runCliInProcess, targetArgs } from '../support/run-cli.js';

let upstream: RunningReferenceServer;
let front: https.Server;
let frontOrigin: string;
let caFile: string;
/** TLS sessions the front opened: with a full handshake, or resumed from an earlier one. */
const handshakes = { full: 0, resumed: 0 };
/** Requests the front answered. */
let requestsSeen = 0;
const closers: (() => void)[] = [];

const RUN = ['--networks', 'polygon', '--operations', 'Marketplace.GetFloorOrder,Builder.GetAudience', '--runs', '2', '--seed', '4'];

/** What a TLS front does with each request: hands it to the reference server, and its answer back. */
function toUpstream(req: http.IncomingMessage, res: http.ServerResponse): void {
  const forward = http.request(`${upstream.origin}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  forward.on('error', () => res.destroy());
  req.pipe(forward);
}

/** The reference server behind a TLS front with a certificate for 127.0.0.1 that no authority signed. */
beforeAll(async () => {
  upstream = await startReferenceServer({ host: '127.0.0.1', port: 0 });
  const pems = await loopbackCertificate();
  caFile = pems.caFile;
  front = https.createServer({ key: pems.key, cert: pems.cert }, toUpstream);
  front.on('request', () => (requestsSeen += 1));
  front.on('secureConnection', (socket: tls.TLSSocket) => (socket.isSessionReused() ? handshakes.resumed++ : handshakes.full++));
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  frontOrigin = `https://127.0.0.1:${(front.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const close of closers) close();
  front.closeAllConnections();
  await new Promise<void>((resolve) => front.close(() => resolve()));
  await upstream.close();
});

function argsFor(origin: string): { args: string[]; env: Record<string, string> } {
  const { args, env } = targetArgs(upstream);
  args[args.indexOf('--target') + 1] = origin;
  return { args, env };
}

describe('TLS', () => {
  it('a self-signed certificate: one line naming --ca-file and --insecure, exit 2', async () => {
    const { args, env } = argsFor(frontOrigin);
    const result = await runCliInProcess(['run', ...args, ...RUN], env);
    expect(result.code, result.stdout + result.stderr).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/not signed by an authority Node trusts \(DEPTH_ZERO_SELF_SIGNED_CERT\).*--ca-file.*--insecure/);
  });

  it("a client key that is not the certificate's, or a file node cannot use, is one line naming the file (exit 2), before anything is sent", async () => {
    const [own, other] = await Promise.all([loopbackCertificate(), loopbackCertificate()]);
    const dir = mkdtempSync(join(tmpdir(), 'conformance-pems-'));
    const file = (name: string, text: string): string => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const cert = file('cert.pem', own.cert);
    const otherKey = file('other-key.pem', other.key);
    const broken = file('broken.pem', '-----BEGIN CERTIFICATE-----\nnot base64 at all\n-----END CERTIFICATE-----\n');
    const { args, env } = argsFor(frontOrigin);
    const sentBefore = requestsSeen;
    for (const [flags, message] of [
      [
        ['--cert', cert, '--key', otherKey],
        // A path given to --key is shown, its words too (`conformance-pems-…`): only a value that names no file
        // (a key pasted into the wrong flag) is hidden as a key.
        /--key: .*conformance-pems-.*other-key\.pem is not the private key of the certificate in .*conformance-pems-.*cert\.pem \(ERR_OSSL_X509_KEY_VALUES_MISMATCH\)$/,
      ],
      [['--ca-file', broken], /^conformance: --ca-file: .*broken\.pem holds no certificate node can use \(/],
    ] as const) {
      const result = await runCliInProcess(['run', ...args, ...RUN, '--ca-file', caFile, ...flags], env);
      expect(result.code, result.stdout + result.stderr).toBe(2);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
      expect(lines[0]).not.toContain('PRIVATE KEY');
    }
    expect(requestsSeen).toBe(sentBefore);
  });

  it('--ca-file, --cert and --key as pipes (`<(cat …)`): read once, every checks thread connects with what came; the report names the paths, no output holds a PEM', async () => {
    const [serverPems, clientPems] = await Promise.all([loopbackCertificate(), loopbackCertificate()]);
    // A front that refuses any connection without the client certificate: a run through it proves every thread presented it.
    const clientsRefused: string[] = [];
    const strict = https.createServer(
      { key: serverPems.key, cert: serverPems.cert, requestCert: true, rejectUnauthorized: true, ca: clientPems.cert },
      toUpstream,
    );
    strict.on('tlsClientError', (error: NodeJS.ErrnoException) => clientsRefused.push(error.code ?? error.message));
    let answered = 0;
    strict.on('request', () => (answered += 1));
    await new Promise<void>((resolve) => strict.listen(0, '127.0.0.1', resolve));
    closers.push(() => {
      strict.closeAllConnections();
      strict.close();
    });
    const dir = mkdtempSync(join(tmpdir(), 'conformance-tls-pipes-'));
    const writers: ChildProcess[] = [];
    closers.push(() => writers.forEach((writer) => writer.exitCode === null && writer.kill()));
    const pipe = (name: string, text: string): string => {
      const path = join(dir, name);
      execFileSync('mkfifo', [path]);
      writeFileSync(`${path}.source`, text);
      // The shell's `cat file > fifo`: a writer of its own, which the run's single read of the pipe ends.
      writers.push(spawn('sh', ['-c', 'cat "$1" > "$2"', 'sh', `${path}.source`, path], { stdio: 'ignore' }));
      return path;
    };
    const [caPipe, certPipe, keyPipe] = [pipe('ca', serverPems.cert), pipe('cert', clientPems.cert), pipe('key', clientPems.key)];
    const { args, env } = argsFor(`https://127.0.0.1:${(strict.address() as AddressInfo).port}`);
    const result = await runCliInProcess(['run', ...args, ...RUN, '--ca-file', caPipe, '--cert', certPipe, '--key', keyPipe], {
      ...env,
      CONFORMANCE_ENGINE: 'thread',
    });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const report = readReport(result.reportDir);
    expect(brokenResults(report)).toEqual([]);
    expect(answered).toBeGreaterThan(0);
    expect(clientsRefused).toEqual([]);
    expect(report.run.inputs?.tls).toEqual({ caFile: caPipe, cert: certPipe, key: keyPipe });
    const keyLines = clientPems.key.split('\n').filter((line) => line !== '' && !line.startsWith('-----'));
    expect(keyLines.length).toBeGreaterThan(0);
    const outputs = [
      result.stdout,
      result.stderr,
      ...readdirSync(result.reportDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8')),
    ];
    for (const output of outputs) {
      expect(output).not.toContain('PRIVATE KEY');
      for (const line of keyLines) expect(output).not.toContain(line);
    }
  });

  it('the same target with --ca-file passes', async () => {
    const { args, env } = argsFor(frontOrigin);
    const result = await runCliInProcess(['run', ...args, ...RUN, '--ca-file', caFile], env);
    expect(brokenResults(readReport(result.reportDir))).toEqual([]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });

  it('writes, each on a connection of its own, resume a TLS session rather than pay a full handshake each; reads share kept-alive ones', async () => {
    const { args, env } = argsFor(frontOrigin);
    const concurrency = 4;
    handshakes.full = handshakes.resumed = requestsSeen = 0;
    const result = await runCliInProcess(
      [
        'run',
        ...args,
        '--networks',
        'polygon,base',
        '--operations',
        'Builder.CreateAudience,Builder.GetAudience,Builder.RemoveAudienceContacts',
        '--runs',
        '2',
        '--seed',
        '4',
        '--concurrency',
        String(concurrency),
        '--ca-file',
        caFile,
      ],
      env,
    );
    expect(brokenResults(readReport(result.reportDir))).toEqual([]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const writes = readReport(result.reportDir).run.writes;
    const written = (writes?.createAudience ?? 0) + (writes?.removeAudienceContacts ?? 0);
    expect(written).toBeGreaterThan(10);
    // Every write had a connection of its own, and resumed a session: full handshakes are those of the
    // connections opened before any session was there to resume (the pool's first ones, the probe's).
    expect(handshakes.full + handshakes.resumed).toBeGreaterThanOrEqual(written);
    expect(handshakes.resumed).toBeGreaterThanOrEqual(written - concurrency);
    expect(handshakes.full).toBeLessThanOrEqual(concurrency + 2);
    // The reads share the pool's kept-alive connections (a TLS check given with each request would cost them that
    // on Node 22 and later: a connection per request). Besides the writes' own, no more connections than the pool
    // holds, twice over (the server may close idle ones), and the probe's.
    expect(requestsSeen - written).toBeGreaterThan(4 * concurrency);
    expect(handshakes.full + handshakes.resumed).toBeLessThanOrEqual(written + 2 * concurrency + 2);
  });

  it('with --insecure passes, and the terminal and the report say certificates were not verified', async () => {
    const { args, env } = argsFor(frontOrigin);
    const result = await runCliInProcess(['run', ...args, ...RUN, '--insecure'], env);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/--insecure: TLS certificates are not verified/);
    const report = readReport(result.reportDir);
    expect(report.run.insecure).toBe(true);
  });

  it('https:// for a plain HTTP server, and http:// for an HTTPS one, are named', async () => {
    const plain = argsFor(upstream.origin.replace('http:', 'https:'));
    const toPlain = await runCliInProcess(['run', ...plain.args, ...RUN], plain.env);
    expect(toPlain.code).toBe(2);
    expect(toPlain.stderr.trim()).toMatch(/https:\/\/ was given but the server answers plain HTTP: use http:\/\/$/);
    const secure = argsFor(frontOrigin.replace('https:', 'http:'));
    const toSecure = await runCliInProcess(['run', ...secure.args, ...RUN], secure.env);
    expect(toSecure.code).toBe(2);
    expect(toSecure.stderr.trim()).toMatch(/http:\/\/ was given but the server speaks HTTPS: use https:\/\/$/);
  });

  it('through an HTTP CONNECT proxy in HTTPS_PROXY: the run passes, the certificate checked against the target, and the proxy carried it', async () => {
    const tunnels: string[] = [];
    const proxy = http.createServer((_req, res) => res.writeHead(405).end());
    proxy.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
      tunnels.push(req.url ?? '');
      const [host, port] = (req.url ?? '').split(':');
      const server = net.connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        server.write(head);
        server.pipe(client);
        client.pipe(server);
      });
      server.on('error', () => client.destroy());
      client.on('error', () => server.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    closers.push(() => {
      proxy.closeAllConnections();
      proxy.close();
    });
    const saved = { HTTPS_PROXY: process.env.HTTPS_PROXY, NO_PROXY: process.env.NO_PROXY, no_proxy: process.env.no_proxy };
    // The proxy by a name the target's certificate is not issued for: the certificate is checked against the
    // target's own address (node alone would check it against the proxy's name, the target's being an IP address).
    process.env.HTTPS_PROXY = `http://localhost:${(proxy.address() as AddressInfo).port}`;
    delete process.env.NO_PROXY;
    delete process.env.no_proxy;
    try {
      const { args, env } = argsFor(frontOrigin);
      const result = await runCliInProcess(['run', ...args, ...RUN, '--ca-file', caFile], env);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(brokenResults(readReport(result.reportDir))).toEqual([]);
      expect(tunnels.length).toBeGreaterThan(0);
      expect(new Set(tunnels)).toEqual(new Set([frontOrigin.replace('https://', '')]));
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
