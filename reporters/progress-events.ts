/**
 * What the conformance reporter tells whoever shows the run while it goes: each test (one operation on one
 * network, or once for the global section) as it ends, and each network once all its tests have ended.
 */
import type { CheckResult, Counts } from '../src/report/model.js';

export interface TestFinished {
  readonly operation: string;
  /** Null for the global section. */
  readonly network: string | null;
  readonly results: readonly CheckResult[];
  readonly durationMs: number;
  /** Tests ended so far, and how many the run has. */
  readonly testsDone: number;
  readonly testsTotal: number;
}

export interface NetworkFinished {
  readonly network: string;
  readonly counts: Counts;
  /** A MUST check failed or errored on it. */
  readonly failing: boolean;
  /** Networks complete so far, and how many the run has. */
  readonly networksDone: number;
  readonly networksTotal: number;
}

export interface ProgressListener {
  testFinished(event: TestFinished): void;
  networkFinished(event: NetworkFinished): void;
  /** A line the spec workers printed (with --verbose: one per request sent). */
  workerLine?(line: string): void;
}
