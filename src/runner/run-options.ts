/**
 * Turns the `run` command's flags (already merged with their CONFORMANCE_* environment variables by the
 * parser) into a validated RunConfig. Every refusal is a UsageError with a message saying what to change.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { NETWORK_SLUGS } from '../contract/networks.js';
import { OPERATIONS, operationId } from '../contract/operations.js';
import { BASES, type BaseName } from '../contract/services.js';
import { ALL_NETWORKS, FixturesSchema, incompletePair, namesPairField, withNetworkDefaults, type Fixtures } from '../config/fixtures.js';
import { targetsFromOrigin, type RunConfig, type Targets } from '../config/run-config.js';
import { SchemaValidators } from '../validation/validators.js';
import { publishable } from '../contract/schema-files.js';
import { DEFAULT_CONCURRENCY } from '../transport/http-client.js';
import { chooseChecks } from './check-options.js';
import { parseList } from './list-option.js';
import {
  DEFAULT_MAX_DURATION_MS,
  DEFAULT_REPORT_DIR,
  DEFAULT_RUNS,
  DEFAULT_TIMEOUT_MS,
  ENGINES,
  PROFILES,
  type Engine,
  type Profile,
  type RunOptionValues,
} from './run-option-schema.js';
import { UsageError } from '../config/usage-error.js';
import { loadExpectations, type Expectation } from './expectations.js';
import { parseShard, selectShard } from './shard.js';
import { fileInput } from './input-files.js';
import { hasSecretPath, type RunInputs } from '../report/run-inputs.js';
import { keyProblem, readBoundedText } from '../config/bounded-file.js';
import { certificatesRefusal, readPemFile, tlsRefusal } from '../config/pem-files.js';
import { namedList, shownLine, shownValue } from '../config/shown-values.js';

/** The command line's name for what `parseRunOptions` reads (the schema's typed values, or their text). */
export type RawRunOptions = RunOptionValues;

export { DEFAULT_CONCURRENCY } from '../transport/http-client.js';
export {
  DEFAULT_MAX_DURATION_MS,
  DEFAULT_REPORT_DIR,
  DEFAULT_RUNS,
  DEFAULT_TIMEOUT_MS,
  ENGINES,
  type Engine,
} from './run-option-schema.js';

/** What the CLI still has to supply for an embedded run: its own server's origin, key and fixtures. */
export type PartialRunConfig = Omit<RunConfig, 'targets' | 'accessKey' | 'embedded'> & {
  readonly targets: Targets | undefined;
  readonly accessKey: string | undefined;
  /** Known failures (`--expectations`): applied to the results as they arrive. */
  readonly expectations?: readonly Expectation[];
  readonly engine?: Engine;
  /** Where the cassette of the run's exchanges goes (`--record`). */
  readonly record?: string;
  /** What the report records for `conformance rerun` (src/report/run-inputs.ts). */
  readonly inputs?: RunInputs;
};

