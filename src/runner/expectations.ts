/**
 * Expectations: a file of known failures (`run --expectations FILE`), as web-platform-tests keeps them. A
 * failure it lists is reported as expected and does not count against the verdict; a listed check that
 * passes is an unexpected pass and fails the run, so the line of a fixed check gets removed. An entry naming
 * a check or network that does not exist is a usage error. `conformance expectations REPORT` writes such a
 * file from a report's failures, sorted so that it diffs well.
 */
import { writeFileSync } from 'node:fs';
import { Type, type Static } from '@sinclair/typebox';
import { isCheckId } from '../checks/catalogue.js';
import { SCHEMA_BASE } from '../contract/schema-kit.js';
import { NETWORK_SLUGS } from '../contract/networks.js';
import { findOperation, isPerNetwork } from '../contract/operations.js';
import { isServiceName } from '../contract/services.js';
import { publishable } from '../contract/schema-files.js';
import type { CheckResult, Report } from '../report/model.js';
import { SchemaValidators } from '../validation/validators.js';
import { UsageError } from '../config/usage-error.js';
import { wireIsPerNetwork } from '../harness/work.js';
import { checksOf, countsAgainst, readReportFile } from '../report/report-checks.js';
import { readBoundedText } from '../config/bounded-file.js';
import { namedList, shownLine, shownValue } from '../config/shown-values.js';
import { redactOutput } from '../report/output-boundary.js';

export const ALL_NETWORKS = '*';

export const ExpectationSchema = Type.Object(
  {
    /** `<Service>.<Method>:<checkId>`, or `<Service>:<checkId>` for a service-wide wire check. */
    check: Type.String({ pattern: '^[A-Za-z]+(\\.[A-Za-z]+)?:[a-z0-9]+(-[a-z0-9]+)*$' }),
    /** The network slugs it fails on, or "*" for every network (and for a check that is not per network). */
    networks: Type.Union([Type.Literal(ALL_NETWORKS), Type.Array(Type.String(), { minItems: 1, uniqueItems: true })]),
    /** Why it is known to fail (a ticket, a decision). */
    reason: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);
export type Expectation = Static<typeof ExpectationSchema>;

export const ExpectationsFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    expectations: Type.Array(ExpectationSchema),
  },
  { $id: `${SCHEMA_BASE}expectations.schema.json`, additionalProperties: false },
);
export type ExpectationsFile = Static<typeof ExpectationsFileSchema>;

let validator: SchemaValidators | undefined;

/** Whether the check's subject (an operation or a service) is checked per network. */
function subjectIsPerNetwork(subject: string): boolean | undefined {
  const op = findOperation(subject);
  if (op) return isPerNetwork(op);
  return isServiceName(subject) ? wireIsPerNetwork(subject) : undefined;
}

/** Reads and validates an expectations file; every problem is a UsageError naming the file and the entry. */
export function loadExpectations(path: string): Expectation[] {
  const flag = '--expectations';
  let data: unknown;
  try {
    data = JSON.parse(readBoundedText(path, flag));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code ? `${flag}: cannot read ${path}: ${code}` : `${flag}: ${path} is not JSON: ${(error as Error).message}`);
  }
  validator ??= new SchemaValidators([publishable(ExpectationsFileSchema)]);
  const issues = validator.must(ExpectationsFileSchema.$id!, data);
  if (issues.length > 0) {
    const first = issues[0]!;
    throw new UsageError(
      shownLine(
        `${flag}: ${path} does not match schemas/expectations.schema.json: ${shownLine(first.pointer || '/', 80)}: ${first.message}`,
        300,
      ),
    );
  }
  const entries = (data as ExpectationsFile).expectations;
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    const where = `${flag}: ${path} /expectations/${i}`;
    const [subject, checkId] = entry.check.split(':') as [string, string];
    const perNetwork = subjectIsPerNetwork(subject);
    if (perNetwork === undefined)
      throw new UsageError(`${where}: no operation or service ${shownValue(subject)} in ${shownValue(entry.check)}`);
    if (!isCheckId(checkId))
      throw new UsageError(`${where}: no check ${shownValue(checkId)} in the catalogue (${shownValue(entry.check)})`);
    if (entry.networks !== ALL_NETWORKS) {
      if (!perNetwork) throw new UsageError(`${where}: ${subject} is not checked per network: give "networks": "*"`);
      const unknown = entry.networks.filter((n) => !NETWORK_SLUGS.includes(n));
      if (unknown.length > 0)
        throw new UsageError(`${where}: ${namedList(unknown, ['unknown network slug', 'unknown network slugs'])} for ${entry.check}`);
    }
    for (const network of entry.networks === ALL_NETWORKS ? [ALL_NETWORKS] : entry.networks) {
      const place = `${entry.check}@${network}`;
      if (seen.has(place) || seen.has(`${entry.check}@${ALL_NETWORKS}`))
        throw new UsageError(`${where}: ${entry.check} on ${network} is listed twice`);
      seen.add(place);
    }
  });
  return entries;
}

