/**
 * `conformance replay FILE`: re-judges a recorded run offline with the current suite. A loopback server
 * serves the cassette's answers; the run repeats the recorded one (its seed, networks, operations, checks,
 * fixtures and expectations), its bases pointed at the loopback server, so the same requests are sent and each
 * gets the answer it got then. A request the recorded run never sent is answered with a mark, and its check is
 * skipped with that reason. The usual report is written, and the verdicts that changed against the recorded
 * run are listed.
 *
 * A base's recorded origin is kept in the path (`https://host.example/x` becomes `http://127.0.0.1:PORT/o/https/host/example/x`),
 * so bases on different hosts stay apart, and a base with `{network}` in its host keeps it.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Socket } from 'node:net';
import { publishable } from '../contract/schema-files.js';
import { SchemaValidators } from '../validation/validators.js';
import { UsageError } from '../config/usage-error.js';
import { parseRunOptions, type RawRunOptions } from '../runner/run-options.js';
import type { Fixtures } from '../config/fixtures.js';
import { checksOf, placeOf } from '../report/report-checks.js';
import type { Report } from '../report/model.js';
import { ACCESS_KEY_CLASS, CassetteSchema, LIMITED_KEY_CLASS, type Cassette, type RecordedExchange } from '../runner/cassette.js';
import { NOT_IN_CASSETTE_HEADER } from '../transport/not-in-cassette.js';
import { SENDER_HEADER } from '../transport/request-sender.js';
import { refuseWritingWhereRead } from '../report/read-write-apart.js';

export const DEFAULT_REPLAY_DIR = 'conformance-replay';
const MAX_CHANGES_LISTED = 30;

let validator: SchemaValidators | undefined;

export function readCassette(file: string): Cassette {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code ? `replay: cannot read ${file}: ${code}` : `replay: ${file} is not JSON: ${(error as Error).message}`);
  }
  validator ??= new SchemaValidators([publishable(CassetteSchema)]);
  const issues = validator.must(CassetteSchema.$id!, data);
  if (issues.length > 0)
    throw new UsageError(
      `replay: ${file} is not a cassette (schemas/cassette.schema.json): ${issues[0]!.pointer || '/'}: ${issues[0]!.message}`,
    );
  return data as Cassette;
}

/**
 * `https://api.example.com:8443/x` → `/o/https/api/example/com/8443/x`: the path a recorded URL has on the
 * replay server. The host goes in label by label: a long host name in one segment would look like a key to
 * the redactor, and the replay's report would hide its own bases.
 */
export function replayPath(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]+)(.*)$/i.exec(url);
  return match ? `/o/${match[1]!.toLowerCase()}/${match[2]!.replace(/[.:]/g, '/')}${match[3] || '/'}` : url;
}

/**
 * The headers that change what a request means, besides its method, URL and body: a request that differs from
 * another only by its Content-Type (or its key, or what it accepts) asks something else, and its check judges
 * the answer to that. The others (Host with its port, Content-Length, the client's own) say how it travelled.
 */
const MEANINGFUL_HEADERS = ['content-type', 'content-encoding', 'accept', 'authorization', 'x-access-key'] as const;

/** One header's value as received or recorded: repeated values joined, surrounding whitespace dropped. */
const headerValue = (value: string | readonly string[] | undefined): string | undefined =>
  value === undefined ? undefined : (Array.isArray(value) ? value.join(', ') : (value as string)).trim();

/**
 * What a request is matched on (Polly.JS's default): method, URL, the meaningful headers and the body. The
 * access key is matched by its class, never by its value (the cassette holds no key).
 */
export function matchKey(
  method: string,
  path: string,
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  body: string | undefined,
): string {
  const meaningful = MEANINGFUL_HEADERS.map((name) => [name, headerValue(headers[name]) ?? null]);
  return JSON.stringify([method.toUpperCase(), path, meaningful, body ?? '']);
}

/** A recorded request's headers, lower-cased as the cassette keeps them. */
const lowerCased = (headers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/** Hop-by-hop and framing headers are the replay server's own. */
const OWN_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'content-encoding']);

/**
 * Where the replay server answers the recorded run's chain node: `/chain/<network>` (the node's own URL may
 * hold a key, so the cassette keeps only which network's node a call went to; `*` for one node of all).
 */
const CHAIN_PATH = '/chain';
const EVERY_NETWORK = '*';

