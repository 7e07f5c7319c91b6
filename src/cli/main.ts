/**
 * The command line: `conformance run` certifies a target, `conformance serve` starts the embedded reference
 * server, `conformance checks` lists the check catalogue, `conformance openapi` prints the contract. Exit codes:
 * 0 every MUST check passed; 1 a MUST check failed or errored (or, with --strict, a SHOULD check); 2 the tool
 * was given something it cannot use, and nothing ran. The commands of the regression gate and the nightly
 * (expectations, diff, rerun, merge, history) live in src/gate/.
 */
import { Command, CommanderError } from 'commander';
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_REPORT_DIR,
  DEFAULT_RUNS,
  DEFAULT_TIMEOUT_MS,
  parseRunOptions,
  type RawRunOptions,
} from './run-options.js';
import type { RawServeOptions } from './serve.js';
import { requireChainNode } from './chain-node-preflight.js';
import { option, withOptionSources } from './option-sources.js';
import type { Report } from '../report/model.js';
import type { RawRerunOptions } from '../gate/rerun.js';
import { TOOL } from './tool.js';
import { UsageError } from './usage-error.js';
import { ReportFolderError } from '../../reporters/report-folder.js';
import { redactOutput } from '../report/output-boundary.js';

/** Said in every --help: what the exit code of a command means. */
const EXIT_CODES = `
Exit codes:
  0    every MUST check passed (with --strict, every SHOULD check too), expected failures aside
  1    a MUST check failed or errored, an expected failure passed, the target could not be reached or
       refused the access key, --max-duration was hit, or (--require-complete) a MUST check was skipped
  2    a usage or configuration error (refused before anything is sent), or a report that could not be written
  130  stopped by SIGINT (143: SIGTERM); the report is written, marked interrupted`;

/** What the commands write to and read of their process; the exit code goes to `exitCode` when given. */
export interface ProgramIo {
  readonly log: (line: string) => void;
  readonly error: (line: string) => void;
  readonly stream?: NodeJS.WriteStream;
  readonly env?: NodeJS.ProcessEnv;
  readonly exitCode?: (code: number) => void;
}

