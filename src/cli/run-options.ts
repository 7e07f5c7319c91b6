/**
 * Turns the `run` command's flags (already merged with their CONFORMANCE_* environment variables by the
 * parser) into a validated RunConfig. Every refusal is a UsageError with a message saying what to change.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { NETWORK_SLUGS } from '../contract/networks.js';
import { OPERATIONS, operationId } from '../contract/operations.js';
import { FixturesSchema, type Fixtures } from '../config/fixtures.js';
import { targetsFromOrigin, type RunConfig, type Targets } from '../config/run-config.js';
import { SchemaValidators } from '../validation/validators.js';
import { publishable } from '../contract/schema-files.js';
import { UsageError } from './usage-error.js';
import { loadExpectations, type Expectation } from '../gate/expectations.js';
import { parseShard, selectShard } from '../gate/shard.js';

export interface RawRunOptions {
  target?: string;
  marketplaceUrl?: string;
  apiUrl?: string;
  metadataUrl?: string;
  relayerUrl?: string;
  indexerUrl?: string;
  accessKey?: string;
  networks?: string;
  operations?: string;
  seed?: string;
  runs?: string;
  timeoutMs?: string;
  reportDir?: string;
  fixtures?: string;
  chainRpcUrl?: string;
  strict?: boolean;
  readOnly?: boolean;
  allowDestructive?: boolean;
  expectations?: string;
  shard?: string;
  github?: boolean;
}

export const DEFAULT_RUNS = 10;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_REPORT_DIR = 'conformance-report';

/** What the CLI still has to supply for an embedded run: its own server's origin, key and fixtures. */
export type PartialRunConfig = Omit<RunConfig, 'targets' | 'accessKey' | 'embedded'> & {
  readonly targets: Targets | undefined;
  readonly accessKey: string | undefined;
  /** Known failures (`--expectations`): applied to the results as they arrive. */
  readonly expectations?: readonly Expectation[];
};

export function parseRunOptions(raw: RawRunOptions): PartialRunConfig {
  if (raw.readOnly && raw.allowDestructive) throw new UsageError('--read-only and --allow-destructive contradict each other: pick one');
  const targets = parseTargets(raw);
  const accessKey = raw.accessKey === undefined || raw.accessKey === '' ? undefined : raw.accessKey;
  if (targets && !accessKey) {
    throw new UsageError('a target needs an access key: set CONFORMANCE_ACCESS_KEY (recommended: a flag is visible to other users of the machine) or pass --access-key');
  }
  return selectShard({
    targets,
    accessKey,
    networks: parseList(raw.networks, NETWORK_SLUGS, '--networks', 'network slug'),
    operations: parseList(raw.operations, OPERATIONS.map(operationId), '--operations', 'operation (Service.Method)'),
    seed: raw.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : parseInteger(raw.seed, '--seed', -(2 ** 31), 2 ** 31 - 1),
    runs: raw.runs === undefined ? DEFAULT_RUNS : parseInteger(raw.runs, '--runs', 0, 10_000),
    timeoutMs: raw.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : parseInteger(raw.timeoutMs, '--timeout-ms', 1, 600_000),
    strict: raw.strict === true,
    readOnly: raw.readOnly === true,
    allowDestructive: raw.allowDestructive === true,
    fixtures: raw.fixtures === undefined ? {} : loadFixtures(raw.fixtures),
    ...(raw.chainRpcUrl === undefined ? {} : { chainRpcUrl: parseUrl(raw.chainRpcUrl, '--chain-rpc-url', true) }),
    reportDir: resolve(raw.reportDir ?? DEFAULT_REPORT_DIR),
    ...(raw.expectations === undefined ? {} : { expectations: loadExpectations(raw.expectations) }),
    ...(raw.shard === undefined ? {} : { shard: parseShard(raw.shard) }),
  });
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
    targets[name as keyof Targets] = parseUrl(value!, `--${name}-url`, name === 'relayer' || name === 'indexer');
  }
  const missing = (['marketplace', 'api', 'metadata', 'relayer', 'indexer'] as const).filter((n) => !targets[n]);
  if (missing.length > 0) {
    throw new UsageError(`without --target every base address is needed; missing: ${missing.map((n) => `--${n}-url`).join(', ')}`);
  }
  return targets as Targets;
}

/** A base or node URL from a flag: http(s), no credentials, query or fragment; `{network}` only where allowed. */
export function parseUrl(value: string, flag: string, mayHoldNetwork: boolean): string {
  let url: URL;
  try {
    url = new URL(value.replaceAll('{network}', 'network-placeholder'));
  } catch {
    throw new UsageError(`${flag}: not a URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${flag}: only http and https URLs are supported, got ${url.protocol}`);
  if (url.username || url.password) throw new UsageError(`${flag}: credentials in a URL would end up in the report; use CONFORMANCE_ACCESS_KEY`);
  if (url.search || url.hash) throw new UsageError(`${flag}: a base address has no query or fragment`);
  if (!mayHoldNetwork && value.includes('{network}')) throw new UsageError(`${flag}: {network} is only meaningful in --relayer-url and --indexer-url`);
  return value.replace(/\/+$/, '');
}

function parseList(value: string | undefined, allowed: readonly string[], flag: string, what: string): string[] {
  if (value === undefined || value.trim() === '' || value.trim() === 'all') return [...allowed];
  const items = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const unknown = items.filter((item) => !allowed.includes(item));
  if (unknown.length > 0) {
    throw new UsageError(`${flag}: unknown ${what}${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Known: ${allowed.join(', ')}`);
  }
  // Keep the contract's order whatever order they were given in, so reports of two runs line up.
  return allowed.filter((item) => items.includes(item));
}

function parseInteger(value: string, flag: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(value.trim())) throw new UsageError(`${flag}: expected a whole number, got ${JSON.stringify(value)}`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`${flag}: must be between ${min} and ${max}, got ${n}`);
  return n;
}

let fixturesValidator: SchemaValidators | undefined;

export function loadFixtures(path: string): Fixtures {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--fixtures: cannot read ${path}: ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--fixtures: ${path} is not JSON: ${(error as Error).message}`);
  }
  fixturesValidator ??= new SchemaValidators([publishable(FixturesSchema)]);
  const issues = fixturesValidator.must(FixturesSchema.$id!, data);
  if (issues.length > 0) {
    const lines = issues.slice(0, 5).map((i) => `  ${i.pointer || '/'}: ${i.message}`);
    throw new UsageError(`--fixtures: ${path} does not match schemas/fixtures.schema.json:\n${lines.join('\n')}`);
  }
  const fixtures = data as Fixtures;
  const unknownNetworks = Object.keys(fixtures.networks ?? {}).filter((slug) => !NETWORK_SLUGS.includes(slug));
  if (unknownNetworks.length > 0) throw new UsageError(`--fixtures: unknown network slug(s) in ${path}: ${unknownNetworks.join(', ')}`);
  return fixtures;
}
