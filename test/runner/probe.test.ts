/**
 * The probe before a run: an https target whose TLS sessions are made is there, and the run is told so before
 * the probe's answer comes (its threads send from then on); a plain http target is told nothing before its
 * answer, which alone shows whether a TLS server is behind it.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { targetsFromOrigin, type RunConfig } from '../../src/config/run-config.js';
import { probeTargets } from '../../src/runner/probe.js';
import { parseRunOptions } from '../../src/runner/run-options.js';
import { configureTransport } from '../../src/transport/configure.js';
import { DEFAULT_CONCURRENCY } from '../../src/transport/http-client.js';
import { loopbackCertificate } from '../support/loopback-certificate.js';

/** Long enough that an answer held this long comes well after anything told at the handshake. */
const ANSWER_HELD_MS = 300;

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  configureTransport({ concurrency: DEFAULT_CONCURRENCY });
});

/** The server's answers, each held a while, and when each was written (performance.now()). */
function heldAnswers(answeredAt: number[]): http.RequestListener {
  return (_req, res) =>
    setTimeout(() => {
      answeredAt.push(performance.now());
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    }, ANSWER_HELD_MS);
}

async function listening(made: http.Server, scheme: 'http' | 'https'): Promise<string> {
  server = made;
  await new Promise<void>((resolve) => made.listen(0, '127.0.0.1', resolve));
  return `${scheme}://127.0.0.1:${(made.address() as AddressInfo).port}`;
}

function configFor(origin: string, caFile?: string): RunConfig {
  return {
    ...parseRunOptions({
      networks: 'polygon',
      // Two bases (Marketplace and Builder): both must be secured before the run is told.
      operations: 'Marketplace.GetFloorOrder,Builder.GetAudience',
      ...(caFile ? { caFile } : {}),
    }),
    targets: targetsFromOrigin(origin),
    accessKey: 'k',
    embedded: false,
  };
}

describe('probe', () => {
  it('tells the run an https target is there once every base has its TLS session, before the answers come', async () => {
    const pems = await loopbackCertificate();
    const answeredAt: number[] = [];
    const origin = await listening(https.createServer({ key: pems.key, cert: pems.cert }, heldAnswers(answeredAt)), 'https');
    const securedAt: number[] = [];
    const unreachable = await probeTargets(configFor(origin, pems.caFile), () => securedAt.push(performance.now()));
    expect(unreachable).toBeUndefined();
    expect(answeredAt).toHaveLength(2);
    expect(securedAt).toHaveLength(1);
    expect(securedAt[0]!).toBeLessThan(Math.min(...answeredAt));
  });

  it('tells nothing of an https target whose certificate is not trusted: the run ends in one line', async () => {
    const pems = await loopbackCertificate();
    const origin = await listening(https.createServer({ key: pems.key, cert: pems.cert }, heldAnswers([])), 'https');
    let secured = 0;
    await expect(probeTargets(configFor(origin), () => (secured += 1))).rejects.toThrow(/--ca-file/);
    expect(secured).toBe(0);
  });

  it('tells nothing of a plain http target: only its answer shows the scheme is right', async () => {
    const answeredAt: number[] = [];
    const origin = await listening(http.createServer(heldAnswers(answeredAt)), 'http');
    let secured = 0;
    expect(await probeTargets(configFor(origin), () => (secured += 1))).toBeUndefined();
    expect(answeredAt).toHaveLength(2);
    expect(secured).toBe(0);
  });
});
