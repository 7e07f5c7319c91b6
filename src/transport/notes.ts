/**
 * What the transport met that the run's report must say, though no check was left errored by it: a target
 * whose throttling never let up (its answers then judged as they came), answers nobody asked for, requests in
 * flight cut back as answers slowed. Kept per process (each checks' thread), and taken by the unit that ends
 * next: the report adds up what every unit brought.
 */

export interface TransportNotes {
  /** Throttling answers judged as they came, past the throttling budget, by origin. */
  readonly throttledWithoutEnd?: Readonly<Record<string, number>>;
  /** Answers found suspect because unasked-for bytes followed them on their connection, by origin. */
  readonly strayAnswers?: Readonly<Record<string, number>>;
  /** Requests in flight: the run's limit, and the fewest the run cut them to as answers slowed. */
  readonly slowedDown?: { readonly from: number; readonly to: number };
}

let throttledWithoutEnd: Record<string, number> = {};
let strayAnswers: Record<string, number> = {};
let slowedDown: { from: number; to: number } | undefined;

export function noteThrottledWithoutEnd(url: string): void {
  const origin = originOf(url);
  throttledWithoutEnd[origin] = (throttledWithoutEnd[origin] ?? 0) + 1;
}

export function noteStrayAnswer(url: string): void {
  const origin = originOf(url);
  strayAnswers[origin] = (strayAnswers[origin] ?? 0) + 1;
}

export function noteSlowedDown(from: number, to: number): void {
  slowedDown = { from: Math.max(from, slowedDown?.from ?? 0), to: Math.min(to, slowedDown?.to ?? Infinity) };
}

/** The notes since the last call (undefined when there are none), to go with the unit that ends now. */
export function takeTransportNotes(): TransportNotes | undefined {
  const notes: TransportNotes = {
    ...(Object.keys(throttledWithoutEnd).length > 0 ? { throttledWithoutEnd } : {}),
    ...(Object.keys(strayAnswers).length > 0 ? { strayAnswers } : {}),
    ...(slowedDown ? { slowedDown } : {}),
  };
  throttledWithoutEnd = {};
  strayAnswers = {};
  slowedDown = undefined;
  return Object.keys(notes).length > 0 ? notes : undefined;
}

/** The notes of several units together. */
export function mergedNotes(all: readonly (TransportNotes | undefined)[]): TransportNotes | undefined {
  const sum = (field: 'throttledWithoutEnd' | 'strayAnswers'): Record<string, number> => {
    const total: Record<string, number> = {};
    for (const notes of all) for (const [origin, n] of Object.entries(notes?.[field] ?? {})) total[origin] = (total[origin] ?? 0) + n;
    return total;
  };
  const throttled = sum('throttledWithoutEnd');
  const stray = sum('strayAnswers');
  const slowed = all.flatMap((notes) => (notes?.slowedDown ? [notes.slowedDown] : []));
  const merged: TransportNotes = {
    ...(Object.keys(throttled).length > 0 ? { throttledWithoutEnd: throttled } : {}),
    ...(Object.keys(stray).length > 0 ? { strayAnswers: stray } : {}),
    ...(slowed.length > 0
      ? { slowedDown: { from: Math.max(...slowed.map((s) => s.from)), to: Math.min(...slowed.map((s) => s.to)) } }
      : {}),
  };
  return Object.keys(merged).length > 0 ? merged : undefined;
}

function originOf(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? url;
}
