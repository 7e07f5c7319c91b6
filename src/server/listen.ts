/**
 * The reference server on a real socket (node:http, or node:https with `tls`). `close()` must never hang a test run: it stops accepting,
 * drops idle keep-alive sockets and requests held by a 'hang' fault, and after a short grace cuts whatever is
 * still open.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createSecureContext, type TLSSocket } from 'node:tls';
import { createReferenceApp, DEFAULT_SEED, type ReferenceAppOptions } from './app.js';
import { embeddedNodeBalanceSource, seededGenesis } from './balance-source.js';
import { startEmbeddedChainNode, type EmbeddedChainNode } from './embedded-chain-node.js';
import { networkBySlug } from '../contract/networks.js';
import { loadHandlers } from './handlers/index.js';
import type { ListenOptions, RunningReferenceServer } from './types.js';

const CLOSE_GRACE_MS = 1_000;

/** The embedded chain node, with the chains of the networks named made; its start-up counts them. */
async function startChainNode(options: ListenOptions): Promise<{ node: EmbeddedChainNode; startupMs: number }> {
  const node = await startEmbeddedChainNode({ genesis: seededGenesis(options.seed ?? DEFAULT_SEED) });
  const networks = typeof options.embeddedChainNode === 'object' ? options.embeddedChainNode.networks.map(networkBySlug) : [];
  return { node, startupMs: node.startupMs + (await node.warm(networks)) };
}

export async function startReferenceServer(options: ListenOptions & ReferenceAppOptions = {}): Promise<RunningReferenceServer> {
  // A key or certificate node refuses is refused before anything starts: a chain node would be left open.
  if (options.tls) createSecureContext(options.tls);
  const chainNode = options.embeddedChainNode && !options.chainRpcUrl ? await startChainNode(options) : undefined;
  const app = createReferenceApp({ ...options, ...(chainNode ? { balanceSource: embeddedNodeBalanceSource(chainNode.node) } : {}) });
  await loadHandlers();
  const handshakes = { full: 0, resumed: 0 };
  let server: http.Server | https.Server;
  if (options.tls) {
    // Node's TLS server issues session tickets by default: a client that keeps them resumes without a full handshake.
    server = https.createServer({ key: options.tls.key, cert: options.tls.cert }, app.handler);
    server.on('secureConnection', (socket: TLSSocket) => (socket.isSessionReused() ? handshakes.resumed++ : handshakes.full++));
  } else {
    server = http.createServer(app.handler);
  }
  // Node's default 5 s keep-alive lets the server close an idle socket just as a busy client reuses it
  // (ECONNRESET under load). Clients' pools idle far less than this.
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    // A server that cannot listen leaves no node behind: its open socket would keep the process from ending.
    await chainNode?.node.close();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  const origin = `${options.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;

  return {
    origin,
    accessKey: app.accessKey,
    limitedAccessKey: app.limitedAccessKey,
    fixtures: app.fixtures,
    ...(chainNode ? { chainNode: { urlTemplate: chainNode.node.urlTemplate, startupMs: chainNode.startupMs } } : {}),
    requestCounts: app.requestCounts,
    builderActivity: app.builderActivity,
    ...(options.tls ? { tlsHandshakes: () => ({ ...handshakes }) } : {}),
    close() {
      closing ??= new Promise<void>((resolve) => {
        const grace = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
        grace.unref();
        server.close(() => {
          clearTimeout(grace);
          void (chainNode?.node.close() ?? Promise.resolve()).then(resolve);
        });
        server.closeIdleConnections();
        app.releaseHanging();
      });
      return closing;
    },
  };
}
