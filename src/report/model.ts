/**
 * The one report model: the vitest reporter builds it, report.json is it (with passed checks slimmed, see
 * slim.ts), and every renderer (Markdown, HTML, JUnit) is a pure function of it. Results are keyed by
 * `<Service>.<Method>:<checkId>` within a network, so baselines and diffs of two runs can match them.
 */
import { CoverageSchema } from './coverage-schema.js';
import { RunInputsSchema } from './run-inputs.js';
import { Type, type Static } from '@sinclair/typebox';
import { SCHEMA_BASE } from '../contract/schema-kit.js';
import { PROFILES } from '../config/profiles.js';

const Level = Type.Union([Type.Literal('MUST'), Type.Literal('SHOULD')]);
export const CheckStatusSchema = Type.Union([
  Type.Literal('passed'),
  Type.Literal('failed'),
  Type.Literal('errored'),
  Type.Literal('skipped'),
]);
export type CheckStatus = Static<typeof CheckStatusSchema>;

const Headers = Type.Record(Type.String(), Type.String());

export const ExchangeSchema = Type.Object(
  {
    request: Type.Object({
      method: Type.String(),
      url: Type.String(),
      headers: Headers,
      /** The body as sent (text), personal data and the key redacted. */
      body: Type.Optional(Type.String()),
    }),
    response: Type.Optional(
      Type.Object({
        status: Type.Integer(),
        headers: Headers,
        /** The body as received, truncated for the report, personal data redacted. */
        body: Type.String(),
        truncated: Type.Boolean(),
      }),
    ),
    /** Why no response: timeout, connection refused, body too large, ... */
    transportError: Type.Optional(Type.String()),
    durationMs: Type.Number(),
  },
  { additionalProperties: false },
);
export type Exchange = Static<typeof ExchangeSchema>;

/**
 * Another exchange a finding rests on: an answer its judgement read besides the one it shows, such as a
 * listing whose price bounds the answer judged. Redacted like every exchange of the report.
 */