export function buildProgram(io: ProgramIo): Command {
  const exit = (code: number): void => (io.exitCode ? io.exitCode(code) : void (process.exitCode = code));
  const program = new Command('conformance')
    .description('Contract-conformance suite for the Marketplace, Swap, Metadata, Relayer, Indexer and Builder RPC interface')
    .version(TOOL.version)
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.log(s.trimEnd()), writeErr: (s) => io.error(s.trimEnd()) })
    .showHelpAfterError()
    .addHelpText('after', EXIT_CODES);

  program
    .command('run')
    .description('certify a server (default: the embedded reference server) and write the report')
    .addOption(
      option(
        '--target <origin>',
        'origin of a server with the reference layout (marketplace/<network>, rpc/API, rpc/Metadata, relayer/<network>, indexer/<network>)',
      ),
    )
    .addOption(option('--marketplace-url <url>', 'Marketplace base; the network slug is appended'))
    .addOption(option('--api-url <url>', 'API and Builder base'))
    .addOption(option('--metadata-url <url>', 'Metadata base'))
    .addOption(option('--relayer-url <url>', 'Relayer base; may contain {network}'))
    .addOption(option('--indexer-url <url>', 'Indexer base; may contain {network}'))
    .addOption(
      option('--access-key <key>', 'X-Access-Key to send (prefer the CONFORMANCE_ACCESS_KEY variable: flags are visible to other users)'),
    )
    .addOption(
      option(
        '--limited-access-key <key>',
        "a second key without rights for the fixtures' limitedKey.deniedOperations (prefer CONFORMANCE_LIMITED_ACCESS_KEY)",
      ),
    )
    .addOption(option('--networks <slugs>', 'comma-separated network slugs (default: all 39)'))
    .addOption(option('--operations <ids>', 'comma-separated Service.Method ids (default: all 18)'))
    .addOption(option('--seed <n>', 'seed of the generated requests (default: random, printed and reported)'))
    .addOption(option('--runs <n>', `property runs per operation and network (default: ${DEFAULT_RUNS})`))
    .addOption(option('--timeout-ms <n>', `deadline of each request in milliseconds (default: ${DEFAULT_TIMEOUT_MS})`))
    .addOption(option('--concurrency <n>', `requests in flight at most, across the whole run (default: ${DEFAULT_CONCURRENCY})`))
    .addOption(
      option(
        '--max-rps <n>',
        'requests per second to each origin at most, from the start (default: unpaced until the target throttles with 429 or 503 + Retry-After)',
      ),
    )
    .addOption(option('--ca-file <file>', "PEM certificates to trust besides Node's own roots (a private CA, a self-signed target)"))
    .addOption(option('--insecure', 'do not verify TLS certificates (said in the terminal and the report); prefer --ca-file'))
    .addOption(option('--cert <file>', 'a client certificate (PEM) for targets that ask for one; with --key'))
    .addOption(option('--key <file>', 'the private key (PEM) of --cert'))
    .addOption(option('--report-dir <dir>', `where the report files go (default: ${DEFAULT_REPORT_DIR}/)`))
    .addOption(option('--fixtures <file>', 'JSON file of known entities per network (schemas/fixtures.schema.json)'))
    .addOption(option('--chain-rpc-url <url>', 'a chain node JSON-RPC URL (may contain {network}) to cross-check native balances'))
    .addOption(option('--strict', 'SHOULD findings fail the run too'))
    .addOption(option('--read-only', 'send no operation that writes (for production targets)'))
    .addOption(option('--allow-destructive', 'allow removing data the suite did not create'))
    .addOption(option('--checks <ids>', 'comma-separated check ids to run (default: all; `conformance checks` lists them)'))
    .addOption(option('--skip-checks <ids>', 'comma-separated check ids not to run'))
    .addOption(option('--quiet', 'print the verdict only'))
    .addOption(option('--verbose', 'print every request as it is sent'))
    .addOption(option('--require-complete', 'a run with skipped MUST checks fails (exit 1) instead of passing incomplete'))
    .addOption(
      option('--max-duration <duration>', 'end the run by then with a report, the checks not run errored: 90s, 10m, 1h (default: 10m)'),
    )
    .addOption(
      option(
        '--expectations <file>',
        'JSON file of known failures (schemas/expectations.schema.json): listed failures do not fail the run, listed checks that pass do',
      ),
    )
    .addOption(
      option('--shard <i/n>', 'run shard i of n of the work (operations × networks) and write a partial report for `conformance merge`'),
    )
    .addOption(
      option(
        '--engine <name>',
        'thread: the checks run in worker threads of this process (one per core, up to two), heaps bounded (default); inline: in the main thread (no worker to boot: for programs that call the library many times); vitest: the spec files run as vitest tests',
      ),
    )
    .addOption(
      option(
        '--github',
        'GitHub Actions output: summary to $GITHUB_STEP_SUMMARY, ::error annotations (default: on when GITHUB_ACTIONS=true)',
      ),
    )
    .addHelpText('after', EXIT_CODES)
    .action(async (raw: RawRunOptions) => {
      const options = parseRunOptions(raw);
      await requireChainNode(options.chainRpcUrl, options.networks, options.timeoutMs);
      // Loaded only once the flags are known good: a usage error answers at once, without loading vitest.
      const { runConformance } = await import('./run.js');
      const outcome = await runConformance(options, io);
      exit(outcome.exitCode);
      await gitHubReport(raw.github, outcome.report, io);
    });

  program
    .command('serve')
    .description('start the embedded reference server and print its origin and access key; Ctrl-C stops it')
    .addOption(option('--host <host>', 'interface to listen on (default: 127.0.0.1)'))
    .addOption(option('--port <n>', 'port (default: a free one)'))
    .addOption(option('--access-key <key>', 'the key the server accepts (default: a random one)'))
    .addOption(option('--seed <n>', 'seed of the generated data (default: 1)'))
    .addOption(
      option(
        '--chain-rpc-url <url>',
        'a chain node JSON-RPC URL (may contain {network}): GetNativeTokenBalance answers its eth_getBalance',
      ),
    )
    .addOption(option('--latency-ms <n>', 'hold every answer this long, like a server far away (default: 0)'))
    .addOption(
      option('--max-rps <n>', 'serve at most this many requests a second; answer the others 429 with Retry-After (default: no limit)'),
    )
    .addOption(option('--fault <names>', 'comma-separated named faults to start the server with, to see what a failure report looks like'))
    .addOption(option('--list-faults', 'list the named faults and exit'))
    .addOption(option('--fixtures-out <file>', "write the server's own fixtures there; the printed certify command uses them"))
    .addHelpText('after', EXIT_CODES)
    .action(async (raw: RawServeOptions) => {
      const { serve } = await import('./serve.js');
      await serve(raw, io);
    });

  program
    .command('checks')
    .description('list the check catalogue: id, level, area, operations, what it needs, the sentence it rests on')
    .addOption(option('--format <format>', 'text, json or md (default: text)'))
    .action(async (raw: { format?: string }) => {
      const { listChecks } = await import('./checks-command.js');
      listChecks(raw, io);
    });

  program
    .command('openapi')
    .description('print the contract as an OpenAPI 3.1 document (JSON) for Prism, client generators and other tools')
    .action(async () => io.log(JSON.stringify((await import('../docs/openapi.js')).openApiDocument(), null, 2)));

  registerGateCommands(program, io, exit);
  return withOptionSources(program, io.env);
}