/** Whether the recorded run called a chain node (so the replay gives it one: the replay server). */
export const callsChainNode = (cassette: Cassette): boolean => cassette.exchanges.some((x) => x.chainNode !== undefined);

export interface ReplayServer {
  readonly origin: string;
  readonly accessKey: string;
  readonly limitedAccessKey: string;
  /** Requests answered with the "not in the cassette" mark. */
  readonly missing: () => number;
  close(): Promise<void>;
}

export async function serveCassette(cassette: Cassette): Promise<ReplayServer> {
  const accessKey = `replay-${randomBytes(12).toString('hex')}`;
  const limitedAccessKey = `replay-limited-${randomBytes(12).toString('hex')}`;
  // Each recorded exchange answers once, in the recorded order among requests that match alike: first among
  // those the same check sent, else among all (a request shared by checks may be sent by another of them).
  const byKey = new Map<string, RecordedExchange[]>();
  const bySender = new Map<string, RecordedExchange[]>();
  const queue = (map: Map<string, RecordedExchange[]>, key: string, exchange: RecordedExchange): void => {
    const list = map.get(key) ?? [];
    list.push(exchange);
    map.set(key, list);
  };
  for (const exchange of cassette.exchanges) {
    const r = exchange.request;
    const path = exchange.chainNode === undefined ? replayPath(r.url) : `${CHAIN_PATH}/${exchange.chainNode}`;
    const key = matchKey(r.method, path, lowerCased(r.headers), r.body);
    queue(byKey, key, exchange);
    if (exchange.sender !== undefined) queue(bySender, JSON.stringify([exchange.sender, key]), exchange);
  }
  const used = new Set<RecordedExchange>();
  const firstUnused = (list: RecordedExchange[] | undefined): RecordedExchange | undefined => {
    while (list?.length && used.has(list[0]!)) list.shift();
    return list?.[0];
  };
  let missing = 0;
  const sockets = new Set<Socket>();
  const keyClass = (value: string | string[] | undefined): string | undefined => {
    const key = headerValue(value);
    return key === accessKey ? ACCESS_KEY_CLASS : key === limitedAccessKey ? LIMITED_KEY_CLASS : key;
  };
  const answer = (req: IncomingMessage, res: ServerResponse, body: string): void => {
    const headers = { ...req.headers, 'x-access-key': keyClass(req.headers['x-access-key']) };
    const url = req.url ?? '/';
    // A call to the chain node of one network, or to the one node the recorded run used for every network.
    const paths = url.startsWith(`${CHAIN_PATH}/`) ? [url, `${CHAIN_PATH}/${EVERY_NETWORK}`] : [url];
    const sender = headerValue(req.headers[SENDER_HEADER]);
    const keys = paths.map((path) => matchKey(req.method ?? 'GET', path, headers, body));
    const recorded =
      (sender === undefined ? undefined : keys.map((key) => firstUnused(bySender.get(JSON.stringify([sender, key])))).find(Boolean)) ??
      keys.map((key) => firstUnused(byKey.get(key))).find(Boolean);
    if (recorded) used.add(recorded);
    if (!recorded) {
      missing += 1;
      res.writeHead(599, { [NOT_IN_CASSETTE_HEADER]: '1', 'content-type': 'text/plain' }).end('not in the cassette');
      return;
    }
    if (recorded.response) {
      const headers = Object.fromEntries(
        Object.entries(recorded.response.headers).filter(([name]) => !OWN_HEADERS.has(name.toLowerCase())),
      );
      res.writeHead(recorded.response.status, headers).end(recorded.response.body);
    } else if (recorded.transportError?.failure === 'timeout') {
      // No answer then, none now: the client's own deadline ends it, as it did.
    } else {
      req.socket.destroy();
    }
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    accessKey,
    limitedAccessKey,
    missing: () => missing,
    close: () =>
      new Promise((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

/** A recorded base, pointed at the replay server. */
const replayBase = (origin: string, base: string): string => `${origin}${replayPath(base)}`.replace(/\/+$/, '');

export interface VerdictChange {
  readonly place: string;
  readonly before: string;
  readonly after: string;
}

/** Each check whose verdict differs from the recorded run's (a check new to the suite counts as changed from none). */
export function changedVerdicts(cassette: Cassette, replayed: Report): VerdictChange[] {
  const now = new Map(checksOf(replayed).map((c) => [placeOf(c), c.status as string]));
  const changes: VerdictChange[] = [];
  for (const [place, after] of now) {
    const before = cassette.verdicts[place] ?? 'absent';
    if (before !== after) changes.push({ place, before, after });
  }
  for (const [place, before] of Object.entries(cassette.verdicts)) if (!now.has(place)) changes.push({ place, before, after: 'absent' });
  return changes;
}

/**
 * The options of the recorded run, its bases pointed at the replay server; then the flags `replay` takes
 * (REPLAY_SOURCES: how the answers are judged and told), the recorded run's values as their defaults.
 */
export function replayOptions(
  cassette: Cassette,
  server: Pick<ReplayServer, 'origin' | 'accessKey' | 'limitedAccessKey'>,
  raw: RawRunOptions,
): RawRunOptions {
  const run = cassette.run;
  const t = run.targets;
  const given = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined && value !== ''));
  return {
    strict: run.strict,
    requireComplete: run.requireComplete === true,
    ...given,
    marketplaceUrl: replayBase(server.origin, t.marketplace),
    apiUrl: replayBase(server.origin, t.api),
    metadataUrl: replayBase(server.origin, t.metadata),
    relayerUrl: replayBase(server.origin, t.relayer),
    indexerUrl: replayBase(server.origin, t.indexer),
    accessKey: server.accessKey,
    limitedAccessKey: server.limitedAccessKey,
    networks: run.networks.join(','),
    operations: run.operations.join(','),
    ...(run.checks ? { checks: run.checks.join(',') } : {}),
    seed: String(run.seed),
    runs: String(run.runs),
    profile: run.profile ?? 'full',
    readOnly: run.readOnly,
    // The embedded server allowed the destructive checks by itself; a target only when told.
    allowDestructive: !run.readOnly && (t.embedded || run.inputs?.allowDestructive === true),
    ...(run.inputs ? { timeoutMs: String(run.inputs.timeoutMs) } : {}),
    ...(callsChainNode(cassette) ? { chainRpcUrl: `${server.origin}${CHAIN_PATH}/{network}` } : {}),
    reportDir: resolve(typeof raw.reportDir === 'string' && raw.reportDir !== '' ? raw.reportDir : DEFAULT_REPLAY_DIR),
  };
}

const HOUR_MS = 3_600_000;

export async function replayCommand(
  file: string,
  raw: RawRunOptions,
  io: { log: (line: string) => void; stream?: NodeJS.WriteStream; env?: NodeJS.ProcessEnv },
): Promise<{ exitCode: number; report: Report }> {
  const cassette = readCassette(file);
  refuseWritingWhereRead(
    'replay',
    typeof raw.reportDir === 'string' && raw.reportDir !== '' ? raw.reportDir : DEFAULT_REPLAY_DIR,
    file,
    'cassette',
  );
  const server = await serveCassette(cassette);
  try {
    const run = cassette.run;
    const parsed = parseRunOptions(replayOptions(cassette, server, raw));
    const config = {
      ...parsed,
      engine: 'inline' as const,
      replaying: true,
      fixtures: cassette.fixtures as Fixtures,
      // The names and proofs the recorded run made up, made again: the same bytes meet their recorded answers.
      ...(run.runId ? { runId: run.runId } : {}),
      claimsAt: Math.floor(Date.parse(run.startedAt) / HOUR_MS) * HOUR_MS,
      ...(parsed.expectations === undefined && cassette.expectations ? { expectations: cassette.expectations } : {}),
    };
    if (!run.runId) io.log('note: the cassette was recorded before runs kept their id: the audiences the run named cannot be named again');
    io.log(`replaying ${file}: ${cassette.exchanges.length} exchanges recorded ${run.startedAt}, seed ${run.seed}`);
    const { runConformance } = await import('../runner/run.js');
    const outcome = await runConformance(config, io);
    const changes = changedVerdicts(cassette, outcome.report);
    io.log('');
    if (server.missing() > 0) io.log(`${server.missing()} request(s) were not in the cassette: their checks are skipped with that reason`);
    if (changes.length === 0) io.log('no verdict changed against the recorded run');
    else {
      io.log(`${changes.length} verdict(s) changed against the recorded run:`);
      for (const c of changes.slice(0, MAX_CHANGES_LISTED)) io.log(`  ${c.place}: ${c.before} → ${c.after}`);
      if (changes.length > MAX_CHANGES_LISTED) io.log(`  … and ${changes.length - MAX_CHANGES_LISTED} more`);
    }
    return { exitCode: outcome.exitCode, report: outcome.report };
  } finally {
    await server.close();
  }
}
