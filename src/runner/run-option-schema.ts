/**
 * The options of a run, written once: each with its flag (and so its CONFORMANCE_* variable and its key in the
 * config file), the words of `--help` and of docs/cli.md, and its type for the library's `RunOptions`. The
 * command line declares `conformance run`'s flags from this object; `certify()` takes the typed values; both
 * hand them to `parseRunOptions`, which checks them with the same messages.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DEFAULT_CONCURRENCY } from '../transport/http-client.js';
import { PROFILES } from '../config/profiles.js';

export const DEFAULT_RUNS = 10;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_REPORT_DIR = 'conformance-report';
export const DEFAULT_MAX_DURATION_MS = 10 * 60 * 1000;
/** How the spec files run: in worker threads of this process (the default, the leanest), or as vitest tests. */
export const ENGINES = ['thread', 'inline', 'vitest'] as const;
export type Engine = (typeof ENGINES)[number];
export { PROFILES, type Profile } from '../config/profiles.js';

/**
 * What the documentation says of an option beyond `--help`'s line: its meaning in full and its default
 * (docs/cli.md's table is generated from these).
 */
interface Shown {
  readonly meaning: string;
  readonly default: string;
}

/** A flag as the command line spells it (`--timeout-ms <n>`, or `--strict` for a switch), and its words. */
interface Flagged {
  readonly flag: string;
  readonly description: string;
  readonly shown: Shown;
}

const text = (flag: string, description: string, shown: Shown) => Type.Optional(Type.String({ flag, description, shown }));
const whole = (flag: string, description: string, shown: Shown) => Type.Optional(Type.Integer({ flag, description, shown }));
const names = (flag: string, description: string, shown: Shown) => Type.Optional(Type.Array(Type.String(), { flag, description, shown }));
const on = (flag: string, description: string, shown: Shown) => Type.Optional(Type.Boolean({ flag, description, shown }));

