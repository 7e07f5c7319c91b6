/**
 * `conformance comment REPORT`: the pull request's one comment, in Markdown, at most 65,536 characters (what
 * GitHub accepts): the verdict and why, the incident, the new failures (against the nightly's report when
 * `--baseline` gives one, else every failure that fails the run), the unexpected passes, a count of what is
 * known, then a link to the report's artefact. It starts with a marker, so that `--post` finds the comment it
 * wrote before and updates it instead of adding one on each push (GitHub's REST API: GITHUB_API_URL,
 * GITHUB_REPOSITORY and GITHUB_TOKEN, as a workflow job has them).
 */
import { incidentLine, listedIncidents } from '../report/incidents.js';
import type { CheckResult, Report } from '../report/model.js';
import { verdictWords } from '../report/coverage.js';
import { mdCode, mdText } from '../../reporters/render/escape.js';
import { networksText, type CheckGroup } from '../../reporters/render/check-groups.js';
import { UsageError } from '../config/usage-error.js';
import { armOutputRedactor } from '../report/output-boundary.js';
import { diffReports, type DiffEntry } from './diff.js';
import { readReportFile } from '../report/report-checks.js';
import { gateStory } from '../../reporters/story.js';
import { endingCause } from '../runner/process-ending.js';

export const COMMENT_MARKER = '<!-- rpc-conformance:pull-request-gate -->';
/** GitHub refuses a comment body longer than this. */
export const MAX_COMMENT_CHARS = 65_536;
/** Room kept for the closing lines (the artefact link), whatever the tables took. */
const CLOSING_ROOM = 2_000;
const MAX_ROWS = 50;

export interface CommentOptions {
  readonly baseline?: { readonly file: string; readonly report: Report };
  readonly artifactUrl?: string;
}

interface Row {
  readonly key: string;
  readonly level: string;
  readonly networks: string;
  readonly message: string;
}

const oneLine = (text: string | undefined, max = 200): string => {
  const line = (text ?? '').split(/\r?\n/, 1)[0]!;
  return line.length > max ? `${line.slice(0, max)}…` : line;
};

function rowsOfGroups(report: Report, groups: readonly CheckGroup[]): Row[] {
  return groups.map((g) => ({
    key: g.key,
    level: g.level,
    networks: networksText(report, g.networks),
    message: oneLine((g.results[0] as CheckResult).message ?? g.results[0]!.title),
  }));
}

function rowsOfDiff(entries: readonly DiffEntry[]): Row[] {
  const byKey = new Map<string, { level: string; networks: string[]; message: string }>();
  for (const e of entries) {
    if (!e.counts) continue;
    const row = byKey.get(e.key) ?? { level: e.level, networks: [], message: oneLine(e.message) };
    row.networks.push(e.network ?? 'global');
    byKey.set(e.key, row);
  }
  return [...byKey.entries()]
    .sort(([, a], [, b]) => b.networks.length - a.networks.length)
    .map(([key, r]) => ({ key, level: r.level, networks: r.networks.join(', '), message: r.message }));
}

function comparable(baseline: { file: string; report: Report }, report: Report) {
  return baseline.report.contractVersion === report.contractVersion ? diffReports(baseline, { file: 'this run', report }) : undefined;
}

