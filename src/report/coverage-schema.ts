import { Type, type Static } from '@sinclair/typebox';

export const CoverageSchema = Type.Object(
  {
    mustRan: Type.Integer({ minimum: 0 }),
    mustPassed: Type.Integer({ minimum: 0 }),
    mustSkipped: Type.Integer({ minimum: 0 }),
    /** The most common reasons MUST checks were skipped, most frequent first. */
    skippedBecause: Type.Array(
      Type.Object({ reason: Type.String(), count: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    ),
    /** No MUST check was skipped. */
    complete: Type.Boolean(),
    /** At least one check of an operation ran (passed, failed or errored); a service's wire checks alone do not count. */
    tested: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type Coverage = Static<typeof CoverageSchema>;
