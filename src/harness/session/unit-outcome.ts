/** What the sessions of one unit found, added up for the run's collector. */
import type { RunConfig } from '../../config/run-config.js';
import type { CheckResult } from '../../report/model.js';
import type { WriteTally } from '../safe-writes.js';
import { sessionEnded } from '../schedule.js';
import type { UnitOutcome } from '../suites.js';

/** What the unit's outcome reads of a session. */
export interface SessionTally {
  readonly config: RunConfig;
  readonly kind: string;
  readonly requests: number;
  readonly results: readonly CheckResult[];
  readonly personal: ReadonlySet<string>;
  readonly keyAnswers: { readonly refused: number; readonly accepted: number };
  readonly throttling: { readonly times: number; readonly waitedMs: number };
  readonly audiences: { tally(): WriteTally };
}

export function unitOutcomeOf(sessions: readonly SessionTally[]): UnitOutcome {
  for (const session of sessions) sessionEnded(session.config, session.kind, session.requests);
  const tallies = sessions.map((s) => s.audiences.tally());
  const sum = (of: (s: SessionTally) => number): number => sessions.reduce((n, s) => n + of(s), 0);
  const throttling = { times: sum((s) => s.throttling.times), waitedMs: sum((s) => s.throttling.waitedMs) };
  return {
    results: sessions.flatMap((s) => s.results),
    personal: sessions.flatMap((s) => [...s.personal]),
    keyAnswers: { refused: sum((s) => s.keyAnswers.refused), accepted: sum((s) => s.keyAnswers.accepted) },
    sent: sum((s) => s.requests),
    writes: {
      created: tallies.reduce((n, t) => n + t.created, 0),
      removals: tallies.reduce((n, t) => n + t.removals, 0),
      audienceIds: tallies.flatMap((t) => t.audienceIds),
    },
    ...(throttling.times > 0 || throttling.waitedMs > 0 ? { throttling } : {}),
  };
}