export function renderComment(report: Report, options: CommentOptions = {}): string {
  const story = gateStory(report);
  const out: string[] = [];
  let used = 0;
  const room = MAX_COMMENT_CHARS - CLOSING_ROOM;
  const add = (...lines: string[]): boolean => {
    const size = lines.reduce((n, l) => n + l.length + 1, 0);
    if (used + size > room) return false;
    out.push(...lines);
    used += size;
    return true;
  };
  const mark = report.verdict === 'pass' ? '✔' : '✘';
  const why = story.reasons.length > 0 ? ` — fails: ${story.reasons.join(', ')}` : '';
  const c = report.counts;
  add(
    COMMENT_MARKER,
    `## ${mark} Conformance: ${verdictWords(report)}${mdText(why)}`,
    '',
    `${c.passed} passed · ${c.mustFailed} MUST failed/errored · ${c.shouldFailed} SHOULD findings · ${c.expectedFailures ?? 0} expected failures · ${c.skipped} skipped · seed ${report.run.seed}`,
    '',
  );
  // Transport incidents (a base that stopped answering, a TLS refusal): the checks they stopped are counted
  // under them, not listed as failures.
  const transport = listedIncidents(report);
  if (story.incident || transport.length > 0)
    add(
      '### Incident',
      '',
      ...(story.incident ? [...story.incident.split('\n').map((l) => `> ${mdText(oneLine(l, 500))}`), ''] : []),
      ...transport.map((each) => `- ✘ ${mdText(oneLine(incidentLine(each), 500))}`),
      ...(transport.length > 0 ? [''] : []),
    );

  const table = (title: string, rows: readonly Row[]): void => {
    if (rows.length === 0) return;
    if (!add(`### ${title} (${rows.length})`, '', '| Check | Level | Networks | Message |', '|---|---|---|---|')) return;
    let shown = 0;
    for (const r of rows.slice(0, MAX_ROWS)) {
      if (!add(`| ${mdCode(r.key, true)} | ${r.level} | ${mdText(oneLine(r.networks, 300))} | ${mdText(r.message)} |`)) break;
      shown += 1;
    }
    if (shown < rows.length) add('', `… and ${rows.length - shown} more in the report.`);
    add('');
  };

  const diff = options.baseline ? comparable(options.baseline, report) : undefined;
  if (options.baseline && !diff) {
    add(
      `The latest nightly report is of contract version ${mdText(options.baseline.report.contractVersion)}, this run of ${mdText(report.contractVersion)}: not compared.`,
      '',
    );
  } else if (options.baseline && diff) {
    add(`Compared with the latest nightly report (started ${mdText(diff.base.startedAt)}, ${verdictWords(options.baseline.report)}).`, '');
    for (const warning of diff.warnings) add(`> ⚠ ${mdText(warning)}`, '');
    table('New failures since the nightly', rowsOfDiff(diff.newFailures));
    const fixed = new Set(diff.fixed.map((e) => e.key)).size;
    if (fixed > 0) add(`${fixed} check${fixed === 1 ? '' : 's'} failing in the nightly now pass.`, '');
  } else {
    add('No nightly report to compare with: every failure that fails the run is listed.', '');
  }
  table(story.withExpectations ? 'Failures not in the expectations file' : 'Failures', rowsOfGroups(report, story.failures));
  table('Unexpected passes (listed as expected failures: remove their lines)', rowsOfGroups(report, story.unexpectedPasses));
  const known = [
    story.expectedFailures.length > 0 ? `${story.expectedFailures.length} expected failures` : '',
    story.findings.length > 0 ? `${story.findings.length} SHOULD findings that do not fail the run` : '',
  ].filter(Boolean);
  if (known.length > 0) add(`Known and not failing the run: ${known.join(', ')}.`, '');

  const closing = options.artifactUrl
    ? `📄 [The full report (report.html, report.md, report.json, junit.xml)](${encodeURI(options.artifactUrl)})`
    : '📄 The full report is in this run’s `conformance-report` artefact.';
  return `${[...out, closing].join('\n').slice(0, MAX_COMMENT_CHARS - 1)}\n`;
}

export interface GitHubTarget {
  readonly api: string;
  readonly repository: string;
  readonly pullRequest: number;
  readonly token: string;
}