/** The expectation listing this check on this network, if any. */
function expectationFor(expectations: readonly Expectation[], result: Pick<CheckResult, 'key' | 'network'>): Expectation | undefined {
  return expectations.find(
    (e) => e.check === result.key && (e.networks === ALL_NETWORKS || (result.network !== null && e.networks.includes(result.network))),
  );
}

/**
 * Marks the results an expectation lists: a failure (failed or errored) as expected, a pass as unexpected.
 * A skipped check proves nothing either way and stays as it is.
 */
export function applyExpectations(results: readonly CheckResult[], expectations: readonly Expectation[]): CheckResult[] {
  if (expectations.length === 0) return [...results];
  return results.map((r) => {
    const listed = expectationFor(expectations, r);
    if (!listed || r.status === 'skipped') return r;
    const outcome = r.status === 'passed' ? 'unexpected-pass' : 'expected-failure';
    const message =
      outcome === 'unexpected-pass'
        ? `${r.operation} on ${r.network ?? 'global'} [${r.checkId}]: listed as an expected failure (${listed.reason}) but passed: remove it from the expectations file`
        : r.message;
    return { ...r, ...(message === undefined ? {} : { message }), expectation: { outcome, reason: listed.reason } };
  });
}

/**
 * The expectations file of a report's failures that count against its verdict: one entry per check key,
 * its networks sorted (or "*" for a check that is not per network), entries sorted by key, reason "TODO".
 */
export function expectationsOf(report: Report): ExpectationsFile {
  const byKey = new Map<string, Set<string | null>>();
  for (const c of checksOf(report)) {
    if (!countsAgainst(c, report) && c.expectation?.outcome !== 'expected-failure') continue;
    const set = byKey.get(c.key) ?? new Set();
    set.add(c.network);
    byKey.set(c.key, set);
  }
  const reasons = new Map(
    checksOf(report)
      .filter((c) => c.expectation)
      .map((c) => [c.key, c.expectation!.reason]),
  );
  const expectations = [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([check, networks]): Expectation => ({
      check,
      networks: networks.has(null) ? ALL_NETWORKS : [...networks].filter((n): n is string => n !== null).sort(),
      reason: reasons.get(check) ?? 'TODO',
    }));
  return { $schema: ExpectationsFileSchema.$id!, expectations };
}

export function renderExpectations(file: ExpectationsFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** `conformance expectations REPORT [--out FILE]`. */
export function expectationsCommand(reportArg: string, options: { out?: string }, io: { log: (line: string) => void }): number {
  const report = readReportFile(reportArg);
  const file = expectationsOf(report);
  const text = renderExpectations(file);
  if (options.out) {
    // A file written is an output like any other: it passes the output redactor.
    writeFileSync(options.out, redactOutput(text));
    io.log(`wrote ${file.expectations.length} expectation(s) to ${options.out}; fill in each "reason"`);
  } else io.log(text.trimEnd());
  return 0;
}
