/**
 * A cassette: every exchange of a recorded run (`conformance run --record FILE`), with what is needed to run
 * the same checks again offline (`conformance replay FILE`): the run's non-secret inputs, its resolved
 * fixtures and expectations, and the verdict of each check, so the replay can say which verdicts changed.
 * Written through the output redactor as reports are: no key, no secret path, no personal data. The access
 * keys appear only as the class of key a request carried (`$CONFORMANCE_ACCESS_KEY`, as in curl lines).
 * Published as schemas/cassette.schema.json.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SCHEMA_BASE } from '../contract/schema-kit.js';
import { CheckStatusSchema, ReportSchema } from '../report/model.js';
import { ExpectationSchema } from '../runner/expectations.js';

/** What stands in a recorded request for the run's own keys. */
export const ACCESS_KEY_CLASS = '$CONFORMANCE_ACCESS_KEY';
export const LIMITED_KEY_CLASS = '$CONFORMANCE_LIMITED_ACCESS_KEY';

const Headers = Type.Record(Type.String(), Type.String());

export const RecordedExchangeSchema = Type.Object(
  {
    request: Type.Object(
      {
        method: Type.String(),
        url: Type.String(),
        /** Header names lower-cased; x-access-key holds a key class, or the literal wrong key a check sent. */
        headers: Headers,
        body: Type.Optional(Type.String()),
      },
      { additionalProperties: false },
    ),
    response: Type.Optional(
      Type.Object({ status: Type.Integer(), headers: Headers, body: Type.String() }, { additionalProperties: false }),
    ),
    /** Why no answer came: the transport's failure kind and message. */
    transportError: Type.Optional(Type.Object({ failure: Type.String(), message: Type.String() }, { additionalProperties: false })),
    /**
     * A call to the run's chain node: the network whose node it was (`*` for one node for every network). The
     * node's URL may hold a key and is redacted: this says which node the replay answers it for.
     */
    chainNode: Type.Optional(Type.String()),
    /**
     * The check that sent it (`Service.Method@network:check`): a replay answers each check's identical requests in
     * that check's own order, whatever order concurrent checks reach it in.
     */
    sender: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type RecordedExchange = Static<typeof RecordedExchangeSchema>;

export const CassetteSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    tool: ReportSchema.properties.tool,
    contractVersion: Type.String(),
    /** The recorded run's settings as its report states them (targets, seed, networks, inputs, ...). */
    run: ReportSchema.properties.run,
    /** The fixtures the run used, resolved (the embedded server's own included). */
    fixtures: Type.Unknown(),
    expectations: Type.Optional(Type.Array(ExpectationSchema)),
    /** `<key>@<network or global>` → the recorded verdict of that check. */
    verdicts: Type.Record(Type.String(), CheckStatusSchema),
    exchanges: Type.Array(RecordedExchangeSchema),
  },
  { $id: `${SCHEMA_BASE}cassette.schema.json`, additionalProperties: false },
);
export type Cassette = Static<typeof CassetteSchema>;
