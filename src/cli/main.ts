/**
 * The command line: `conformance run` certifies a target, `conformance serve` starts the embedded reference
 * server, `conformance checks` lists the check catalogue. Exit codes: 0 every MUST check passed; 1 a MUST check failed or errored (or, with --strict, a
 * SHOULD check); 2 the tool was given something it cannot use, and nothing ran.
 */
import { Command, CommanderError } from 'commander';
import { DEFAULT_CONCURRENCY, DEFAULT_REPORT_DIR, DEFAULT_RUNS, DEFAULT_TIMEOUT_MS, parseRunOptions, type RawRunOptions } from './run-options.js';
import type { RawServeOptions } from './serve.js';
import { requireChainNode } from './chain-node-preflight.js';
import { option, withOptionSources } from './option-sources.js';
import { TOOL } from './tool.js';
import { UsageError } from './usage-error.js';
import { ReportFolderError } from '../../reporters/report-folder.js';
import { redactOutput } from '../report/output-boundary.js';

/** Said in every --help: what the exit code of a command means. */
const EXIT_CODES = `
Exit codes:
  0  every MUST check passed (with --strict, every SHOULD check too)
  1  a MUST check failed or errored, or the target could not be reached
  2  a usage or configuration error: nothing was run`;

export function buildProgram(io: { log: (line: string) => void; error: (line: string) => void; stream?: NodeJS.WriteStream }): Command {
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
    .addOption(option('--target <origin>', 'origin of a server with the reference layout (marketplace/<network>, rpc/API, rpc/Metadata, relayer/<network>, indexer/<network>)'))
    .addOption(option('--marketplace-url <url>', 'Marketplace base; the network slug is appended'))
    .addOption(option('--api-url <url>', 'API and Builder base'))
    .addOption(option('--metadata-url <url>', 'Metadata base'))
    .addOption(option('--relayer-url <url>', 'Relayer base; may contain {network}'))
    .addOption(option('--indexer-url <url>', 'Indexer base; may contain {network}'))
    .addOption(option('--access-key <key>', 'X-Access-Key to send (prefer the CONFORMANCE_ACCESS_KEY variable: flags are visible to other users)'))
    .addOption(option('--limited-access-key <key>', 'a second key without rights for the fixtures\' limitedKey.deniedOperations (prefer CONFORMANCE_LIMITED_ACCESS_KEY)'))
    .addOption(option('--networks <slugs>', 'comma-separated network slugs (default: all 39)'))
    .addOption(option('--operations <ids>', 'comma-separated Service.Method ids (default: all 18)'))
    .addOption(option('--seed <n>', 'seed of the generated requests (default: random, printed and reported)'))
    .addOption(option('--runs <n>', `property runs per operation and network (default: ${DEFAULT_RUNS})`))
    .addOption(option('--timeout-ms <n>', `deadline of each request in milliseconds (default: ${DEFAULT_TIMEOUT_MS})`))
    .addOption(option('--concurrency <n>', `requests in flight at most, across the whole run (default: ${DEFAULT_CONCURRENCY})`))
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
    .addHelpText('after', EXIT_CODES)
    .addOption(option('--require-complete', 'a run with skipped MUST checks fails (exit 1) instead of passing incomplete'))
    .addOption(option('--max-duration <duration>', 'end the run by then with a report, the checks not run errored: 90s, 10m, 1h (default: 10m)'))
    .action(async (raw: RawRunOptions) => {
      const options = parseRunOptions(raw);
      await requireChainNode(options.chainRpcUrl, options.networks, options.timeoutMs);
      // Loaded only once the flags are known good: a usage error answers at once, without loading vitest.
      const { runConformance } = await import('./run.js');
      const outcome = await runConformance(options, io);
      process.exitCode = outcome.exitCode;
    });

  program
    .command('serve')
    .description('start the embedded reference server and print its origin and access key; Ctrl-C stops it')
    .addOption(option('--host <host>', 'interface to listen on (default: 127.0.0.1)'))
    .addOption(option('--port <n>', 'port (default: a free one)'))
    .addOption(option('--access-key <key>', 'the key the server accepts (default: a random one)'))
    .addOption(option('--seed <n>', 'seed of the generated data (default: 1)'))
    .addOption(option('--chain-rpc-url <url>', 'a chain node JSON-RPC URL (may contain {network}): GetNativeTokenBalance answers its eth_getBalance'))
    .addOption(option('--latency-ms <n>', 'hold every answer this long, like a server far away (default: 0)'))
    .addOption(option('--fault <names>', 'comma-separated named faults to start the server with, to see what a failure report looks like'))
    .addOption(option('--list-faults', 'list the named faults and exit'))
    .addHelpText('after', EXIT_CODES)
    .addOption(option('--fixtures-out <file>', 'write the server\'s own fixtures there; the printed certify command uses them'))
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

  return withOptionSources(program);
}

export async function main(argv: readonly string[]): Promise<number> {
  // Every line leaves through the output redactor; a reader that went away (| head) costs lines, not the report.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  const io = { log: (line: string) => console.log(redactOutput(line)), error: (line: string) => console.error(redactOutput(line)), stream: process.stdout };
  const program = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
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
