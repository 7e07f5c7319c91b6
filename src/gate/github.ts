/**
 * GitHub Actions: with GITHUB_ACTIONS=true (or --github) a command appends its Markdown to the job's step
 * summary ($GITHUB_STEP_SUMMARY) and prints `::error` workflow commands: one per check key that fails the
 * run, the most important first (the incident, MUST failures widest first, unexpected passes, then SHOULD
 * findings under --strict), at most 10 (what GitHub shows of a step); the summary then says how many more
 * there are. A summary that cannot be written is a `::warning`: it never changes the exit code. Texts are
 * escaped as the runner expects (`%`, CR, LF; in properties also `:` and `,`), so a server's message cannot
 * forge another command.
 */
import { exampleLine, incidentLine, listedIncidents } from '../report/incidents.js';
import { appendFileSync } from 'node:fs';
import type { Report } from '../report/model.js';
import type { RunDiff } from './diff.js';
import { renderMarkdown } from '../../reporters/render/markdown.js';
import { isUnexpectedPass, networksText, type CheckGroup } from '../../reporters/render/check-groups.js';
import { gateStory } from '../../reporters/story.js';
import { redactOutput } from '../report/output-boundary.js';

/** GitHub shows ten error annotations per step; more would be cut without a word. */
export const MAX_ANNOTATIONS = 10;

export function githubEnabled(flag: boolean | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  return flag === true || env['GITHUB_ACTIONS'] === 'true';
}

const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

export interface Annotation {
  readonly title: string;
  readonly message: string;
}

function groupAnnotation(report: Report, g: CheckGroup): Annotation {
  const first = g.results[0]!;
  const what = isUnexpectedPass(first) ? 'passed but is listed as an expected failure' : first.status === 'errored' ? 'errored' : 'failed';
  const message = first.message ?? first.title;
  return {
    title: `${g.level} ${g.key}`,
    message: `${what} on ${networksText(report, g.networks)}: ${message.split(/\r?\n/, 1)[0]}${first.reproduction ? `\nreproduce: ${first.reproduction}` : ''}`,
  };
}

/** One annotation per check key that fails the run, the most important first; the incident, when any, before them. */
export function annotationsOf(report: Report): Annotation[] {
  const story = gateStory(report);
  const incident = story.incident ? [{ title: story.interrupted ? 'run interrupted' : 'incident', message: story.incident }] : [];
  const must = story.failures.filter((g) => g.level === 'MUST');
  const should = story.failures.filter((g) => g.level === 'SHOULD');
  // Transport incidents next: they explain the errored checks that follow.
  const transport = listedIncidents(report).map((each) => ({
    title: `incident: ${each.id}`,
    message: [incidentLine(each), exampleLine(each)].filter(Boolean).join('\nexample: '),
  }));
  return [...incident, ...transport, ...[...must, ...story.unexpectedPasses, ...should].map((g) => groupAnnotation(report, g))];
}

/** The workflow command lines of the first MAX_ANNOTATIONS annotations. */
export function annotationLines(annotations: readonly Annotation[]): string[] {
  return annotations.slice(0, MAX_ANNOTATIONS).map((a) => `::error title=${escapeProperty(a.title)}::${escapeData(a.message)}`);
}

/** The summary's word on the annotations left out: "and N more". */
export function moreAnnotationsNote(annotations: readonly Annotation[]): string | undefined {
  const rest = annotations.length - MAX_ANNOTATIONS;
  if (rest <= 0) return undefined;
  return `> **${MAX_ANNOTATIONS} annotations shown, and ${rest} more** failing check${rest === 1 ? '' : 's'} below (GitHub shows ${MAX_ANNOTATIONS} per step).\n`;
}

/** Appends `markdown` to the step summary (when the runner gives one) and prints the annotations. */
export function publishToGitHub(
  markdown: string,
  annotations: readonly Annotation[],
  io: { log: (line: string) => void },
  env: NodeJS.ProcessEnv = process.env,
): void {
  for (const line of annotationLines(annotations)) io.log(line);
  const summary = env['GITHUB_STEP_SUMMARY'];
  if (!summary) return;
  const note = moreAnnotationsNote(annotations);
  // The summary is read by everyone who can see the job: it passes the output redactor, as every output does.
  const text = redactOutput(`${note ? `${note}\n` : ''}${markdown.endsWith('\n') ? markdown : `${markdown}\n`}`);
  try {
    appendFileSync(summary, text);
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    io.log(
      `::warning title=step summary::cannot write $GITHUB_STEP_SUMMARY (${escapeData(why)}): the summary is not published; the verdict stands`,
    );
  }
}

/** A whole report published: report.md as the summary, the annotations of what fails the run. */
export function publishReport(report: Report, io: { log: (line: string) => void }, env: NodeJS.ProcessEnv = process.env): void {
  publishToGitHub(renderMarkdown(report), annotationsOf(report), io, env);
}

/** A diff's annotations: one per check key newly failing against HEAD's verdict, the widest first. */
export function annotationsOfDiff(diff: RunDiff): Annotation[] {
  const byKey = new Map<string, { networks: string[]; message: string; level: string }>();
  for (const e of diff.newFailures) {
    if (!e.counts) continue;
    const entry = byKey.get(e.key) ?? { networks: [], message: e.message ?? '', level: e.level };
    entry.networks.push(e.network ?? 'global');
    byKey.set(e.key, entry);
  }
  return [...byKey.entries()]
    .sort(([, a], [, b]) => (a.level === b.level ? b.networks.length - a.networks.length : a.level === 'MUST' ? -1 : 1))
    .map(([key, v]) => ({
      title: `new failure: ${v.level} ${key}`,
      message: `fails on ${v.networks.join(', ')} since BASE: ${v.message.split(/\r?\n/, 1)[0]}`,
    }));
}
