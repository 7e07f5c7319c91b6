/**
 * The command line: `conformance run` certifies a target, `conformance serve` starts the embedded reference
 * server, `conformance checks` lists the check catalogue, `conformance openapi` prints the contract. Exit codes:
 * 0 every MUST check passed; 1 a MUST check failed or errored (or, with --strict, a SHOULD check); 2 the tool
 * was given something it cannot use, and nothing ran. The commands of the regression gate and the nightly
 * (expectations, diff, rerun, merge, history) live in src/gate/.
 */
import { Command, CommanderError } from 'commander';
import { DEFAULT_REPORT_DIR, parseRunOptions, type RawRunOptions } from '../runner/run-options.js';
import { commandOptionFlags, REMEMBERED_BY_A_REPORT, REPLAY_SOURCES, RERUN_SOURCES, runOptionFlags } from '../runner/run-option-schema.js';
import type { RawServeOptions } from './serve.js';
import { requireChainNode } from './chain-node-preflight.js';
import { option, withOptionSources } from './option-sources.js';
import type { Report } from '../report/model.js';
import type { RawRerunOptions } from '../gate/rerun.js';
import { TOOL } from '../runner/tool.js';
import { UsageError } from '../config/usage-error.js';
import { ReportFolderError } from '../../reporters/report-folder.js';
import { armOutputRedactor, outputRedactor, redactOutput } from '../report/output-boundary.js';
import { redactionInputsOfArguments } from '../report/redaction-inputs.js';
import { COMMENT_EXIT_CODES, exitCodesHelp, RUN_EXIT_CODES, SERVE_EXIT_CODES, WAIT_EXIT_CODES } from '../commands/exit-codes.js';
import { SERVE_FLAGS } from '../commands/serve-options.js';
import { untilEnded } from './command-ending.js';