export function parseRunOptions(raw: RawRunOptions): PartialRunConfig {
  if (raw.readOnly && raw.allowDestructive) throw new UsageError('--read-only and --allow-destructive contradict each other: pick one');
  if (raw.quiet && raw.verbose) throw new UsageError('--quiet and --verbose contradict each other: pick one');
  const targets = parseTargets(raw);
  const accessKey = raw.accessKey === undefined || raw.accessKey === '' ? undefined : usableKey(raw.accessKey, 'the access key');
  if (raw.limitedAccessKey) usableKey(raw.limitedAccessKey, 'the limited access key');
  if (targets && !accessKey) {
    throw new UsageError(
      'a target needs an access key: set CONFORMANCE_ACCESS_KEY (recommended: a flag is visible to other users of the machine) or pass --access-key',
    );
  }
  const timeoutMs = raw.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : parseInteger(raw.timeoutMs, '--timeout-ms', 1, 600_000);
  const maxRps = raw.maxRps === undefined ? undefined : parseRate(raw.maxRps, '--max-rps');
  const fixtures = raw.fixtures === undefined ? {} : loadFixtures(raw.fixtures);
  const expectations = raw.expectations === undefined ? undefined : loadExpectations(raw.expectations);
  return selectShard({
    targets,
    accessKey,
    ...(raw.limitedAccessKey ? { limitedAccessKey: raw.limitedAccessKey } : {}),
    networks: parseList(raw.networks, NETWORK_SLUGS, '--networks', 'network slug'),
    ...chooseChecks(
      raw.checks,
      raw.skipChecks,
      parseList(raw.operations, OPERATIONS.map(operationId), '--operations', 'operation (Service.Method)'),
    ),
    seed: raw.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : parseInteger(raw.seed, '--seed', -(2 ** 31), 2 ** 31 - 1),
    runId: randomBytes(6).toString('hex'),
    profile: parseProfile(raw.profile),
    runs: raw.runs === undefined ? DEFAULT_RUNS : parseInteger(raw.runs, '--runs', 1, 10_000),
    timeoutMs,
    concurrency: raw.concurrency === undefined ? DEFAULT_CONCURRENCY : parseInteger(raw.concurrency, '--concurrency', 1, 1024),
    ...(maxRps === undefined ? {} : { maxRps }),
    ...parseTls(raw),
    strict: raw.strict === true,
    readOnly: raw.readOnly === true,
    allowDestructive: raw.allowDestructive === true,
    requireComplete: raw.requireComplete === true,
    fixtures,
    ...(raw.chainRpcUrl === undefined ? {} : { chainRpcUrl: parseUrl(raw.chainRpcUrl, '--chain-rpc-url', true) }),
    reportDir: resolve(raw.reportDir ?? DEFAULT_REPORT_DIR),
    quiet: raw.quiet === true,
    verbose: raw.verbose === true,
    maxDurationMs: raw.maxDuration === undefined ? DEFAULT_MAX_DURATION_MS : parseDuration(raw.maxDuration, '--max-duration'),
    // A path that is only a route (/staging) is no secret: reports, curl lines and reruns keep it.
    givenUrls: [raw.target, raw.marketplaceUrl, raw.apiUrl, raw.metadataUrl, raw.relayerUrl, raw.indexerUrl].filter(
      (u): u is string => u !== undefined && u !== '' && hasSecretPath(u),
    ),
    ...(expectations === undefined ? {} : { expectations }),
    ...(raw.shard === undefined ? {} : { shard: parseShard(raw.shard) }),
    // A recording sees this thread's transport only: the checks then run here, not in worker threads.
    engine: typeof raw.record === 'string' && raw.record !== '' ? 'inline' : parseEngine(raw.engine),
    ...(typeof raw.record === 'string' && raw.record !== '' ? { record: raw.record } : {}),
    inputs: runInputs(raw, targets, timeoutMs, maxRps),
  });
}

function runInputs(raw: RawRunOptions, targets: Targets | undefined, timeoutMs: number, maxRps: number | undefined): RunInputs {
  const fixtures = typeof raw.fixtures === 'string' ? fileInput(raw.fixtures) : undefined;
  const expectations = typeof raw.expectations === 'string' ? fileInput(raw.expectations) : undefined;
  const secretBases = targets ? (Object.keys(targets) as BaseName[]).filter((name) => hasSecretPath(targets[name])) : [];
  const path = (value: string | undefined): string | undefined => (value === undefined || value.trim() === '' ? undefined : value);
  const tls = {
    ...(path(raw.caFile) ? { caFile: raw.caFile! } : {}),
    ...(raw.insecure ? { insecure: true } : {}),
    ...(path(raw.cert) ? { cert: raw.cert! } : {}),
    ...(path(raw.key) ? { key: raw.key! } : {}),
  };
  return {
    ...(fixtures ? { fixtures } : {}),
    ...(expectations ? { expectations } : {}),
    limitedKey: raw.limitedAccessKey !== undefined && raw.limitedAccessKey !== '',
    timeoutMs,
    ...(raw.chainRpcUrl ? { chainNode: true } : {}),
    ...(secretBases.length > 0 ? { secretBases } : {}),
    ...(maxRps === undefined ? {} : { maxRps }),
    ...(Object.keys(tls).length > 0 ? { tls } : {}),
    ...(raw.allowDestructive ? { allowDestructive: true } : {}),
  };
}

function parseProfile(value: unknown): Profile {
  if (value === undefined) return 'full';
  if (typeof value === 'string' && (PROFILES as readonly string[]).includes(value.trim())) return value.trim() as Profile;
  throw new UsageError(`--profile: expected one of ${PROFILES.join(', ')}, got ${shownValue(value)}`);
}