/** Where to post, from the job's environment and --pr; a usage error names what is missing. */
export function gitHubTarget(pr: string | undefined, env: NodeJS.ProcessEnv): GitHubTarget {
  const missing = [
    pr === undefined ? '--pr N' : '',
    env['GITHUB_REPOSITORY'] ? '' : 'GITHUB_REPOSITORY',
    env['GITHUB_TOKEN'] ? '' : 'GITHUB_TOKEN',
  ].filter(Boolean);
  if (missing.length > 0) throw new UsageError(`comment --post needs ${missing.join(', ')}`);
  if (!/^\d+$/.test(pr!)) throw new UsageError(`--pr: expected a pull request number, got ${JSON.stringify(pr)}`);
  if (!/^[\w.-]+\/[\w.-]+$/.test(env['GITHUB_REPOSITORY']!))
    throw new UsageError(`GITHUB_REPOSITORY: expected owner/name, got ${JSON.stringify(env['GITHUB_REPOSITORY'])}`);
  return {
    api: (env['GITHUB_API_URL'] || 'https://api.github.com').replace(/\/+$/, ''),
    repository: env['GITHUB_REPOSITORY']!,
    pullRequest: Number(pr),
    token: env['GITHUB_TOKEN']!,
  };
}

/** Pages of comments read at most while looking for ours (100 each). */
const MAX_PAGES = 20;

/** Creates the comment, or updates the one holding the marker; answers what it did. */
export async function upsertComment(
  target: GitHubTarget,
  body: string,
  ended: AbortSignal = new AbortController().signal,
): Promise<'created' | 'updated'> {
  const headers = {
    accept: 'application/vnd.github+json',
    authorization: `Bearer ${target.token}`,
    'content-type': 'application/json',
    'x-github-api-version': '2022-11-28',
    'user-agent': 'rpc-conformance',
  };
  const call = async (method: string, path: string, payload?: unknown): Promise<unknown> => {
    const answer = await fetch(`${target.api}${path}`, {
      method,
      headers,
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      signal: AbortSignal.any([AbortSignal.timeout(30_000), ended]),
    });
    if (!answer.ok) throw new Error(`${method} ${path}: HTTP ${answer.status}`);
    return answer.json();
  };
  const issue = `/repos/${target.repository}/issues`;
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const comments = (await call('GET', `${issue}/${target.pullRequest}/comments?per_page=100&page=${page}`)) as {
      id: number;
      body?: string;
    }[];
    const ours = comments.find((c) => c.body?.startsWith(COMMENT_MARKER));
    if (ours) {
      await call('PATCH', `${issue}/comments/${ours.id}`, { body });
      return 'updated';
    }
    if (comments.length < 100) break;
  }
  await call('POST', `${issue}/${target.pullRequest}/comments`, { body });
  return 'created';
}

export interface RawCommentOptions {
  baseline?: string;
  artifactUrl?: string;
  pr?: string;
  post?: boolean;
}

/**
 * Prints the comment; with --post also creates or updates it on the pull request. A comment that cannot be
 * posted is a warning: the gate's verdict is the run's, not the comment's.
 */
export async function commentCommand(
  reportArg: string,
  raw: RawCommentOptions,
  io: { log: (line: string) => void },
  env: NodeJS.ProcessEnv,
  ended?: AbortSignal,
): Promise<number> {
  const report = readReportFile(reportArg);
  const baseline = raw.baseline === undefined ? undefined : { file: raw.baseline, report: readReportFile(raw.baseline, 'baseline report') };
  const target = raw.post ? gitHubTarget(raw.pr, env) : undefined;
  if (target) armOutputRedactor({ keys: [target.token], urls: [] });
  const body = renderComment(report, { ...(baseline ? { baseline } : {}), ...(raw.artifactUrl ? { artifactUrl: raw.artifactUrl } : {}) });
  io.log(body.trimEnd());
  if (!target) return 0;
  try {
    const done = await upsertComment(target, body, ended);
    io.log(`comment ${done} on pull request #${target.pullRequest}`);
  } catch (error) {
    // Stopped from outside (command-ending.ts): the comment may or may not have been posted; the step says why it ended.
    const stopped = endingCause(ended);
    if (stopped) {
      io.log(`✘ ${stopped.reason} while posting the comment`);
      return stopped.exitCode;
    }
    io.log(`::warning title=pull request comment::not posted: ${oneLine((error as Error).message)}`);
  }
  return 0;
}
