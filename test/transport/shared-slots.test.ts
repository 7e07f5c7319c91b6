import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Limiter } from '../../src/transport/limiter.js';
import { SharedSlots } from '../../src/transport/shared-slots.js';

/**
 * The limiters of `threads` threads sharing `total` slots, each with an even share (each its own view, as a
 * thread has); `atTheEnd`: each has started its last unit, and borrows.
 */
function threadsSharing(total: number, threads: number, atTheEnd = true): Limiter[] {
  const slots = SharedSlots.forRun(total);
  return Array.from({ length: threads }, () => {
    const view = SharedSlots.join(slots.buffer);
    if (atTheEnd) view.borrowFromNowOn();
    return new Limiter(Math.floor(total / threads), view);
  });
}

/** A task that holds its slot until released by hand, counting how many hold one at once across every limiter. */
function heldTasks() {
  const state = { running: 0, peak: 0, release: [] as (() => void)[] };
  const task = (): Promise<void> => {
    state.running += 1;
    state.peak = Math.max(state.peak, state.running);
    return new Promise<void>((resolve) => state.release.push(resolve)).then(() => void (state.running -= 1));
  };
  return { state, task };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Releases the held tasks, one of each at a time, until none is held: a waiter served on a release adds its own. */
async function releaseAll(...held: ReturnType<typeof heldTasks>[]): Promise<void> {
  while (held.some(({ state }) => state.release.length > 0)) {
    for (const { state } of held) state.release.shift()?.();
    await turn();
    await turn();
  }
}

describe('SharedSlots: the run-wide limit shared by its threads', () => {
  it('keeps a thread to its share before it has started its last unit, though the other sends nothing', async () => {
    const [first, other] = threadsSharing(4, 2, false);
    const held = heldTasks();
    const { state, task } = held;
    const tasks = Array.from({ length: 6 }, () => first!.run(task));
    await turn();
    expect(first!.load).toEqual({ active: 2, waiting: 4 });
    expect(other!.load).toEqual({ active: 0, waiting: 0 });
    first!.shared!.borrowFromNowOn();
    // From its next freed slot on, it takes what the other leaves unused.
    state.release.shift()!();
    await turn();
    expect(first!.load).toEqual({ active: 4, waiting: 1 });
    await releaseAll(held);
    await Promise.all(tasks);
    expect(state.peak).toBe(4);
  });

  it('lets a thread borrow the share of a thread with nothing to send, never past the total', async () => {
    const [busy, idle] = threadsSharing(4, 2);
    const held = heldTasks();
    const { state, task } = held;
    const tasks = Array.from({ length: 6 }, () => busy!.run(task));
    await turn();
    expect(busy!.load).toEqual({ active: 4, waiting: 2 });
    expect(idle!.load).toEqual({ active: 0, waiting: 0 });
    await releaseAll(held);
    await Promise.all(tasks);
    expect(state.peak).toBe(4);
    expect(busy!.load).toEqual({ active: 0, waiting: 0 });
    expect(busy!.shared!.inFlight).toBe(0);
  });

  it('gives a borrowed slot back as it frees it once the other thread waits, and that thread is woken for it', async () => {
    const [lender, owed] = threadsSharing(4, 2);
    const lenderTasks = heldTasks();
    const owedTasks = heldTasks();
    const lent = Array.from({ length: 6 }, () => lender!.run(lenderTasks.task));
    await turn();
    expect(lender!.load.active).toBe(4);
    // The other thread has nothing in flight: no answer of its own will come to wake it.
    const own = Array.from({ length: 2 }, () => owed!.run(owedTasks.task));
    await turn();
    expect(owed!.load).toEqual({ active: 0, waiting: 2 });
    lenderTasks.state.release.shift()!();
    await turn();
    await turn();
    // The freed slot went back to the thread below its share, not to the lender's own waiter.
    expect(owed!.load).toEqual({ active: 1, waiting: 1 });
    expect(lender!.load).toEqual({ active: 3, waiting: 2 });
    lenderTasks.state.release.shift()!();
    await turn();
    await turn();
    expect(owed!.load).toEqual({ active: 2, waiting: 0 });
    // At its share, the lender passes what it frees to its own waiters.
    lenderTasks.state.release.shift()!();
    await turn();
    expect(lender!.load).toEqual({ active: 2, waiting: 1 });
    await releaseAll(lenderTasks, owedTasks);
    await Promise.all([...lent, ...own]);
    expect(lender!.shared!.inFlight).toBe(0);
  });

  it('made closed, gives no slot to any thread until opened, then wakes the threads waiting', async () => {
    const slots = SharedSlots.forRun(4, 4, { closed: true });
    const limiters = [0, 1].map(() => new Limiter(2, SharedSlots.join(slots.buffer)));
    const held = heldTasks();
    const tasks = limiters.flatMap((limiter) => [limiter.run(held.task), limiter.run(held.task), limiter.run(held.task)]);
    await turn();
    expect(held.state.running).toBe(0);
    expect(limiters.map((limiter) => limiter.load)).toEqual([
      { active: 0, waiting: 3 },
      { active: 0, waiting: 3 },
    ]);
    slots.open();
    await turn();
    await turn();
    // Each thread takes its share at once; what is left waits for a freed slot, as in a run open from its start.
    expect(held.state.running).toBe(4);
    expect(slots.inFlight).toBe(4);
    await releaseAll(held);
    await Promise.all(tasks);
    expect(held.state.peak).toBe(4);
    expect(slots.inFlight).toBe(0);
  });

  it('never has more in flight than the total, and runs every task, however the threads send and free', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.record({ thread: fc.nat(2), holdsFor: fc.integer({ min: 0, max: 3 }), arrivesAt: fc.nat(6) }), { maxLength: 40 }),
        async (threads, perThread, tasks) => {
          const total = threads * perThread;
          const limiters = threadsSharing(total, threads);
          let running = 0;
          let peak = 0;
          let done = 0;
          const all = tasks.map(async ({ thread, holdsFor, arrivesAt }) => {
            for (let i = 0; i < arrivesAt; i += 1) await turn();
            await limiters[thread % threads]!.run(async () => {
              running += 1;
              peak = Math.max(peak, running);
              for (let i = 0; i < holdsFor; i += 1) await turn();
              running -= 1;
              done += 1;
            });
          });
          await Promise.all(all);
          expect(peak).toBeLessThanOrEqual(total);
          expect(done).toBe(tasks.length);
          expect(limiters[0]!.shared!.inFlight).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