function parseEngine(value: unknown): Engine {
  if (value === undefined) return 'thread';
  if (typeof value === 'string' && (ENGINES as readonly string[]).includes(value.trim())) return value.trim() as Engine;
  throw new UsageError(`--engine: expected one of ${ENGINES.join(', ')}, got ${shownValue(value)}`);
}

function parseTargets(raw: RawRunOptions): Targets | undefined {
  const perBase = {
    marketplace: raw.marketplaceUrl,
    api: raw.apiUrl,
    metadata: raw.metadataUrl,
    relayer: raw.relayerUrl,
    indexer: raw.indexerUrl,
  };
  const givenBases = Object.entries(perBase).filter(([, v]) => v !== undefined && v !== '');
  if (raw.target === undefined && givenBases.length === 0) return undefined;
  let targets: Partial<Record<keyof Targets, string>> = {};
  if (raw.target !== undefined) targets = targetsFromOrigin(parseUrl(raw.target, '--target', false));
  for (const [name, value] of givenBases) {
    targets[name as keyof Targets] = parseUrl(value!, `--${name}-url`, BASES[name as BaseName].network === 'host');
  }
  const missing = (Object.keys(BASES) as BaseName[]).filter((n) => !targets[n]);
  if (missing.length > 0) {
    throw new UsageError(`without --target every base address is needed; missing: ${missing.map((n) => `--${n}-url`).join(', ')}`);
  }
  return targets as Targets;
}

/**
 * A base or node URL from a flag: http(s), no credentials, query or fragment; `{network}` only where allowed.
 * Whitespace around it is dropped (a copy-paste, a YAML value): a URL cannot hold it, and kept it would become
 * part of every request path.
 */
