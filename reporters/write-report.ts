/**
 * Writes the four report files from one report model. Each file's final text passes the process's one output
 * redactor, and the set is published at once (report-folder.ts): a reader never sees half of it.
 */
import { ReportSchema, type Report } from '../src/report/model.js';
import { redactOutput } from '../src/report/output-boundary.js';
import { slimReport } from '../src/report/slim.js';
import { renderHtml, renderJunit, renderMarkdown } from './render/index.js';
import { ReportFolder } from './report-folder.js';

export const REPORT_FILES = ['report.json', 'report.md', 'report.html', 'junit.xml'] as const;

/** Renders and publishes into `folder`, or into `dir` claimed for the moment when no folder is given. */
export function writeReport(report: Report, dir: string, folder?: ReportFolder): string[] {
  const stored = { $schema: ReportSchema.$id, ...slimReport(report) };
  const rendered: Record<(typeof REPORT_FILES)[number], string> = {
    'report.json': reportJson(stored),
    'report.md': renderMarkdown(report),
    'report.html': renderHtml(report),
    'junit.xml': renderJunit(report),
  };
  const files = Object.fromEntries(Object.entries(rendered).map(([name, text]) => [name, redactOutput(text)]));
  // Text nothing was redacted from is JSON.stringify's own output: only a redacted one needs reading back.
  if (files['report.json'] !== rendered['report.json']) files['report.json'] = validJson(files['report.json']!, stored);
  const target = folder ?? ReportFolder.claim(dir, REPORT_FILES);
  try {
    return target.publish(files);
  } finally {
    if (!folder) target.release();
  }
}

/**
 * Renders every file of `report` and drops them, one file a turn so that the thread goes on answering between
 * them. A run does this halfway, while its thread mostly waits for the checks: the code that renders and
 * redacts runs once per run, at its end, and run first it took about twice as long as run again (a full run's
 * report, ~230 ms against ~100 ms), time that the end of every run paid after its last answer.
 */
export async function rehearseReportWriting(report: Report): Promise<void> {
  const renderings = [
    () => reportJson({ $schema: ReportSchema.$id, ...slimReport(report) }),
    () => renderMarkdown(report),
    () => renderHtml(report),
    () => renderJunit(report),
  ];
  for (const render of renderings) {
    await new Promise((resolve) => setImmediate(resolve));
    redactOutput(render());
  }
}

/**
 * A secret with quotes or backslashes in it can be redacted from the middle of a JSON escape, which leaves
 * report.json unreadable: then every string of the model is redacted on its own instead.
 */
function validJson(redacted: string, stored: object): string {
  try {
    JSON.parse(redacted);
    return redacted;
  } catch {
    const strings = (value: unknown): unknown => {
      if (typeof value === 'string') return redactOutput(value);
      if (Array.isArray(value)) return value.map(strings);
      if (value === null || typeof value !== 'object') return value;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [redactOutput(k), strings(v)]));
    };
    return reportJson(strings(stored));
  }
}

/** Without indentation: a full run's report.json would be a third bigger for its whitespace alone. */
function reportJson(stored: unknown): string {
  return `${JSON.stringify(stored)}\n`;
}