export const RunOptionsSchema = Type.Object(
  {
    target: text(
      '--target <origin>',
      'origin of a server with the reference layout (marketplace/<network>, rpc/API, rpc/Metadata, relayer/<network>, indexer/<network>)',
      { meaning: 'origin of a server with the layout above', default: 'the embedded server' },
    ),
    marketplaceUrl: text('--marketplace-url <url>', 'Marketplace base; the network slug is appended', {
      meaning: 'Marketplace base; `/<network>` is appended',
      default: 'from `--target`',
    }),
    apiUrl: text('--api-url <url>', 'API and Builder base', { meaning: 'API and Builder base', default: 'from `--target`' }),
    metadataUrl: text('--metadata-url <url>', 'Metadata base', { meaning: 'Metadata base', default: 'from `--target`' }),
    relayerUrl: text('--relayer-url <url>', 'Relayer base; may contain {network}', {
      meaning: 'Relayer base, may contain `{network}`',
      default: 'from `--target`',
    }),
    indexerUrl: text('--indexer-url <url>', 'Indexer base; may contain {network}', {
      meaning: 'Indexer base, may contain `{network}`',
      default: 'from `--target`',
    }),
    accessKey: text(
      '--access-key <key>',
      'X-Access-Key to send (prefer the CONFORMANCE_ACCESS_KEY variable: flags are visible to other users)',
      { meaning: 'the `X-Access-Key` to send; required with a target. Prefer `CONFORMANCE_ACCESS_KEY`', default: '—' },
    ),
    limitedAccessKey: text(
      '--limited-access-key <key>',
      "a second key without rights for the fixtures' limitedKey.deniedOperations (prefer CONFORMANCE_LIMITED_ACCESS_KEY)",
      {
        meaning:
          "a second key without rights for the fixtures' `limitedKey.deniedOperations` (checks 403 `PermissionDenied`); redacted like the main key. Prefer `CONFORMANCE_LIMITED_ACCESS_KEY`",
        default: 'none: that check skips',
      },
    ),
    networks: names('--networks <slugs>', 'comma-separated network slugs (default: all 39)', {
      meaning: 'network slugs to check',
      default: 'all 39',
    }),
    operations: names('--operations <ids>', 'comma-separated Service.Method ids (default: all 18)', {
      meaning: 'operations to check, as `Service.Method`',
      default: 'all 18',
    }),
    seed: whole('--seed <n>', 'seed of the generated requests (default: random, printed and reported)', {
      meaning: 'seed of every generated request; the same seed replays the same run',
      default: 'random, printed and reported',
    }),
    profile: Type.Optional(
      Type.Union(
        PROFILES.map((p) => Type.Literal(p)),
        {
          flag: '--profile <name>',
          description:
            'full: every check on every network (default); quick: the checks of network-independent behaviour and the generated-request properties on one network per operation, a fraction of the requests (docs/profiles.md)',
          shown: {
            meaning:
              "`full`: every check on every network; `quick`: the checks whose requests carry the network's data on every network, the probes of network-independent behaviour (keys, malformed bodies, methods, Content-Type, routes) and the generated-request properties on one network per operation drawn from the seed, fewer property runs elsewhere and a shrinking budget (docs/profiles.md). The report records it",
            default: '`full`',
          },
        },
      ),
    ),
    runs: whole('--runs <n>', `property runs per operation and network (default: ${DEFAULT_RUNS})`, {
      meaning: 'property runs per operation and network (valid and invalid requests each), at least 1',
      default: '10',
    }),
    timeoutMs: whole('--timeout-ms <n>', `deadline of each request in milliseconds (default: ${DEFAULT_TIMEOUT_MS})`, {
      meaning: 'deadline of each request',
      default: '10000',
    }),
    concurrency: whole('--concurrency <n>', `requests in flight at most, across the whole run (default: ${DEFAULT_CONCURRENCY})`, {
      meaning: 'requests in flight at most, across all networks and operations (and the keep-alive connections per host)',
      default: '128',
    }),
    maxRps: Type.Optional(
      Type.Number({
        flag: '--max-rps <n>',
        description:
          'requests per second to each origin at most, from the start (default: unpaced until the target throttles with 429 or 503 + Retry-After)',
        shown: {
          meaning:
            "requests per second to each origin at most, from the start (the checks' threads together, evenly spaced: see docs/transport.md); a quota the run keeps to instead of finding it out. Throttling answers (429, or 503 with `Retry-After`) are waited out either way",
          default: 'unpaced until the target throttles',
        },
      }),
    ),
    caFile: text('--ca-file <file>', "PEM certificates to trust besides Node's own roots (a private CA, a self-signed target)", {
      meaning: "PEM certificates to trust besides Node's own roots (a private CA, a self-signed target)",
      default: "Node's roots (and `NODE_EXTRA_CA_CERTS`)",
    }),
    insecure: on('--insecure', 'do not verify TLS certificates (said in the terminal and the report); prefer --ca-file', {
      meaning: 'do not verify TLS certificates; a warning line in the terminal and in every report. Prefer `--ca-file`',
      default: 'off',
    }),
    cert: text('--cert <file>', 'a client certificate (PEM) for targets that ask for one; with --key', {
      meaning: 'a client certificate (PEM) for targets that ask for one; with `--key`',
      default: 'none',
    }),
    key: text('--key <file>', 'the private key (PEM) of --cert', { meaning: 'the private key (PEM) of `--cert`', default: 'none' }),
    reportDir: text('--report-dir <dir>', `where the report files go (default: ${DEFAULT_REPORT_DIR}/)`, {
      meaning: 'where the report files go',
      default: '`conformance-report/`',
    }),
    fixtures: text('--fixtures <file>', 'JSON file of known entities per network (schemas/fixtures.schema.json)', {
      meaning: 'known entities per network (format below)',
      default: 'none (the embedded server supplies its own)',
    }),
    chainRpcUrl: text('--chain-rpc-url <url>', 'a chain node JSON-RPC URL (may contain {network}) to cross-check native balances', {
      meaning: 'chain node JSON-RPC (may contain `{network}`) to cross-check native balances',
      default: 'none: those checks skip',
    }),
    strict: on('--strict', 'SHOULD findings fail the run too', { meaning: 'SHOULD findings fail the run too', default: 'off' }),
    readOnly: on('--read-only', 'send no operation that writes (for production targets)', {
      meaning: 'send no operation that writes (for production)',
      default: 'off',
    }),
    allowDestructive: on('--allow-destructive', 'allow removing data the suite did not create', {
      meaning:
        "allow removing data the suite did not create (the fixtures' audience), and run the check that names the contacts of the fixtures' bystander audience (builder.bystanderAudience) in a removal from an audience the run created",
      default: 'off (on for the embedded server, unless `--read-only`)',
    }),
    checks: names('--checks <ids>', 'comma-separated check ids to run (default: all; `conformance checks` lists them)', {
      meaning: 'run and report only these checks (`conformance checks` lists them); operations none of them runs on are left out',
      default: 'all',
    }),
    skipChecks: names('--skip-checks <ids>', 'comma-separated check ids not to run', {
      meaning: 'leave these checks out',
      default: 'none',
    }),
    quiet: on('--quiet', 'print the verdict only', { meaning: 'print the verdict line only', default: 'off' }),
    verbose: on('--verbose', 'print every request as it is sent', {
      meaning: 'print every request as it is sent (method, URL, check, status, time)',
      default: 'off',
    }),
    requireComplete: on('--require-complete', 'a run with skipped MUST checks fails (exit 1) instead of passing incomplete', {
      meaning: 'a run with skipped MUST checks fails (exit 1) instead of passing incomplete',
      default: 'off',
    }),
    maxDuration: text(
      '--max-duration <duration>',
      'end the run by then with a report, the checks not run errored: 90s, 10m, 1h (default: 10m)',
      {
        meaning:
          'end the whole run by then (`90s`, `10m`, `1h`; a bare number is seconds) with a report in which the operations not run are errored',
        default: '`10m`',
      },
    ),
    expectations: text(
      '--expectations <file>',
      'JSON file of known failures (schemas/expectations.schema.json): listed failures do not fail the run, listed checks that pass do',
      { meaning: 'known failures: listed failures do not fail the run, listed checks that pass do', default: 'none' },
    ),
    shard: text(
      '--shard <i/n>',
      'run shard i of n of the work (operations × networks) and write a partial report for `conformance merge`',
      { meaning: 'run shard i of n of the work and write a partial report for `conformance merge`', default: 'the whole run' },
    ),
    engine: Type.Optional(
      Type.Union(
        ENGINES.map((e) => Type.Literal(e)),
        {
          flag: '--engine <name>',
          shown: {
            meaning:
              "`thread`: the spec files run in worker threads of this process (one per core, up to two), each heap bounded (the leanest: vitest and vite are never loaded); `inline`: the same in the main thread, no heap bound and no worker to boot (for a program that calls the library many times, such as the project's own tests; runs against different targets may go on at once, each with its own report folder); `vitest`: the same spec files run as vitest tests in up to two worker threads, the conformance reporter collecting them, through the project's own vitest (4.x; without it: exit 2). Same checks, same seed, same verdicts",
            default: '`thread`',
          },
          description:
            'thread: the checks run in worker threads of this process (one per core, up to two), heaps bounded (default); inline: in the main thread (no worker to boot: for programs that call the library many times); vitest: the spec files run as vitest tests',
        },
      ),
    ),
    github: on(
      '--github',
      'GitHub Actions output: summary to $GITHUB_STEP_SUMMARY, ::error annotations (default: on when GITHUB_ACTIONS=true)',
      { meaning: 'step summary and `::error` annotations for GitHub Actions', default: 'on when `GITHUB_ACTIONS=true`' },
    ),
    record: text(
      '--record <file>',
      'keep every exchange, redacted as reports are, in a cassette (schemas/cassette.schema.json) for `conformance replay`; the checks run inline',
      {
        meaning:
          'keep every exchange of the run, redacted as reports are, in a cassette (`schemas/cassette.schema.json`) that `conformance replay` re-judges offline; the checks then run in the main thread (`inline`)',
        default: 'none',
      },
    ),
  },
  { additionalProperties: false },
);

