/**
 * GitHub Actions: with GITHUB_ACTIONS=true (or --github) a command appends its Markdown to the job's step
 * summary ($GITHUB_STEP_SUMMARY) and prints one `::error` workflow command per failing check key, naming its
 * networks: at most 50, then one line with the count of the rest. Texts are escaped as the runner expects
 * (`%`, CR, LF; in properties also `:` and `,`), so a server's message cannot forge another command.
 */
import { exampleLine, incidentLine, listedIncidents } from '../report/incidents.js';
import { appendFileSync } from 'node:fs';
import type { Report } from '../report/model.js';
import type { RunDiff } from './diff.js';
import { renderMarkdown } from '../../reporters/render/markdown.js';
import { groupByCheck, isCountedFailure, isUnexpectedPass, networksText } from '../../reporters/render/check-groups.js';

export const MAX_ANNOTATIONS = 50;

export function githubEnabled(flag: boolean | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  return flag === true || env['GITHUB_ACTIONS'] === 'true';
}

const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

export interface Annotation {
  readonly title: string;
  readonly message: string;
}

/** One annotation per check key that fails the run (counted failures and unexpected passes). */
export function annotationsOf(report: Report): Annotation[] {
  const counted = isCountedFailure(report);
  const incidents = listedIncidents(report).map((incident) => ({
    title: `incident: ${incident.id}`,
    message: [incidentLine(incident), exampleLine(incident)].filter(Boolean).join('\nexample: '),
  }));
  const checks = groupByCheck(report, (c) => counted(c) || isUnexpectedPass(c)).map((g) => {
    const first = g.results[0]!;
    const what = isUnexpectedPass(first)
      ? 'passed but is listed as an expected failure'
      : first.status === 'errored'
        ? 'errored'
        : 'failed';
    const message = first.message ?? first.title;
    return {
      title: `${g.level} ${g.key}`,
      message: `${what} on ${networksText(report, g.networks)}: ${message.split(/\r?\n/, 1)[0]}${first.reproduction ? `\nreproduce: ${first.reproduction}` : ''}`,
    };
  });
  // Incidents first: they explain the errored checks that follow.
  return [...incidents, ...checks];
}

/** The workflow command lines for these annotations, capped at MAX_ANNOTATIONS plus one line counting the rest. */
export function annotationLines(annotations: readonly Annotation[]): string[] {
  const lines = annotations.slice(0, MAX_ANNOTATIONS).map((a) => `::error title=${escapeProperty(a.title)}::${escapeData(a.message)}`);
  const rest = annotations.length - MAX_ANNOTATIONS;
  if (rest > 0)
    lines.push(`::error title=${escapeProperty('more failing checks')}::${rest} more failing check key(s) not annotated: see the report`);
  return lines;
}

/** Appends `markdown` to the step summary (when the runner gives one) and prints the annotations. */
export function publishToGitHub(
  markdown: string,
  annotations: readonly Annotation[],
  io: { log: (line: string) => void },
  env: NodeJS.ProcessEnv = process.env,
): void {
  const summary = env['GITHUB_STEP_SUMMARY'];
  if (summary) appendFileSync(summary, markdown.endsWith('\n') ? markdown : `${markdown}\n`);
  for (const line of annotationLines(annotations)) io.log(line);
}

/** A whole report published: report.md as the summary, one annotation per failing check key. */
export function publishReport(report: Report, io: { log: (line: string) => void }, env: NodeJS.ProcessEnv = process.env): void {
  publishToGitHub(renderMarkdown(report), annotationsOf(report), io, env);
}

/** A diff's annotations: one per check key newly failing against HEAD's verdict. */
export function annotationsOfDiff(diff: RunDiff): Annotation[] {
  const byKey = new Map<string, { networks: string[]; message: string; level: string }>();
  for (const e of diff.newFailures) {
    if (!e.counts) continue;
    const entry = byKey.get(e.key) ?? { networks: [], message: e.message ?? '', level: e.level };
    entry.networks.push(e.network ?? 'global');
    byKey.set(e.key, entry);
  }
  return [...byKey.entries()].map(([key, v]) => ({
    title: `new failure: ${v.level} ${key}`,
    message: `fails on ${v.networks.join(', ')} since BASE: ${v.message.split(/\r?\n/, 1)[0]}`,
  }));
}
