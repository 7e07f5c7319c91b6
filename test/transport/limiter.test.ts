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

  it('frees the slot of a task that throws', async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(() => Promise.resolve('next'))).toBe('next');
  });

  it('refuses a limit below one', () => {
    expect(() => new Limiter(0)).toThrow(RangeError);
  });
});