async function gitHubReport(flag: boolean | undefined, report: Report, io: ProgramIo): Promise<void> {
  const github = await import('../gate/github.js');
  if (github.githubEnabled(flag, io.env)) github.publishReport(report, io, io.env);
}

/** The commands of the regression gate and the nightly; their logic lives in src/gate/. */
function registerGateCommands(program: Command, io: ProgramIo, exit: (code: number) => void): void {
  program
    .command('expectations')
    .description("write an expectations file (known failures) from a report's failures, sorted; fill in each reason")
    .argument('<report>', 'a report.json, or the directory holding it')
    .option('--out <file>', 'write the file here (default: stdout)')
    .action(async (report: string, raw: { out?: string }) => {
      const { expectationsCommand } = await import('../gate/expectations.js');
      exit(expectationsCommand(report, raw, io));
    });

  program
    .command('diff')
    .description('what changed between two runs: new failures, fixed, still failing, checks added or gone; exit 1 on a new failure')
    .argument('<base>', 'report.json (or its directory) of the earlier run')
    .argument('<head>', 'report.json (or its directory) of the later run')
    .option('--format <format>', 'markdown or json (default: markdown)')
    .addOption(
      option('--github', 'also write the diff to $GITHUB_STEP_SUMMARY and annotate new failures (default: on when GITHUB_ACTIONS=true)'),
    )
    .action(async (base: string, head: string, raw: { format?: string; github?: boolean }) => {
      const { diffCommand } = await import('../gate/diff.js');
      const result = diffCommand(base, head, raw);
      io.log(result.text.trimEnd());
      const github = await import('../gate/github.js');
      if (github.githubEnabled(raw.github, io.env))
        github.publishToGitHub(result.text, github.annotationsOfDiff(result.diff), { log: io.log }, io.env);
      exit(result.exitCode);
    });

  program
    .command('rerun')
    .description('run again what failed or errored in a report, with its seed, and say per failure FIXED / STILL FAILING / ERRORED')
    .argument('<report>', 'report.json (or its directory) of the run whose failures to re-run')
    .addOption(option('--target <origin>', "another target (default: the report's bases)"))
    .addOption(option('--marketplace-url <url>', 'Marketplace base'))
    .addOption(option('--api-url <url>', 'API and Builder base'))
    .addOption(option('--metadata-url <url>', 'Metadata base'))
    .addOption(option('--relayer-url <url>', 'Relayer base; may contain {network}'))
    .addOption(option('--indexer-url <url>', 'Indexer base; may contain {network}'))
    .addOption(option('--access-key <key>', 'X-Access-Key to send (prefer CONFORMANCE_ACCESS_KEY)'))
    .addOption(option('--fixtures <file>', 'JSON file of known entities per network'))
    .addOption(option('--timeout-ms <n>', `deadline of each request in milliseconds (default: ${DEFAULT_TIMEOUT_MS})`))
    .addOption(option('--chain-rpc-url <url>', 'a chain node JSON-RPC URL to cross-check native balances'))
    .addOption(option('--report-dir <dir>', "where the re-run's report goes (default: conformance-rerun/)"))
    .action(async (report: string, raw: RawRerunOptions) => {
      const { rerunCommand } = await import('../gate/rerun.js');
      exit((await rerunCommand(report, raw, io)).exitCode);
    });

  program
    .command('merge')
    .description('merge the partial reports of run --shard i/n into one report (all four files)')
    .argument('<dirs...>', 'shard report directories (or report.json files, or a directory of shard directories)')
    .addOption(option('--report-dir <dir>', `where the merged report goes (default: ${DEFAULT_REPORT_DIR}/)`))
    .addOption(option('--github', 'GitHub Actions output (default: on when GITHUB_ACTIONS=true)'))
    .action(async (dirs: string[], raw: { reportDir?: string; github?: boolean }) => {
      const { mergeCommand, mergedSummary } = await import('../gate/merge.js');
      const merged = mergeCommand(dirs, raw.reportDir ?? DEFAULT_REPORT_DIR);
      for (const line of mergedSummary(merged)) io.log(line);
      await gitHubReport(raw.github, merged.report, io);
      exit(merged.exitCode);
    });

  program
    .command('history')
    .description('one self-contained HTML page of a series of reports: the verdict and failures per network and night')
    .argument('<dirs...>', 'report directories or report.json files (or a directory of report directories)')
    .option('--out <file>', 'the HTML file to write (required)')
    .action(async (dirs: string[], raw: { out?: string }) => {
      const { historyCommand } = await import('../gate/history.js');
      exit(historyCommand(dirs, raw.out, io));
    });
}