/** The options of a run as the library takes them (`certify(options)`): every one optional. */
export type RunOptions = Static<typeof RunOptionsSchema>;
export type RunOptionName = keyof RunOptions;

/**
 * What `parseRunOptions` reads: the typed values, or the command line's text for any of them (a flag, its
 * variable or the config file give text; the library gives numbers, arrays and booleans).
 */
export type RunOptionValues = { [K in RunOptionName]?: RunOptions[K] | string };

/** Each option's name, flag and words, in the order `--help` and the documentation show them. */
export function runOptionFlags(): readonly ({ readonly name: RunOptionName } & Flagged)[] {
  return Object.entries(RunOptionsSchema.properties).map(([name, schema]) => {
    const { flag, description, shown } = schema as unknown as Flagged;
    return { name: name as RunOptionName, flag, description, shown };
  });
}

/** An option's flag without its value: `--timeout-ms`. */
export const flagOf = (name: RunOptionName): string => (RunOptionsSchema.properties[name] as unknown as Flagged).flag.split(' ')[0]!;

/**
 * What an option changes, which decides where a command that runs checks again takes it from:
 * - `target`: where the requests go and the keys they carry;
 * - `scope`: which requests are generated (networks, operations, checks, seed, shard);
 * - `economy`: how many requests and how fast (profile, property runs, concurrency, rate cap, duration);
 * - `transport`: how each request travels (deadline, TLS);
 * - `inputs`: what the run knows of the target (fixtures, a chain node);
 * - `writes`: whether requests that write are sent;
 * - `verdict`: how the results are judged (strict, complete, expected failures): nothing sent changes;
 * - `output`: where and how the run is told (report folder, terminal, GitHub);
 * - `recording`: a cassette of the exchanges;
 * - `engine`: where the checks run.
 */
