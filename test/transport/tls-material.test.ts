/**
 * The run's TLS material (--ca-file, --cert, --key) as the connections use it: one secure context shared by
 * every connection, which trusts the given authority besides Node's roots and presents the client certificate;
 * material node refuses is left as it was given, for the request to fail on.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls, { type ConnectionOptions, type TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authoritiesBesidesNodeRoots, makeConnections, type Connections } from '../../src/transport/connections.js';
import { loopbackCertificate } from '../support/loopback-certificate.js';

let server: https.Server;
let origin: string;
let serverPems: { key: string; cert: string };
let clientPems: { key: string; cert: string };
/** Whether each request's connection presented a client certificate the server trusts. */
const clientsAuthorized: boolean[] = [];

beforeAll(async () => {
  [serverPems, clientPems] = await Promise.all([loopbackCertificate(), loopbackCertificate()]);
  // Asks for a client certificate and trusts the test's own, but answers without one too (and says so).
  server = https.createServer({ ...serverPems, requestCert: true, rejectUnauthorized: false, ca: clientPems.cert }, (req, res) => {
    clientsAuthorized.push((req.socket as TLSSocket).authorized);
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The context given with each request (https.RequestOptions does not name tls.connect's `secureContext`). */
const contextOf = (connections: Connections) => (connections.tls as ConnectionOptions).secureContext;

/** One request through the pool, as the client sends it: its status, or the connection's error code. */
function send(connections: Connections): Promise<number | string> {
  return new Promise((resolve) => {
    let req: http.ClientRequest;
    try {
      req = https.request(`${origin}/`, { method: 'POST', agent: connections.pooled(origin), ...connections.tls }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
    } catch (error) {
      // Node makes a connection's context as the request is made: material it refuses throws there.
      return resolve((error as NodeJS.ErrnoException).code ?? (error as Error).message);
    }
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

describe('TLS material of a run', () => {
  it('the authority and the client certificate go as one secure context, which trusts the target and presents the certificate', async () => {
    const connections = makeConnections(2, { ca: serverPems.cert, cert: clientPems.cert, key: clientPems.key });
    try {
      expect(contextOf(connections)).toBeDefined();
      expect(connections.tls).not.toHaveProperty('ca');
      clientsAuthorized.length = 0;
      expect(await send(connections)).toBe(200);
      expect(await send(connections)).toBe(200);
      expect(clientsAuthorized).toEqual([true, true]);
    } finally {
      connections.destroy();
    }
  });

  it("without the authority the target's self-signed certificate is refused; without the client certificate none is presented", async () => {
    const untrusting = makeConnections(1, {});
    const anonymous = makeConnections(1, { ca: serverPems.cert });
    try {
      expect(await send(untrusting)).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
      clientsAuthorized.length = 0;
      expect(await send(anonymous)).toBe(200);
      expect(clientsAuthorized).toEqual([false]);
    } finally {
      untrusting.destroy();
      anonymous.destroy();
    }
  });

  it('trusts the authorities of NODE_EXTRA_CA_CERTS too, which a `ca` alone would replace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-extra-ca-'));
    writeFileSync(join(dir, 'extra.pem'), serverPems.cert);
    const before = process.env.NODE_EXTRA_CA_CERTS;
    process.env.NODE_EXTRA_CA_CERTS = join(dir, 'extra.pem');
    // --ca-file names another authority: the target's is trusted only through the variable.
    const connections = makeConnections(1, { ca: clientPems.cert });
    try {
      expect(await send(connections)).toBe(200);
    } finally {
      connections.destroy();
      if (before === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
      else process.env.NODE_EXTRA_CA_CERTS = before;
    }
    const without = makeConnections(1, { ca: clientPems.cert });
    try {
      expect(await send(without)).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    } finally {
      without.destroy();
    }
  });

  it("leaves out of NODE_EXTRA_CA_CERTS the certificates among Node's own roots (however wrapped), and keeps every other one", () => {
    const oneOfNodes = tls.rootCertificates[0]!.replace(/\n/g, '\r\n');
    const bundle = `# a system bundle\n${oneOfNodes}\n${serverPems.cert}\n`;
    const kept = authoritiesBesidesNodeRoots(bundle).map((pem) => pem.replace(/\s+/g, ''));
    expect(kept).toEqual([serverPems.cert.replace(/\s+/g, '')]);
  });

  it('material node refuses (a key of another certificate) is no throw when the connections are made: the request fails with it', async () => {
    const refused = makeConnections(1, { ca: serverPems.cert, cert: clientPems.cert, key: serverPems.key });
    try {
      expect(contextOf(refused)).toBeUndefined();
      expect(refused.tls.key).toBe(serverPems.key);
      expect(await send(refused)).toMatch(/^ERR_OSSL_/);
    } finally {
      refused.destroy();
    }
  });
});