/** What the command line reads and writes of its process: the real one by default, the tool's tests give their own. */
export interface CliHost {
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  /** The terminal a live display may draw on; without one, plain lines through `stdout`. */
  readonly stream?: NodeJS.WriteStream;
}

function processHost(): CliHost {
  // A reader that went away (| head) costs lines, not the report.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  return { env: process.env, stdout: (line) => console.log(line), stderr: (line) => console.error(line), stream: process.stdout };
}

/** Runs the command line and answers its exit code; it never sets the process's. */
export async function main(argv: readonly string[], host: CliHost = processHost()): Promise<number> {
  // Every line leaves through the output redactor.
  let exitCode = 0;
  const io: ProgramIo = {
    log: (line: string) => host.stdout(redactOutput(line)),
    error: (line: string) => host.stderr(redactOutput(line)),
    ...(host.stream ? { stream: host.stream } : {}),
    env: host.env,
    exitCode: (code) => (exitCode = code),
  };
  const program = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ReportFolderError) {
      io.error(`conformance: ${error.message}`);
      return 2;
    }
    if (error instanceof CommanderError) {
      // --help and --version end through here with exit code 0; every other parser complaint is a usage error.
      return error.exitCode === 0 ? 0 : 2;
    }
    io.error(`conformance: unexpected failure: ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
}
