import { describe, expect, it } from 'vitest';
import { madeOnce } from '../src/made-once.js';

describe('madeOnce', () => {
  it('makes a value the first time a key is asked for and hands back the same one after', () => {
    const map = new Map<string, object>();
    let made = 0;
    const make = () => ({ n: ++made });
    const first = madeOnce(map, 'a', make);
    expect(madeOnce(map, 'a', make)).toBe(first);
    expect(madeOnce(map, 'b', make)).not.toBe(first);
    expect(made).toBe(2);
  });

  it('works over a weak map keyed by objects', () => {
    const map = new WeakMap<object, number[]>();
    const key = {};
    madeOnce(map, key, () => []).push(1);
    expect(madeOnce(map, key, () => [])).toEqual([1]);
  });
});