/** Said when a key holds words of the report: those are never redacted (they would damage every report). */
const WEAK_KEY =
  'conformance: warning: the access key contains words of the report (a check id, an operation name, a network slug or a field name); those words are left as they are wherever they appear, so the key is weak: prefer a random key';

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
    .configureOutput({
      writeOut: (s) => io.log(s.trimEnd()),
      writeErr: (s) => io.error(s.trimEnd()),
      outputError: (s, write) => write(oneLineError(s)),
    })
    .addHelpText('after', exitCodesHelp(RUN_EXIT_CODES, "Exit codes of run (each command's --help says its own):"));

  const run = program.command('run').description('certify a server (default: the embedded reference server) and write the report');
  for (const { flag, description } of runOptionFlags()) run.addOption(option(flag, description));
  run.addHelpText('after', exitCodesHelp(RUN_EXIT_CODES)).action(async (raw: RawRunOptions) => {
    const options = parseRunOptions(raw);
    if (outputRedactor().weakKeyParts.length > 0) io.error(WEAK_KEY);
    await requireChainNode(options.chainRpcUrl, options.networks, options.timeoutMs);
    // Loaded only once the flags are known good: a usage error answers at once, without loading vitest.
    const { runConformance } = await import('../runner/run.js');
    const outcome = await runConformance(options, io);
    exit(outcome.exitCode);
    await gitHubReport(raw.github === true, outcome.report, io);
  });

  const serveCommand = program
    .command('serve')
    .description(
      'start the embedded reference server and its chain node, and print its origin, access keys and certify command; Ctrl-C stops it',
    );
  for (const { flag, description } of SERVE_FLAGS) serveCommand.addOption(option(flag, description));
  serveCommand.addHelpText('after', exitCodesHelp(SERVE_EXIT_CODES)).action(async (raw: RawServeOptions) => {
    const { serve } = await import('./serve.js');
    await untilEnded('the server', (ended) => serve(raw, io, ended));
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

/**
 * A parser complaint as one line: commander's "(Did you mean --strict?)" joined to it, and where the options
 * are listed, instead of a whole help page after it.
 */
export function oneLineError(message: string): string {
  const [first = '', ...rest] = message.trim().split('\n');
  const suggestion = /^\(Did you mean (.+)\?\)$/.exec(rest.join(' ').trim());
  return `${first}${suggestion ? ` — did you mean ${suggestion[1]}?` : ''} (--help lists the options)\n`;
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
      const { expectationsCommand } = await import('../runner/expectations.js');
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
      for (const warning of result.diff.warnings) io.error(`warning: ${warning}`);
      io.log(result.text.trimEnd());
      const github = await import('../gate/github.js');
      if (github.githubEnabled(raw.github, io.env))
        github.publishToGitHub(result.text, github.annotationsOfDiff(result.diff), { log: io.log }, io.env);
      exit(result.exitCode);
    });

  const rerun = program
    .command('rerun')
    .description(
      'run again what failed or errored in a report, with its seed, and say per failure FIXED / STILL FAILING / ERRORED; every option of run but its scope, each defaulting to what the report remembers',
    )
    .argument('<report>', 'report.json (or its directory) of the run whose failures to re-run');
  for (const { name, flag, description } of commandOptionFlags(RERUN_SOURCES))
    rerun.addOption(
      option(
        flag,
        name === 'reportDir'
          ? "where the re-run's report goes, never REPORT's own folder (default: conformance-rerun/)"
          : REMEMBERED_BY_A_REPORT.includes(name)
            ? `${description.replace(/ \(default: [^()]*\)$/, '')} (default: the report's)`
            : description,
      ),
    );
  rerun
    .addHelpText(
      'after',
      "\nThe report's networks, operations, checks and seed are repeated; every other option defaults to what the report remembers\n(bases, fixtures, expectations, profile, runs, timeout, rate cap, TLS choices, strict, read-only), else to run's default.",
    )
    .action(async (report: string, raw: RawRerunOptions) => {
      const { rerunCommand } = await import('../gate/rerun.js');
      const outcome = await rerunCommand(report, raw, io);
      exit(outcome.exitCode);
      if (outcome.report) await gitHubReport(raw.github === true, outcome.report, io);
    });

  program
    .command('wait')
    .description('wait until a server answers (any HTTP status), e.g. one a workflow just started; exit 1 when it does not in time')
    .argument('<url>', 'the address to try (http or https)')
    .addOption(option('--timeout <duration>', 'how long to wait at most: 90s, 2m; a bare number is seconds (default: 60s)'))
    .addHelpText('after', exitCodesHelp(WAIT_EXIT_CODES))
    .action(async (url: string, raw: { timeout?: string }) => {
      const { waitCommand } = await import('../gate/wait.js');
      exit(await untilEnded('the wait', (ended) => waitCommand(url, raw, io, Date.now, ended)));
    });

  program
    .command('comment')
    .description("print the pull request's comment of a report (verdict, new failures, incident, link); with --post create or update it")
    .argument('<report>', "report.json (or its directory) of the pull request's run")
    .addOption(option('--baseline <report>', "the latest nightly's report.json (or directory): list the failures new since it"))
    .addOption(option('--artifact-url <url>', "the link to the run's report artefact"))
    .addOption(option('--pr <n>', 'the pull request number (for --post)'))
    .addOption(
      option(
        '--post',
        'create the comment, or update the one this command posted before (GITHUB_API_URL, GITHUB_REPOSITORY, GITHUB_TOKEN)',
      ),
    )
    .addHelpText('after', exitCodesHelp(COMMENT_EXIT_CODES))
    .action(async (report: string, raw: import('../gate/pr-comment.js').RawCommentOptions) => {
      const { commentCommand } = await import('../gate/pr-comment.js');
      exit(await untilEnded('the comment', (ended) => commentCommand(report, raw, io, io.env ?? process.env, ended)));
    });

  const replay = program
    .command('replay')
    .description('re-judge a recorded run (run --record FILE) offline with this suite; say which verdicts changed')
    .argument('<cassette>', 'the file run --record wrote');
  for (const { name, flag, description } of commandOptionFlags(REPLAY_SOURCES))
    replay.addOption(
      option(
        flag,
        name === 'reportDir'
          ? "where the replay's report goes, never the cassette's folder (default: conformance-replay/)"
          : name === 'expectations'
            ? `${description} (default: the recorded run's)`
            : description,
      ),
    );
  replay
    .addHelpText(
      'after',
      "\nWhat is sent is the recorded run's alone (targets, scope, seed, run id, profile, runs, fixtures), so each request meets its recorded answer;\nhow the answers are judged (--strict, --require-complete: default the recorded run's) and told may be given.",
    )
    .action(async (cassette: string, raw: RawRunOptions) => {
      const { replayCommand } = await import('../replay/replay.js');
      const outcome = await replayCommand(cassette, raw, io);
      exit(outcome.exitCode);
      await gitHubReport(raw.github === true, outcome.report, io);
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

/** The longest line printed: a server's answer quoted whole (megabytes on one line) is cut, saying how much. */
export const MAX_PRINTED_LINE = 4000;

/** Each line of `text` cut to MAX_PRINTED_LINE characters (redacted before: a cut cannot free half a secret). */
export function capped(text: string): string {
  if (text.length <= MAX_PRINTED_LINE) return text;
  return text
    .split('\n')
    .map((line) =>
      line.length <= MAX_PRINTED_LINE ? line : `${line.slice(0, MAX_PRINTED_LINE)}… (${line.length - MAX_PRINTED_LINE} more characters)`,
    )
    .join('\n');
}

/** Runs the command line and answers its exit code; it never sets the process's. */
export async function main(argv: readonly string[], host: CliHost = processHost()): Promise<number> {
  // Every line leaves through the output redactor, armed before the options are read: a usage error may echo one.
  armOutputRedactor(redactionInputsOfArguments(argv, host.env));
  let exitCode = 0;
  const io: ProgramIo = {
    log: (line: string) => host.stdout(capped(redactOutput(line))),
    error: (line: string) => host.stderr(capped(redactOutput(line))),
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