export function parseUrl(given: string, flag: string, mayHoldNetwork: boolean): string {
  const value = given.trim();
  let url: URL;
  try {
    url = new URL(value.replaceAll('{network}', 'network-placeholder'));
  } catch {
    throw new UsageError(`${flag}: not a URL: ${shownValue(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`${flag}: only http and https URLs are supported, got ${url.protocol}`);
  if (url.username || url.password)
    throw new UsageError(`${flag}: credentials in a URL would end up in the report; use CONFORMANCE_ACCESS_KEY`);
  if (url.search || url.hash) throw new UsageError(`${flag}: a base address has no query or fragment`);
  if (!mayHoldNetwork && value.includes('{network}'))
    throw new UsageError(`${flag}: {network} is only meaningful in --relayer-url and --indexer-url`);
  return value.replace(/\/+$/, '');
}

/** `90s`, `10m`, `1h`, `500ms`; a bare number is seconds. */
export function parseDuration(value: string, flag: string): number {
  const match = /^(\d+)\s*(ms|s|m|h)?$/.exec(value.trim());
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
  const ms = match ? Number(match[1]) * unit[(match[2] ?? 's') as keyof typeof unit] : NaN;
  if (!Number.isSafeInteger(ms) || ms < 1000 || ms > 24 * 3_600_000) {
    throw new UsageError(`${flag}: expected a duration between 1s and 24h such as 90s, 10m or 1h, got ${shownValue(value)}`);
  }
  return ms;
}

/**
 * --ca-file, --insecure, --cert and --key: each file readable (within the input bounds) and PEM, tried as node's
 * TLS will use it, the certificate and its key together and of one another.
 */
function parseTls(raw: RawRunOptions): Pick<PartialRunConfig, 'tls'> {
  const pem = (path: string | undefined, flag: string, kind: 'certificate' | 'private key'): { file: string; text: string } | undefined => {
    if (path === undefined || path === '') return undefined;
    const file = resolve(path);
    const text = readPemFile(file, flag, kind);
    const refused = flag === '--ca-file' ? certificatesRefusal(text) : tlsRefusal(kind === 'certificate' ? { cert: text } : { key: text });
    if (refused) throw new UsageError(`${flag}: ${file} holds no ${kind} node can use (${refused})`);
    return { file, text };
  };
  const ca = pem(raw.caFile, '--ca-file', 'certificate');
  const cert = pem(raw.cert, '--cert', 'certificate');
  const key = pem(raw.key, '--key', 'private key');
  if ((cert === undefined) !== (key === undefined))
    throw new UsageError('--cert and --key go together: a client certificate needs its private key');
  const pairRefused = cert && key ? tlsRefusal({ cert: cert.text, key: key.text }) : undefined;
  if (pairRefused) throw new UsageError(`--key: ${key!.file} is not the private key of the certificate in ${cert!.file} (${pairRefused})`);
  // The text, not the path: a pipe is read once, here, and the threads that connect get what it brought.
  const tls = {
    ...(ca === undefined ? {} : { ca: ca.text }),
    ...(raw.insecure ? { insecure: true } : {}),
    ...(cert === undefined ? {} : { cert: cert.text }),
    ...(key === undefined ? {} : { key: key.text }),
  };
  return Object.keys(tls).length === 0 ? {} : { tls };
}

/** A positive rate such as 15 or 0.5 (requests per second). */
function parseRate(value: unknown, flag: string): number {
  const written = typeof value === 'number' ? String(value) : value;
  const n = typeof written === 'string' && /^\d+(\.\d+)?$/.test(written.trim()) ? Number(written) : NaN;
  if (!(n >= 0.1 && n <= 100_000))
    throw new UsageError(`${flag}: expected requests per second between 0.1 and 100000, got ${shownValue(value)}`);
  return n;
}

function parseInteger(value: unknown, flag: string, min: number, max: number): number {
  const written = typeof value === 'number' ? String(value) : value;
  if (typeof written !== 'string' || !/^-?\d+$/.test(written.trim()))
    throw new UsageError(`${flag}: expected a whole number, got ${shownValue(value)}`);
  const n = Number(written);
  if (n < min || n > max) throw new UsageError(`${flag}: must be between ${min} and ${max}, got ${n}`);
  return n;
}

/** The key as given, when it can be what the user meant; else a usage error naming the problem, not the key. */
function usableKey(key: string, what: string): string {
  const problem = keyProblem(key);
  if (problem !== undefined) throw new UsageError(`${what} ${problem}: it would be refused; give the key alone`);
  return key;
}

let fixturesValidator: SchemaValidators | undefined;

export function loadFixtures(path: string): Fixtures {
  const text = readBoundedText(path, '--fixtures');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--fixtures: ${path} is not JSON: ${(error as Error).message}`);
  }
  fixturesValidator ??= new SchemaValidators([publishable(FixturesSchema)]);
  const issues = fixturesValidator.must(FixturesSchema.$id!, data);
  if (issues.length > 0) {
    const lines = issues.slice(0, 5).map((i) => shownLine(`  ${shownLine(i.pointer || '/', 80)}: ${i.message}`));
    throw new UsageError(`--fixtures: ${path} does not match schemas/fixtures.schema.json:\n${lines.join('\n')}`);
  }
  const given = data as Fixtures;
  const unknownNetworks = Object.keys(given.networks ?? {}).filter((slug) => slug !== ALL_NETWORKS && !NETWORK_SLUGS.includes(slug));
  if (unknownNetworks.length > 0)
    throw new UsageError(`--fixtures: ${path} names ${namedList(unknownNetworks, ['an unknown network slug', 'unknown network slugs'])}`);
  const operationIds = OPERATIONS.map(operationId);
  const unknownOperations = (given.limitedKey?.deniedOperations ?? []).filter((id) => !(operationIds as string[]).includes(id));
  if (unknownOperations.length > 0)
    throw new UsageError(
      `--fixtures: limitedKey.deniedOperations names ${namedList(unknownOperations, ['an unknown operation', 'unknown operations'])}`,
    );
  const fixtures = withNetworkDefaults(given, NETWORK_SLUGS);
  // A pair a network starts is completed by "*" or refused; a network that names none just has no pair.
  for (const [slug, network] of Object.entries(fixtures.networks ?? {})) {
    if (!namesPairField(given.networks?.[slug])) continue;
    const missing = incompletePair(network);
    if (missing.length > 0)
      throw new UsageError(
        `--fixtures: networks.${slug}.swap gives part of a swap pair; missing ${missing.join(', ')} (from the network or "*")`,
      );
  }
  return fixtures;
}
