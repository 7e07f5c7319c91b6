/**
 * The window of requests in flight, driven by made-up answer times: it grows while answers stay far within the
 * deadline, whatever the fastest round was, and is cut in proportion once they take more than its part.
 */
import { describe, expect, it } from 'vitest';
import { DEADLINE_PART, LEAST_WINDOW, LoadWindow, OwnWindow, START_WINDOW, startingWindow } from '../../src/transport/load-window.js';

const DEADLINE_MS = 10_000;

function windowUnder(limit: number) {
  let now = 0;
  const moves: number[] = [];
  const cell = new OwnWindow(startingWindow(limit));
  const window = new LoadWindow(limit, cell, (w) => moves.push(w), { clock: () => now });
  /** One round: as many answers as the window, each taking `answerMs`, all sent after it last moved. */
  const round = (answerMs: number): number => {
    now += 1;
    const sentAt = now;
    for (let i = 0, n = Math.max(LEAST_WINDOW, window.window); i < n; i += 1) window.answered(sentAt, answerMs, DEADLINE_MS);
    return window.window;
  };
  return { window, round, moves };
}

describe('the window of requests in flight', () => {
  it('starts below the limit and grows by as much as the answers leave room for within the deadline part, 2 to 4 times a round', () => {
    const slowed = DEADLINE_MS * DEADLINE_PART;
    // Far within the part: quadrupled.
    const far = windowUnder(1024);
    expect(far.window.window).toBe(START_WINDOW);
    expect(far.round(5)).toBe(4 * START_WINDOW);
    expect(far.round(5)).toBe(16 * START_WINDOW);
    expect(far.round(5)).toBe(1024);
    expect(far.round(5)).toBe(1024);
    // Three times within it: tripled. Twice: doubled.
    expect(windowUnder(1024).round(slowed / 3)).toBe(3 * START_WINDOW);
    expect(windowUnder(1024).round(slowed / 2)).toBe(2 * START_WINDOW);
    // Less than twice within it: slow start ends, an eighth at a time from then on.
    const near = windowUnder(1024);
    expect(near.round(slowed / 1.5)).toBe(START_WINDOW + START_WINDOW / 8);
    expect(near.round(5)).toBe(36 + 4);
  });

  it('is not cut for answers slower than the fastest round but far within the deadline (queueing, not danger)', () => {
    const { round } = windowUnder(128);
    round(3);
    round(3);
    expect(round(300)).toBe(128);
    expect(round(900)).toBe(128);
  });

  it('is cut in proportion once answers take more than its part of the deadline, and grows again by an eighth', () => {
    const { round } = windowUnder(128);
    round(5);
    round(5);
    const slowed = DEADLINE_MS * DEADLINE_PART;
    // Answers at 4/3 of the part: cut to 3/4.
    expect(round((slowed * 4) / 3)).toBe(96);
    // Far slower: at most halved in one round, never below the least window.
    expect(round(slowed * 10)).toBe(48);
    for (let i = 0; i < 10; i += 1) round(DEADLINE_MS);
    expect(round(DEADLINE_MS)).toBe(LEAST_WINDOW);
    // Within the part again: no more doubling (slow start is over), an eighth at a time (at least one).
    expect(round(slowed / 2)).toBe(LEAST_WINDOW + 1);
  });

  it('counts to a round only requests sent after the window last moved', () => {
    const { window, round } = windowUnder(128);
    round(5);
    const before = window.window;
    // Answers of requests sent before the move say nothing of the new window.
    for (let i = 0; i < 500; i += 1) window.answered(0, DEADLINE_MS, DEADLINE_MS);
    expect(window.window).toBe(before);
  });

  it('shares one window between threads: a move by one is kept by the other from its next answer, rounds counted on each part', () => {
    let now = 0;
    // Answers at half the deadline's part: each round doubles the window.
    const doubling = (DEADLINE_MS * DEADLINE_PART) / 2;
    const cell = new OwnWindow(startingWindow(128));
    const kept = { a: 0, b: 0 };
    const a = new LoadWindow(128, cell, (w) => (kept.a = w), { clock: () => now, part: 1 / 2 });
    const b = new LoadWindow(128, cell, (w) => (kept.b = w), { clock: () => now, part: 1 / 2 });
    expect(kept).toEqual({ a: START_WINDOW, b: START_WINDOW });
    now += 1;
    // Half the window's answers, seen by one thread, make its round: the window doubles for both.
    for (let i = 0; i < START_WINDOW / 2; i += 1) a.answered(now, doubling, DEADLINE_MS);
    expect(cell.window).toBe(2 * START_WINDOW);
    expect(kept.a).toBe(2 * START_WINDOW);
    expect(kept.b).toBe(START_WINDOW);
    now += 1;
    b.answered(now, doubling, DEADLINE_MS);
    expect(kept.b).toBe(2 * START_WINDOW);
    // That answer measured the old window: b's round starts after it.
    for (let i = 0; i < START_WINDOW - 1; i += 1) b.answered(now, doubling, DEADLINE_MS);
    expect(cell.window).toBe(2 * START_WINDOW);
    b.answered(now + 1, doubling, DEADLINE_MS);
    expect(cell.window).toBe(4 * START_WINDOW);
  });

  it('joins a window another thread already moved rather than starting it over', () => {
    const cell = new OwnWindow(startingWindow(128));
    cell.setWindow(96);
    let kept = 0;
    const late = new LoadWindow(128, cell, (w) => (kept = w));
    expect(late.window).toBe(96);
    expect(kept).toBe(96);
  });
});
