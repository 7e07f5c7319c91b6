/**
 * `conformance serve`: the embedded reference server on its own, with its chain node, until Ctrl-C, SIGTERM,
 * SIGHUP or the end of the process that started it (command-ending.ts); over HTTPS with --tls-cert and
 * --tls-key, the TLS handshakes it served printed when it stops.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NETWORKS } from '../contract/networks.js';
import { nodeOrigin } from '../harness/drivers/chain-node.js';
import { faultByName, FAULTS, type Fault } from '../server/faults.js';
import { startReferenceServer } from '../server/index.js';
import { describeSilent, silentChainNodes } from './chain-node-preflight.js';
import { listenFailure } from './listen-failure.js';
import { certifyCommand, writeServerFixtures } from './certify-command.js';
import { parseUrl } from '../runner/run-options.js';
import { UsageError } from '../config/usage-error.js';
import { namedList, shownValue } from '../config/shown-values.js';
import { endingCause } from '../runner/process-ending.js';
import { readServeTls } from './serve-tls.js';

export interface RawServeOptions {
  host?: string;
  port?: string;
  accessKey?: string;
  seed?: string;
  chainRpcUrl?: string;
  latencyMs?: string;
  maxRps?: string;
  fault?: string;
  listFaults?: boolean;
  fixturesOut?: string;
  tlsCert?: string;
  tlsKey?: string;
}

export function faultList(): string[] {
  const width = Math.max(...FAULTS.map((f) => f.name.length));
  return FAULTS.map((f) => `${f.name.padEnd(width)}  ${f.description}`);
}

function parseFaults(value: string | undefined): Fault[] {
  if (value === undefined || value.trim() === '') return [];
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const unknown = names.filter((name) => !faultByName(name));
  if (unknown.length > 0)
    throw new UsageError(
      `--fault: ${namedList(unknown, ['unknown fault', 'unknown faults'])} (conformance serve --list-faults names them)`,
    );
  return names.map((name) => faultByName(name)!);
}

/** Serves until `ended` is aborted (its reason says why). */
export async function serve(raw: RawServeOptions, io: { log: (line: string) => void }, ended: AbortSignal): Promise<void> {
  if (raw.listFaults) {
    for (const line of faultList()) io.log(line);
    return;
  }
  const port = raw.port === undefined ? 0 : Number(raw.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port: expected 0..65535, got ${shownValue(raw.port)}`);
  const seed = raw.seed === undefined ? 1 : Number(raw.seed);
  if (!Number.isInteger(seed)) throw new UsageError(`--seed: expected a whole number, got ${shownValue(raw.seed)}`);
  const latencyMs = raw.latencyMs === undefined ? 0 : Number(raw.latencyMs);
  if (!/^\d+$/.test(raw.latencyMs ?? '0') || latencyMs > 600_000)
    throw new UsageError(`--latency-ms: expected 0..600000, got ${shownValue(raw.latencyMs)}`);
  const maxRps = raw.maxRps === undefined ? undefined : Number(raw.maxRps);
  if (maxRps !== undefined && (!/^\d+$/.test(raw.maxRps!.trim()) || maxRps < 1 || maxRps > 1_000_000))
    throw new UsageError(`--max-rps: expected a whole number of requests per second from 1, got ${shownValue(raw.maxRps)}`);
  const chainRpcUrl =
    raw.chainRpcUrl === undefined || raw.chainRpcUrl === '' ? undefined : parseUrl(raw.chainRpcUrl, '--chain-rpc-url', true);
  const faults = parseFaults(raw.fault);
  const tls = readServeTls(raw);
  if (chainRpcUrl) {
    // One node for every network must answer; with {network}, at least one of them (the others are named).
    const silent = await silentChainNodes(chainRpcUrl, NETWORKS);
    if (silent.length === NETWORKS.length || (silent.length > 0 && !chainRpcUrl.includes('{network}'))) {
      throw new UsageError(`--chain-rpc-url: the chain node does not answer eth_chainId (${describeSilent(silent)})`);
    }
    if (silent.length > 0)
      io.log(`warning: no chain node answers for ${silent.length} networks; GetNativeTokenBalance fails there (${describeSilent(silent)})`);
  }
  const host = raw.host ?? '127.0.0.1';
  const server = await startReferenceServer({
    host,
    port,
    seed,
    ...(raw.accessKey ? { accessKey: raw.accessKey } : {}),
    // Without a node of the user's, one of its own, as `run` starts for the embedded server: GetNativeTokenBalance
    // answers a chain, and the printed command can certify native-balance-matches-chain-node against it. The
    // chains of every network are made before the server says it listens (a quarter of a second): made on their
    // first requests, they were the server's work in the first seconds of the run that certifies it, beside it
    // on the same cores.
    ...(chainRpcUrl ? { chainRpcUrl } : { embeddedChainNode: { networks: NETWORKS.map((network) => network.slug) } }),
    ...(latencyMs > 0 ? { latencyMs } : {}),
    ...(maxRps !== undefined ? { maxRps } : {}),
    ...(faults.length > 0 ? { faults: faults.map((f) => f.hooks) } : {}),
    ...(tls ? { tls: { key: tls.key, cert: tls.cert } } : {}),
  }).catch((error: unknown) => {
    throw listenFailure(error, host, port);
  });
  io.log(`reference server listening at ${server.origin}${latencyMs > 0 ? ` (every answer held ${latencyMs} ms)` : ''}`);
  if (maxRps !== undefined) io.log(`at most ${maxRps} requests a second are served; the others are answered 429 with Retry-After`);
  if (chainRpcUrl) io.log(`native balances from the chain node at ${nodeOrigin(chainRpcUrl.replaceAll('{network}', 'network'))}`);
  // Its node listens on loopback whatever --host says: it is for the certify command run on this machine.
  if (server.chainNode) io.log(`embedded chain node at ${server.chainNode.urlTemplate}`);
  for (const fault of faults) io.log(`with the fault ${fault.name}: ${fault.description}`);
  // Its own data as a fixtures file: with it a run reaches the checks that need known entities (a collection,
  // a swap pair, a Builder project), so a fault in them shows. Kept where --fixtures-out says, else a
  // temporary file removed on stop.
  const temporary = raw.fixturesOut ? undefined : join(tmpdir(), `conformance-serve-${process.pid}.fixtures.json`);
  let fixturesPath: string;
  try {
    fixturesPath = writeServerFixtures(server, raw.fixturesOut ?? temporary!);
  } catch (error) {
    // Refused (exit 2), the server and its node are closed: their sockets would keep the process from ending.
    await server.close();
    throw error;
  }
  io.log(`its fixtures: ${fixturesPath}`);
  // The keys of a local test server, printed so the user can paste them; they are not secrets of a real project.
  io.log(`access key: ${server.accessKey}`);
  const nodeUrl = chainRpcUrl ?? server.chainNode?.urlTemplate;
  const trust = tls ? { caFile: tls.certFile } : {};
  io.log(`certify it: ${certifyCommand(server, { fixturesPath, ...(nodeUrl ? { chainRpcUrl: nodeUrl } : {}), ...trust })}`);
  if (faults.length > 0) {
    // Where the fault shows: the operations and networks its own self-test runs, so the demonstration is quick.
    const operations = [...new Set(faults.flatMap((f) => f.operations))];
    const networks = [...new Set(faults.flatMap((f) => f.networks))];
    io.log(`see it fail quickly: add --operations ${operations.join(',')} --networks ${networks.join(',')}`);
  }
  io.log('Ctrl-C stops it');
  await new Promise<void>((resolve) => {
    if (ended.aborted) resolve();
    else ended.addEventListener('abort', () => resolve(), { once: true });
  });
  if (temporary) rmSync(temporary, { force: true });
  await server.close();
  // On a line of its own, for whoever started the server to read (npm run bench prints it beside its HTTPS run).
  const handshakes = server.tlsHandshakes?.();
  if (handshakes) io.log(`TLS handshakes: ${handshakes.full} full, ${handshakes.resumed} resumed`);
  io.log(`stopped (${endingCause(ended)?.reason ?? 'interrupted'})`);
}
