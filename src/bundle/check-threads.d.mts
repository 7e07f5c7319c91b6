import type { Worker } from 'node:worker_threads';

export const CHECK_THREADS_AT_MOST: number;
export const CHECK_THREAD_RESOURCE_LIMITS: Readonly<{ maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number }>;
/** A checks' thread started with `data` in its workerData; what it prints is read by the run (stdout, stderr). */
export function newCheckThread(url: URL | string, data: unknown): Worker;
/** Starts the checks' threads of the bundle at `url` now, each waiting for its run (`{ type: 'start', data }`). */
export function startCheckThreadsEarly(url: URL | string): void;
/** Up to `count` threads started early for the bundle at `url` that are still up; the others are ended. */
export function takeCheckThreadsStartedEarly(url: URL | string, count: number): Worker[];
/** Ends the threads started early that no run took. */
export function endCheckThreadsStartedEarly(): void;
