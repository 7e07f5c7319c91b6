import { describe, expect, it } from 'vitest';
import { Limiter } from '../../src/transport/limiter.js';

describe('Limiter', () => {
  it('never lets more than its limit run at once, and serves waiters first come, first served', async () => {
    const limiter = new Limiter(3);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const release: (() => void)[] = [];
    const tasks = Array.from({ length: 10 }, (_, i) =>
      limiter.run(async () => {
        started.push(i);
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running -= 1;
        return i;
      }),
    );
    for (let served = 0; served < 10; served += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(limiter.load.active).toBeLessThanOrEqual(3);
      release.shift()!();
    }
    expect(await Promise.all(tasks)).toEqual([...Array(10).keys()]);
    expect(peak).toBe(3);
    expect(started).toEqual([...Array(10).keys()]);
    expect(limiter.load).toEqual({ active: 0, waiting: 0 });
  });

  it('gives a freed slot to the waiter of lowest rank, first come first served among equals', async () => {
    const limiter = new Limiter(1);
    const served: string[] = [];
    let releaseHolder!: () => void;
    const holder = limiter.run(() => new Promise<void>((resolve) => (releaseHolder = resolve)));
    const waiters = (
      [
        ['late unit, first', 5],
        ['early unit', 1],
        ['late unit, second', 5],
        ['earliest unit', 0],
      ] as const
    ).map(([name, rank]) => limiter.run(async () => void served.push(name), rank));
    expect(limiter.load).toEqual({ active: 1, waiting: 4 });
    await new Promise((resolve) => setImmediate(resolve));
    releaseHolder();
    await Promise.all([holder, ...waiters]);
    expect(served).toEqual(['earliest unit', 'early unit', 'late unit, first', 'late unit, second']);
    expect(limiter.load).toEqual({ active: 0, waiting: 0 });
  });

  it('reads a rank given as a function when the waiter arrives, and again for every waiter on reorder', async () => {
    const limiter = new Limiter(1);
    const served: string[] = [];
    let releaseHolder!: () => void;
    const holder = limiter.run(() => new Promise<void>((resolve) => (releaseHolder = resolve)));
    // Ranked first by start (a before b before c), then by what each has left (c has the most).
    const left: Record<string, number> = { a: 1, b: 5, c: 9 };
    let byWhatIsLeft = false;
    const waiters = (['a', 'b', 'c'] as const).map((name, start) =>
      limiter.run(
        async () => void served.push(name),
        () => (byWhatIsLeft ? -left[name]! : start),
      ),
    );
    byWhatIsLeft = true;
    limiter.reorder();
    await new Promise((resolve) => setImmediate(resolve));
    releaseHolder();
    await Promise.all([holder, ...waiters]);
    expect(served).toEqual(['c', 'b', 'a']);
  });

  it('keeps its heap in order when reordered with many waiters', async () => {
    const limiter = new Limiter(1);
    const served: number[] = [];
    let releaseHolder!: () => void;
    const holder = limiter.run(() => new Promise<void>((resolve) => (releaseHolder = resolve)));
    let flip = false;
    const waiters = Array.from({ length: 50 }, (_, i) =>
      limiter.run(
        async () => void served.push(i),
        () => (flip ? (i * 37) % 50 : i),
      ),
    );
    flip = true;
    limiter.reorder();
    await new Promise((resolve) => setImmediate(resolve));
    releaseHolder();
    await Promise.all([holder, ...waiters]);
    expect(served.map((i) => (i * 37) % 50)).toEqual([...Array(50).keys()]);
  });

  it('frees the slot of a task that throws', async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(() => Promise.resolve('next'))).toBe('next');
  });

  it('refuses a limit below one', () => {
    expect(() => new Limiter(0)).toThrow(RangeError);
  });
});
