/**
 * The run as the terminal shows it: notes before the run, the progress while it goes, the grouped findings
 * and the verdict after. Chooses a live TTY display or plain log lines, and colour, from where stdout goes.
 */
import type { Report } from '../../src/report/model.js';
import { inert, plainOutput, ttyOutput, type TerminalOutput } from './output.js';
import { progressView, type ProgressView } from './progress.js';
import { colourWanted, styleOf, type Style } from './style.js';
import { summaryLines } from './summary.js';

export interface Display {
  /** The verdict line only. */
  readonly quiet?: boolean;
  /** Every request, as it is sent. */
  readonly verbose?: boolean;
}

export interface RunTerminal {
  /** A line before or around the run (suppressed by --quiet). */
  note(text: string): void;
  /** Starts the progress display of a run on `networksTotal` networks; stop it before the summary. */
  progress(networksTotal: number): ProgressView;
  /** The findings and the verdict. */
  summary(report: Report, files: readonly string[]): void;
}

export function runTerminal(display: Display, log: (line: string) => void, stream?: NodeJS.WriteStream, env = process.env): RunTerminal {
  const tty = stream?.isTTY === true;
  const out: TerminalOutput = stream && tty ? ttyOutput(stream) : plainOutput(log);
  const style: Style = styleOf(colourWanted(tty, env));
  const quiet = display.quiet === true;
  const silent: ProgressView = { testFinished() {}, networkFinished() {}, stop() {} };
  return {
    note(text) {
      if (!quiet) out.line(inert(text));
    },
    progress: (networksTotal) => (quiet ? silent : progressView({ out, style, verbose: display.verbose === true, networksTotal })),
    summary(report, files) {
      for (const line of summaryLines(report, files, { style, quiet })) out.line(line);
    },
  };
}
