/**
 * What each command's exit code means, said once: `--help` prints these lines and docs/cli.md's generated
 * sections are made of them, so the two cannot disagree with each other (test/docs.test.ts) or with the code
 * (test/cli/usage.test.ts ends each command each way).
 */
export interface ExitCode {
  readonly code: string;
  readonly meaning: string;
}

/** What every command that may last says when it is stopped from outside (process-ending.ts). */
const INTERRUPTED = 'stopped by SIGINT (Ctrl-C); 143: SIGTERM; 129: SIGHUP, or the process that started it (such as npx) ended';

export const RUN_EXIT_CODES: readonly ExitCode[] = [
  { code: '0', meaning: 'every MUST check passed (with --strict, every SHOULD check too), expected failures aside' },
  {
    code: '1',
    meaning:
      'a MUST check failed or errored, an expected failure passed, the target could not be reached or refused the access key, --max-duration was hit, or (--require-complete) a MUST check was skipped',
  },
  {
    code: '2',
    meaning: 'a usage or configuration error (refused before anything is sent), or a report that could not be written',
  },
  { code: '130', meaning: `${INTERRUPTED}; the report is written, marked interrupted` },
];

export const SERVE_EXIT_CODES: readonly ExitCode[] = [
  {
    code: '0',
    meaning: '--list-faults listed them; or the server was stopped: SIGINT (Ctrl-C), SIGTERM, SIGHUP, or the process that started it ended',
  },
  {
    code: '2',
    meaning:
      'a usage error: a bad flag, an unknown fault, a port in use, a --chain-rpc-url whose node does not answer, a --tls-cert or --tls-key that cannot be read or used',
  },
];

export const WAIT_EXIT_CODES: readonly ExitCode[] = [
  { code: '0', meaning: 'the URL answered (any HTTP status)' },
  { code: '1', meaning: 'it did not answer before --timeout; the line names the last attempt' },
  { code: '2', meaning: 'a usage error: a URL that is not http or https, a bad --timeout' },
  { code: '130', meaning: INTERRUPTED },
];

export const COMMENT_EXIT_CODES: readonly ExitCode[] = [
  { code: '0', meaning: 'the comment was printed (and, with --post, posted; a post that failed is a warning)' },
  { code: '2', meaning: 'a usage error: an unreadable report, --post without --pr, GITHUB_REPOSITORY or GITHUB_TOKEN' },
  { code: '130', meaning: INTERRUPTED },
];

/** The lines `--help` ends with. */
export function exitCodesHelp(codes: readonly ExitCode[], title = 'Exit codes:'): string {
  return ['', title, ...codes.map(({ code, meaning }) => `  ${code.padEnd(4)} ${meaning}`)].join('\n');
}

/** The same as a Markdown table, for docs/cli.md. */
export function exitCodesTable(codes: readonly ExitCode[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  return ['| exit | meaning |', '|---|---|', ...codes.map(({ code, meaning }) => `| ${code} | ${cell(meaning)} |`)].join('\n');
}
