/**
 * Builds the report model from check results: groups them per network and operation, counts, and decides
 * the verdict. Pure, so the reporter, a merge of shards or a test can all call it.
 */
import { findNetwork } from '../contract/networks.js';
import { isBroken } from './broken-checks.js';
import { coverageOf } from './coverage.js';
import { transportIncidents, UNREACHABLE, unreachableIncident, withIncidents } from './incidents.js';
import type { CheckResult, Counts, GroupStatus, NetworkResult, OperationResult, Report } from './model.js';

export type RunMetadata = Omit<Report['run'], 'requests'> & { readonly requests?: number };

export interface BuildInput {
  readonly tool: Report['tool'];
  readonly contractVersion: string;
  readonly run: RunMetadata;
  readonly results: readonly CheckResult[];
}

export function emptyCounts(): Counts {
  return { passed: 0, failed: 0, errored: 0, skipped: 0, mustFailed: 0, shouldFailed: 0 };
}

export function countResults(results: readonly CheckResult[]): Counts {
  const counts = emptyCounts();
  for (const r of results) {
    counts[r.status] += 1;
    if (r.expectation?.outcome === 'unexpected-pass') counts.unexpectedPasses = (counts.unexpectedPasses ?? 0) + 1;
    else if (isBroken(r)) {
      if (r.expectation) counts.expectedFailures = (counts.expectedFailures ?? 0) + 1;
      else if (r.level === 'MUST') counts.mustFailed += 1;
      else counts.shouldFailed += 1;
    }
  }
  return counts;
}

function statusOf(counts: Counts): GroupStatus {
  if (counts.mustFailed > 0 || (counts.unexpectedPasses ?? 0) > 0) return 'failed';
  if (counts.passed + counts.failed + counts.errored === 0) return 'skipped';
  return 'passed';
}

function groupByOperation(results: readonly CheckResult[], order: readonly string[]): OperationResult[] {
  const byOp = new Map<string, CheckResult[]>();
  for (const r of results) {
    const list = byOp.get(r.operation) ?? [];
    list.push(r);
    byOp.set(r.operation, list);
  }
  const places = new Map<string, number>();
  order.forEach((op, i) => places.has(op) || places.set(op, i));
  const rank = (op: string): number => places.get(op) ?? order.length;
  return [...byOp.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([operation, checks]) => {
      const counts = countResults(checks);
      return { operation, status: statusOf(counts), counts, checks };
    });
}

export function buildReport(given: BuildInput): Report {
  const { results, incidents } = withIncidents(given.results);
  if (given.run.incident?.startsWith(UNREACHABLE)) incidents.unshift(unreachableIncident(given.run.incident));
  // An origin whose errored checks already make it an incident of the same kind keeps that one.
  for (const noted of transportIncidents(given.run.transport)) if (!incidents.some((i) => i.id === noted.id)) incidents.push(noted);
  const input = { ...given, results };
  const perNetwork = new Map<string, CheckResult[]>();
  const global: CheckResult[] = [];
  for (const r of input.results) {
    if (r.network === null) global.push(r);
    else {
      const list = perNetwork.get(r.network) ?? [];
      list.push(r);
      perNetwork.set(r.network, list);
    }
  }
  const slugs = [...input.run.networks, ...[...perNetwork.keys()].filter((s) => !input.run.networks.includes(s))];
  const networks: NetworkResult[] = slugs.map((slug) => {
    const results = perNetwork.get(slug) ?? [];
    const counts = countResults(results);
    return {
      slug,
      chainId: findNetwork(slug)?.chainId ?? 0,
      status: statusOf(counts),
      counts,
      operations: groupByOperation(results, input.run.operations),
    };
  });
  const globalCounts = countResults(global);
  const counts = countResults(input.results);
  const requests = input.run.requests ?? input.results.reduce((sum, r) => sum + r.requests, 0);
  const coverage = coverageOf(input.results);
  const failing =
    counts.mustFailed > 0 ||
    (counts.unexpectedPasses ?? 0) > 0 ||
    (input.run.strict && counts.shouldFailed > 0) ||
    input.run.incident !== undefined ||
    !coverage.tested ||
    (input.run.requireComplete === true && !coverage.complete);
  return {
    tool: input.tool,
    contractVersion: input.contractVersion,
    run: { ...input.run, requests },
    verdict: input.run.interrupted !== undefined ? 'errored' : failing ? 'fail' : 'pass',
    ...(incidents.length > 0 ? { incidents } : {}),
    coverage,
    counts,
    networks,
    global: { status: statusOf(globalCounts), counts: globalCounts, operations: groupByOperation(global, input.run.operations) },
  };
}