export type OptionGroup =
  'target' | 'scope' | 'economy' | 'transport' | 'inputs' | 'writes' | 'verdict' | 'output' | 'recording' | 'engine';

/** Each option's group: typed over every option, so an option added to the schema cannot go without one. */
const GROUP_OF: { readonly [K in RunOptionName]-?: OptionGroup } = {
  target: 'target',
  marketplaceUrl: 'target',
  apiUrl: 'target',
  metadataUrl: 'target',
  relayerUrl: 'target',
  indexerUrl: 'target',
  accessKey: 'target',
  limitedAccessKey: 'target',
  networks: 'scope',
  operations: 'scope',
  seed: 'scope',
  checks: 'scope',
  skipChecks: 'scope',
  shard: 'scope',
  profile: 'economy',
  runs: 'economy',
  concurrency: 'economy',
  maxRps: 'economy',
  maxDuration: 'economy',
  timeoutMs: 'transport',
  caFile: 'transport',
  insecure: 'transport',
  cert: 'transport',
  key: 'transport',
  fixtures: 'inputs',
  chainRpcUrl: 'inputs',
  readOnly: 'writes',
  allowDestructive: 'writes',
  strict: 'verdict',
  requireComplete: 'verdict',
  expectations: 'verdict',
  reportDir: 'output',
  quiet: 'output',
  verbose: 'output',
  github: 'output',
  record: 'recording',
  engine: 'engine',
};

export const groupOf = (name: RunOptionName): OptionGroup => GROUP_OF[name];

/**
 * Where a command that runs checks again takes each group from: its flags (`flag`, the recorded value as the
 * default where one was recorded) or the record alone (`recorded`: what the command repeats). A run option
 * added to a group reaches `rerun` and `replay` as a flag without being listed again; a group added must be
 * placed here (the type says so).
 */
export type OptionSource = 'flag' | 'recorded';

/**
 * `rerun` repeats the failures of a report: the requests generated are the report's (its scope and seed);
 * everything else may be given again, and what the report remembers is the default.
 */
export const RERUN_SOURCES: { readonly [G in OptionGroup]: OptionSource } = {
  target: 'flag',
  scope: 'recorded',
  economy: 'flag',
  transport: 'flag',
  inputs: 'flag',
  writes: 'flag',
  verdict: 'flag',
  output: 'flag',
  recording: 'flag',
  engine: 'flag',
};

/**
 * `replay` sends the recorded run's requests again to the cassette's answers: what is sent is the record's
 * alone (the same bytes, or the answers would not match); how the answers are judged and told may be given.
 */
export const REPLAY_SOURCES: { readonly [G in OptionGroup]: OptionSource } = {
  target: 'recorded',
  scope: 'recorded',
  economy: 'recorded',
  transport: 'recorded',
  inputs: 'recorded',
  writes: 'recorded',
  verdict: 'flag',
  output: 'flag',
  recording: 'recorded',
  engine: 'recorded',
};

/**
 * The options a report remembers (its `run` and `run.inputs`): a re-run's default for each is the report's.
 * Bases are remembered unless their path was secret; keys and a chain node's URL never are.
 */
export const REMEMBERED_BY_A_REPORT: readonly RunOptionName[] = [
  'target',
  'marketplaceUrl',
  'apiUrl',
  'metadataUrl',
  'relayerUrl',
  'indexerUrl',
  'profile',
  'runs',
  'timeoutMs',
  'maxRps',
  'caFile',
  'insecure',
  'cert',
  'key',
  'fixtures',
  'expectations',
  'strict',
  'readOnly',
  'allowDestructive',
  'requireComplete',
];

/** The run options a command takes as flags, in `--help`'s order. */
export function commandOptionFlags(sources: { readonly [G in OptionGroup]: OptionSource }): ReturnType<typeof runOptionFlags> {
  return runOptionFlags().filter(({ name }) => sources[GROUP_OF[name]] === 'flag');
}
