/**
 * The resolved configuration of one run: what the CLI hands to the spec files (through vitest's `provide`).
 * Plain JSON so it crosses into worker threads.
 */
import { BASES, baseOnOrigin, type BaseName } from '../contract/services.js';
import type { Fixtures } from './fixtures.js';
import type { Profile } from '../config/profiles.js';

/** The base addresses of src/contract/services.ts; one that is per network by host may contain `{network}`. */
export type Targets = { readonly [B in BaseName]: string };

export interface RunConfig {
  readonly targets: Targets;
  /** True when the tool started its own reference server for this run. */
  readonly embedded: boolean;
  /** Sent as X-Access-Key; never written to a report or a log. */
  readonly accessKey: string;
  /** A second key with fewer rights (fixtures `limitedKey`); redacted like `accessKey`. */
  readonly limitedAccessKey?: string;
  readonly networks: readonly string[];
  readonly operations: readonly string[];
  readonly seed: number;
  /** Drawn per run (a replay takes the recorded run's): with the seed, it makes the names the run makes up. */
  readonly runId: string;
  /**
   * The time the run's ETHAuth claims are issued at, in milliseconds; absent: the start of the current UTC hour
   * (wallet-proofs.ts). A replay gives the recorded run's, so its proofs are the same bytes.
   */
  readonly claimsAt?: number;
  /** `conformance replay`: each request tells the replay server which check sent it (request-sender.ts). */
  readonly replaying?: boolean;
  readonly runs: number;
  /** `quick` leaves out what src/harness/profile.ts says; absent: `full`. */
  readonly profile?: Profile;
  readonly timeoutMs: number;
  /** Requests in flight at most, across the whole run. */
  readonly concurrency: number;
  /**
   * How the run's TLS connections are made: the PEM text of each file, read once by the command line (a pipe,
   * `--ca-file <(…)`, cannot be read again by each thread). Secret material (the key): it is never written
   * anywhere; the report remembers the files' paths only (run-inputs.ts).
   */
  readonly tls?: {
    /** PEM certificates trusted besides Node's roots (--ca-file). */
    readonly ca?: string;
    /** Certificates are not verified (--insecure): said in the terminal and the report. */
    readonly insecure?: boolean;
    /** A client certificate and its private key, PEM (--cert, --key). */
    readonly cert?: string;
    readonly key?: string;
  };
  /** Requests per second to each origin at most, across the whole run (`--max-rps`); unpaced when absent. */
  readonly maxRps?: number;
  readonly strict: boolean;
  readonly readOnly: boolean;
  readonly allowDestructive: boolean;
  /** A run with skipped MUST checks fails (exit 1) instead of passing incomplete. */
  readonly requireComplete: boolean;
  readonly fixtures: Fixtures;
  readonly chainRpcUrl?: string;
  /** The URLs the user typed (bases, target) whose path looks secret: what lies beyond their origin is kept out of every output. */
  readonly givenUrls?: readonly string[];
  readonly reportDir: string;
  /** The check ids chosen with --checks/--skip-checks; absent: every check. */
  readonly checks?: readonly string[];
  /** How the run is shown: the verdict line only, or every request as it is sent. */
  readonly quiet?: boolean;
  readonly verbose?: boolean;
  /** The whole run ends by this many milliseconds after it started. */
  readonly maxDurationMs?: number;
  /** Only these units of work run (`run --shard`, `rerun`); all when absent. Ids from src/harness/work.ts. */
  readonly selection?: readonly string[];
  /** This run is shard `index` of `count` (recorded in the report so that `merge` can check the set). */
  readonly shard?: { readonly index: number; readonly count: number };
}

/** The single-origin layout of the reference server (and what `--target ORIGIN` means). */
export function targetsFromOrigin(origin: string): Targets {
  const root = origin.replace(/\/+$/, '');
  const bases = Object.keys(BASES) as BaseName[];
  return Object.fromEntries(bases.map((base) => [base, `${root}${baseOnOrigin(base)}`])) as Targets;
}

export const PROVIDE_KEY = 'conformanceRunConfig';