export const RestingExchangeSchema = Type.Object(
  {
    /** `<Service>.<Method>` the request went to. */
    operation: Type.String(),
    exchange: ExchangeSchema,
    /** The request as one line (curl, key redacted). */
    reproduction: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type RestingExchange = Static<typeof RestingExchangeSchema>;

/**
 * `expected-failure`: a listed failure; it does not count against the verdict. `unexpected-pass`: a listed
 * failure that passed; it fails the run, so that the fixed check's line gets removed.
 */
export const ExpectationMarkSchema = Type.Object(
  {
    outcome: Type.Union([Type.Literal('expected-failure'), Type.Literal('unexpected-pass')]),
    reason: Type.String(),
  },
  { additionalProperties: false },
);
export type ExpectationMark = Static<typeof ExpectationMarkSchema>;

export const CheckResultSchema = Type.Object(
  {
    /** `<Service>.<Method>:<checkId>` (or `<Service>:<checkId>` for a per-service wire check). */
    key: Type.String(),
    checkId: Type.String(),
    operation: Type.String(),
    network: Type.Union([Type.String(), Type.Null()]),
    level: Level,
    status: CheckStatusSchema,
    title: Type.String(),
    /** What broke, errored or why it was skipped: names operation, network, check, pointer, expected and actual. */
    message: Type.Optional(Type.String()),
    pointer: Type.Optional(Type.String()),
    expected: Type.Optional(Type.String()),
    actual: Type.Optional(Type.String()),
    /** One line that reproduces the request (curl, key redacted) and, for properties, the seed and path. */
    reproduction: Type.Optional(Type.String()),
    exchange: Type.Optional(ExchangeSchema),
    /**
     * A failed or errored check: the other exchanges its judgement read (the latest of each other operation, and
     * any the check named), each with its request and answer. The reproduction holds their lines too.
     */
    restsOn: Type.Optional(Type.Array(RestingExchangeSchema)),
    /** The transport incident (its `id` in the report's `incidents`) that left this check errored. */
    incident: Type.Optional(Type.String()),
    /** Set when an expectations file lists this check on this network (see src/runner/expectations.ts). */
    expectation: Type.Optional(ExpectationMarkSchema),
    requests: Type.Integer({ minimum: 0 }),
    durationMs: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type CheckResult = Static<typeof CheckResultSchema>;

/** A passed check as report.json stores it (no expectation mark); readers restore the rest (src/report/slim.ts). */
export const PassedCheckSchema = Type.Object(
  {
    checkId: Type.String(),
    status: Type.Literal('passed'),
    reproduction: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  },
  {
    additionalProperties: false,
    description:
      "A passed check. Its reproduction line is its operation's reproductions[0] when `reproduction` is absent, reproductions[N] when it is N, none when null.",
  },
);
export type PassedCheck = Static<typeof PassedCheckSchema>;

/**
 * A transport cause that kept checks from being judged (src/report/incidents.ts): one entry however many
 * checks it hit, each of them errored and naming it.
 */
export const IncidentSchema = Type.Object(
  {
    /** `<kind> <origin>`: what the affected checks name. */
    id: Type.String(),
    kind: Type.Union([
      Type.Literal('unreachable'),
      Type.Literal('tls'),
      Type.Literal('not-answering'),
      Type.Literal('throttled'),
      Type.Literal('closed-early'),
      Type.Literal('stray-answers'),
    ]),
    summary: Type.String(),
    /** The checks it left errored: `<network or global>/<key>`. */
    checks: Type.Array(Type.String()),
    /** One exchange that met it. */
    example: Type.Optional(ExchangeSchema),
  },
  { additionalProperties: false },
);
export type Incident = Static<typeof IncidentSchema>;

const Counts = Type.Object(
  {
    passed: Type.Integer({ minimum: 0 }),
    failed: Type.Integer({ minimum: 0 }),
    errored: Type.Integer({ minimum: 0 }),
    skipped: Type.Integer({ minimum: 0 }),
    /** Of `failed` + `errored`, how many are MUST checks: these decide the verdict. */
    mustFailed: Type.Integer({ minimum: 0 }),
    shouldFailed: Type.Integer({ minimum: 0 }),
    /** Failures an expectations file lists (not in mustFailed or shouldFailed); present when not zero. */
    expectedFailures: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Listed failures that passed: these fail the run; present when not zero. */
    unexpectedPasses: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type Counts = Static<typeof Counts>;

/** `passed`: no MUST check failed or errored; `failed` otherwise; `skipped` when nothing ran. */
const GroupStatus = Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('skipped')]);
export type GroupStatus = Static<typeof GroupStatus>;

export const OperationResultSchema = Type.Object(
  {
    operation: Type.String(),
    status: GroupStatus,
    counts: Counts,
    reproductions: Type.Optional(
      Type.Array(Type.String(), {
        description: 'report.json only: the distinct reproduction lines of the passed checks, each once, the most shared first.',
      }),
    ),
    /** Whole in memory; in report.json a passed check may be a PassedCheck. */
    checks: Type.Array(Type.Unsafe<CheckResult>(Type.Union([CheckResultSchema, PassedCheckSchema]))),
  },
  { additionalProperties: false },
);
export type OperationResult = Static<typeof OperationResultSchema>;

export const NetworkResultSchema = Type.Object(
  {
    slug: Type.String(),
    chainId: Type.Number(),
    status: GroupStatus,
    counts: Counts,
    operations: Type.Array(OperationResultSchema),
  },
  { additionalProperties: false },
);
export type NetworkResult = Static<typeof NetworkResultSchema>;

export const ReportSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    tool: Type.Object({ name: Type.String(), version: Type.String() }, { additionalProperties: false }),
    contractVersion: Type.String(),
    run: Type.Object(
      {
        startedAt: Type.String({ format: 'date-time' }),
        durationMs: Type.Number({ minimum: 0 }),
        seed: Type.Integer(),
        /**
         * Drawn per run: the names the run makes up (its audiences) carry it with the seed, so no two runs collide
         * and a replay of this run sends the same names. Absent in reports written before it was kept.
         */
        runId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{12}$' })),
        runs: Type.Integer({ minimum: 0 }),
        /** `quick`: the run left out what docs/profiles.md says; absent in reports written before profiles: `full`. */
        profile: Type.Optional(Type.Union(PROFILES.map((p) => Type.Literal(p)))),
        strict: Type.Boolean(),
        readOnly: Type.Boolean(),
        requests: Type.Integer({ minimum: 0 }),
        /** Base addresses as given, with any credentials removed; `embedded` when the tool certified its own server. */
        targets: Type.Object(
          {
            embedded: Type.Boolean(),
            marketplace: Type.String(),
            api: Type.String(),
            metadata: Type.String(),
            relayer: Type.String(),
            indexer: Type.String(),
          },
          { additionalProperties: false },
        ),
        networks: Type.Array(Type.String()),
        operations: Type.Array(Type.String()),
        /** A partial report of `run --shard index/count`; `conformance merge` makes the whole report of all shards. */
        shard: Type.Optional(
          Type.Object({ index: Type.Integer({ minimum: 1 }), count: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
        ),
        /** Set when the run could not complete normally (e.g. the target was unreachable, the runner failed). */
        incident: Type.Optional(Type.String()),
        /** The check ids chosen with --checks/--skip-checks; absent when every check was run. */
        checks: Type.Optional(Type.Array(Type.String())),
        /** --require-complete: a run with skipped MUST checks fails. */
        requireComplete: Type.Optional(Type.Boolean()),
        /** Set when the run was stopped before its end (a signal, --max-duration): why. Operations not run are errored. */
        interrupted: Type.Optional(Type.String()),
        /** What `conformance rerun` needs to repeat the run: files read, limited key given, secret bases. */
        inputs: Type.Optional(RunInputsSchema),
        /** --insecure: the target's TLS certificates were not verified (what was answered may not be the target's). */
        insecure: Type.Optional(Type.Literal(true)),
        /**
         * How the target held the run back, when it did: throttling answers (429, or 503 with Retry-After) waited
         * out and sent again, and the time requests waited for them and for the pace (--max-rps) in all.
         */
        throttling: Type.Optional(
          Type.Object({ throttled: Type.Integer({ minimum: 0 }), waitedMs: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
        ),
        /**
         * What the transport met that no errored check shows (src/transport/notes.ts), when it met any: throttling
         * answers judged as they came past the throttling budget and answers found suspect because unasked-for
         * bytes followed them (each by origin; each origin one incident), and the requests in flight cut back
         * as answers slowed (the run's limit, and the fewest it cut them to).
         */
        transport: Type.Optional(
          Type.Object(
            {
              throttledWithoutEnd: Type.Optional(Type.Record(Type.String(), Type.Integer({ minimum: 1 }))),
              strayAnswers: Type.Optional(Type.Record(Type.String(), Type.Integer({ minimum: 1 }))),
              slowedDown: Type.Optional(
                Type.Object({ from: Type.Integer({ minimum: 1 }), to: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
              ),
            },
            { additionalProperties: false },
          ),
        ),
        /**
         * The writes the run sent, when it sent any: CreateAudience and RemoveAudienceContacts requests, and the
         * audiences written to. A removal goes only to an audience the run created under a name of its own and
         * read back as its own, or one the fixtures give up for the run: never to a record it did not create.
         */
        writes: Type.Optional(
          Type.Object(
            {
              createAudience: Type.Integer({ minimum: 0 }),
              removeAudienceContacts: Type.Integer({ minimum: 0 }),
              audienceIds: Type.Array(Type.String()),
            },
            { additionalProperties: false },
          ),
        ),
      },
      { additionalProperties: false },
    ),
    /**
     * `pass` when no MUST check failed or errored (and, with --strict, no SHOULD check either), expected failures
     * aside, and no expected failure passed; `errored` when the run was interrupted.
     */
    verdict: Type.Union([Type.Literal('pass'), Type.Literal('fail'), Type.Literal('errored')]),
    /** Transport incidents, most checks first (src/report/incidents.ts); absent when there were none. */
    incidents: Type.Optional(Type.Array(IncidentSchema)),
    /** What the run tested of the contract's MUST checks: a pass with skipped ones is "PASS (incomplete)". */
    coverage: Type.Optional(CoverageSchema),
    counts: Counts,
    networks: Type.Array(NetworkResultSchema),
    /** What is not per network: Builder operations and per-service wire checks. */
    global: Type.Object(
      { status: GroupStatus, counts: Counts, operations: Type.Array(OperationResultSchema) },
      { additionalProperties: false },
    ),
  },
  { $id: `${SCHEMA_BASE}report.schema.json`, additionalProperties: false },
);
export type Report = Static<typeof ReportSchema>;
