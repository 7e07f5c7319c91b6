/**
 * The inputs of a run that are not secret, recorded in its report so that `conformance rerun REPORT` can
 * repeat it without being told again: every input that changes what is sent — the files it read (with their
 * digests, so a changed file is noticed), whether a limited key was given (never the key), the request
 * deadline, the rate cap, the TLS choices (paths, never contents), whether destructive writes were allowed —
 * and which bases had a path too secret to store (the rerun names the flag to give again). The profile, the
 * property runs, the seed and the strictness are in the run's own fields.
 *
 * A base's path is secret when one of its segments looks like a credential (the redactor's rule): such a
 * path never reaches an output. Any other path (`https://host/staging`) is a route, kept as it is, so that
 * reports, curl lines and reruns name the real address.
 */
import { Type, type Static } from '@sinclair/typebox';
import { keyLike } from './redactor.js';

const FileInputSchema = Type.Object(
  {
    /** The path as given on the command line (relative to where the run was started, when it was). */
    file: Type.String(),
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    /** Read from a pipe (`--fixtures <(…)`): what came through it is not kept, so a rerun needs the flag again. */
    piped: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
);
export type FileInput = Static<typeof FileInputSchema>;

export const RunInputsSchema = Type.Object(
  {
    fixtures: Type.Optional(FileInputSchema),
    expectations: Type.Optional(FileInputSchema),
    /** A limited key was given (--limited-access-key); the key itself is never recorded. */
    limitedKey: Type.Boolean(),
    timeoutMs: Type.Integer({ minimum: 1 }),
    /** A chain node was given (--chain-rpc-url); its URL, which usually holds a key, is never recorded. */
    chainNode: Type.Optional(Type.Boolean()),
    /** Bases whose path was secret, hence not stored: a rerun needs them again. */
    secretBases: Type.Optional(Type.Array(Type.String())),
    /** The rate cap (--max-rps), requests per second to each origin. */
    maxRps: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
    /** The TLS choices, without a secret: the files' paths as given, never their contents. */
    tls: Type.Optional(
      Type.Object(
        {
          caFile: Type.Optional(Type.String()),
          insecure: Type.Optional(Type.Boolean()),
          cert: Type.Optional(Type.String()),
          key: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    /** --allow-destructive was given (an embedded run allows it by itself, whatever was given). */
    allowDestructive: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, description: "The run's inputs that are not secret, for `conformance rerun`." },
);
export type RunInputs = Static<typeof RunInputsSchema>;

/** Whether what lies beyond a URL's origin holds something that looks like a credential. */
export function hasSecretPath(url: string): boolean {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+([^#]*)$/i.exec(url.trim());
  if (!match) return true;
  return match[1]!
    .split(/[/?&=;]/)
    .flatMap((segment) => segment.split('{network}'))
    .some(keyLike);
}
